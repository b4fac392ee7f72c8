# Source: https://github.com/kc-111/BayesianJaxModels/blob/d375a742f420fe01aac6f01795d68264e97b0e95/tests/test_bayesian_vi_mcmc.py
# Title: tests/test_bayesian_vi_mcmc.py (VI vs analytical posterior on Bayesian linear regression)
# Cut: kept elbo_loss and the jitted value_and_grad step of the first test; fixtures and asserts dropped.
import jax
import jax.numpy as jnp
import optax
from jax import random

from BayesianJaxModels import BayesianLinear, GaussianParameter, freeze_stdvs, unfreeze_all
from BayesianJaxModels.utils import gaussian_entropy


def elbo_loss(dynamic, static, X, y, beta, alpha, key):
    """Negative ELBO = -E_q[log p(y|w,X)] - E_q[log p(w)] + E_q[log q(w)].

    For Gaussian q and Gaussian prior/likelihood, we use the reparameterisation
    trick and entropy in closed form.
    """
    model = unfreeze_all(dynamic, static)

    # Sample weights
    y_pred = model(X, key=key, sample=True).squeeze(-1)

    # Log-likelihood: -0.5 * beta * ||y - y_pred||^2  (up to constants)
    log_lik = -0.5 * beta * jnp.sum((y - y_pred) ** 2)

    # Log-prior: -0.5 * alpha * ||w||^2
    W_sample = model.W.sample(key)
    log_prior = -0.5 * alpha * jnp.sum(W_sample ** 2)

    # Entropy of q (Gaussian)
    entropy = gaussian_entropy(model)

    # ELBO = log_lik + log_prior + entropy
    return -(log_lik + log_prior + entropy)


def fit(X, y, alpha, beta):
    model = BayesianLinear(
        3, 1, use_bias=False, bayesian=True, param_type=GaussianParameter,
        init_log_sigma=-3.0, key=random.key(0)
    )
    dynamic, static = freeze_stdvs(model)
    optimizer = optax.adam(1e-2)
    opt_state = optimizer.init(dynamic)

    @jax.jit
    def map_step(dynamic, opt_state, key):
        loss, grads = jax.value_and_grad(elbo_loss)(
            dynamic, static, X, y, beta, alpha, key
        )
        updates, opt_state = optimizer.update(grads, opt_state, dynamic)
        dynamic = optax.apply_updates(dynamic, updates)
        return dynamic, opt_state, loss

    key = random.key(1)
    for i in range(2000):
        key, subkey = random.split(key)
        dynamic, opt_state, loss = map_step(dynamic, opt_state, subkey)
    return unfreeze_all(dynamic, static)
