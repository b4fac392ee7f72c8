# Source: https://github.com/Archibald-Lafraik/pipps/blob/9a480e6c1229e9de241d8f60436ce89ddf83bc3e/model_based_rl/rbf.py
# Title: model_based_rl/rbf.py (RBF transition model for PILCO-style model-based RL)
# Cut: whole file except rbf_policy/multidim_basis.
import jax.numpy as jnp
from jax import jit, vmap


@jit
def get_basis(x, u, sigma):
    return jnp.exp(-((x - u) / (2 * sigma)) ** 2)


@jit
def rbf_out(x, theta):
    bases_func = vmap(get_basis, (None, 0, 0))
    bases = bases_func(x, theta[:, 1], theta[:, 2]) * theta[:, 0]
    return jnp.sum(bases)


def get_loss(xs, ys, theta):
    l = 0
    for idx, x in enumerate(xs):
        x = xs[idx]
        pred = rbf_out(x, theta)
        l += (ys[idx] - pred) ** 2

    return l
