# Source: https://github.com/hudsonchen/conditional_bayesian_quadrature/blob/9cf901971b9c6f25f4b99401ebbdb73555fcacf5/baselines.py
# Title: baselines.py (baselines for conditional Bayesian quadrature: importance sampling)
# Cut: kept the plain importance_sampling baseline (its only call site in bayes_sensitivity.py is commented out; the vmapped variants further down the file are used instead); other baselines dropped.
import jax
import jax.numpy as jnp


def importance_sampling(log_px_theta_fn, Theta_test, Theta, X, f_X):
    """
    Importance Sampling, this function is for general use, not being vectorized.

    Args:
        log_px_theta_fn (function): log p(x|theta)
        Theta: shape (T, D)
        X: shape (T, N, D)
        f_X: shape (T, N)
        Theta_test: shape (T_test, D)

    Returns:
        IS_mean: shape (T_test, )
        IS_std: shape (T_test, )
    """
    T, N, D = X.shape
    IS_list = []
    for j in range(len(Theta_test)):
        theta_test = Theta_test[j]
        dummy_list = []
        for i in range(T):
            theta = Theta[i]
            Xi = X[i, :]
            f_X_i = f_X[i, :]
            log_py_theta_i = log_px_theta_fn(X=Xi, theta=theta)
            log_py_theta_test = log_px_theta_fn(X=Xi, theta=theta_test)
            weight = jnp.exp(log_py_theta_test - log_py_theta_i)
            dummy_list.append((weight * f_X_i).sum())
        IS_list.append(jnp.array(dummy_list).mean())
    IS_mean = jnp.array(IS_list)
    return IS_mean, 0 * IS_mean


