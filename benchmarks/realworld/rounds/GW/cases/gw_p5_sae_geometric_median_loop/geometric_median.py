# Source: https://github.com/neverix/saex/blob/4a0371670940cc9df92b8ab3e97b2e48e3d9d0a2/saex/geometric_median.py
# Title: saex/geometric_median.py ("Training runs?..")
# Cut: whole file; unused `warnings` import dropped.
# cribbed from https://github.com/jbloomAus/SAELens/blob/main/sae_lens/training/geometric_median.py
import jax.numpy as jnp


def weighted_average(points, weights):
    return jnp.sum(points * weights[:, None], axis=0) / jnp.sum(weights)


def geometric_median_objective(
    median, points, weights
):
    norms = jnp.linalg.norm(points - median[None, :], axis=-1)
    return jnp.sum(weights * norms)


def geometric_median(points,
                     eps=1e-6,
                     maxiter=100,
                     ftol=1e-20):
    weights = jnp.ones(points.shape[0])
    median = weighted_average(points, weights)
    for _ in range(maxiter):
        norms = jnp.linalg.norm(points - median[None, :], axis=-1)
        new_weights = weights / jnp.maximum(norms, eps)
        median = weighted_average(points, new_weights)

    return median
