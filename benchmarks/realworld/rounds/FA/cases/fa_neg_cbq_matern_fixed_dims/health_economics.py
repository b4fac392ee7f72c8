# Source: https://github.com/hudsonchen/conditional_bayesian_quadrature/blob/9cf901971b9c6f25f4b99401ebbdb73555fcacf5/health_economics.py
# Title: health_economics.py (conditional Bayesian quadrature, health-economics model)
# Cut: kept Bayesian_Monte_Carlo_Matern and its vmapped wrapper; kernels (my_Matern, kme_Matern_Gaussian, jitted, from kernels.py) are imported; the model has 9 input dimensions (l_array of length 9).
import jax
import jax.numpy as jnp

from kernels import my_Matern, kme_Matern_Gaussian


def Bayesian_Monte_Carlo_Matern_vectorized(rng_key, U, X, fX):
    """
    Vectorized over Theta.
        U: shape (T, N, D)
        X: shape (T, N, D)
        f_X: shape (T, N)
    """
    scale = 1000
    fX_standardized = fX / scale
    vmap_func = jax.vmap(Bayesian_Monte_Carlo_Matern, in_axes=(None, 0, 0, 0))
    I_BQ_mean, I_BQ_std = vmap_func(rng_key, U, X, fX_standardized)
    return I_BQ_mean * scale, I_BQ_std


def Bayesian_Monte_Carlo_Matern(rng_key, u, x, fx):
    """
    First stage of CBQ, computes the posterior mean and variance of the integral for a single instance of theta.
        u: shape (N, D)
        x: shape (N, D)
        fx: shape (N, )
    """
    N, D = x.shape[0], x.shape[1]
    eps = 1e-6

    K_no_scale = jnp.zeros([N, N])
    phi_no_scale = jnp.zeros([N, 1])

    l_array = jnp.array([1.0] * 9)
    for i in range(D):
        l = l_array[i]
        u_i = u[:, i][:, None]
        K_no_scale += my_Matern(u_i, u_i, l)
        phi_no_scale += kme_Matern_Gaussian(l, u_i)

    A = fx.T @ K_no_scale @ fx / N
    K = A * K_no_scale
    phi = A * phi_no_scale

    K_inv = jnp.linalg.inv(K + eps * jnp.eye(N))
    varphi = phi.mean()

    CBQ_mean = phi.T @ K_inv @ fx
    CBQ_std = jnp.sqrt(jnp.abs(varphi - phi.T @ K_inv @ phi))

    CBQ_mean = CBQ_mean.squeeze()
    CBQ_std = CBQ_std.squeeze()
    return CBQ_mean, CBQ_std
