# Source: https://github.com/kc-111/BayesianJaxModels/blob/d375a742f420fe01aac6f01795d68264e97b0e95/src/BayesianJaxModels/utils.py
# Title: src/BayesianJaxModels/utils.py (freeze/unfreeze, sampling, entropy, parameter counting)
# Cut: kept the two closed-form entropy helpers used in ELBO losses; the rest dropped.
import jax
import jax.numpy as jnp

from .module import Module
from .parameter import GaussianParameter, LaplacianParameter


def gaussian_entropy(model: Module) -> jax.Array:
    """Compute sum(log_sigma) over all Gaussian parameters.

    This is the variable part of the Gaussian entropy
    ``H(q) = 0.5 * d * (1 + log(2*pi)) + sum(log(sigma))``.
    Because sigma = exp(log_sigma), the log cancels the exp and the
    result is simply the sum of the stored ``log_sigma`` values.

    Args:
        model: The model to compute entropy for.

    Returns:
        Scalar sum of log_sigma across all Gaussian parameters.
    """
    params = model.get_parameters()
    total = jnp.array(0.0)
    for p in params.values():
        if isinstance(p, GaussianParameter):
            total = total + jnp.sum(p.log_sigma)
    return total


def laplacian_entropy(model: Module) -> jax.Array:
    """Compute sum(log_scale) over all Laplacian parameters.

    This is the variable part of the Laplace entropy
    ``H(q) = d * (1 + log(2)) + sum(log(b))``.
    Because scale = exp(log_scale), the result is simply the sum of
    the stored ``log_scale`` values.

    Args:
        model: The model to compute entropy for.

    Returns:
        Scalar sum of log_scale across all Laplacian parameters.
    """
    params = model.get_parameters()
    total = jnp.array(0.0)
    for p in params.values():
        if isinstance(p, LaplacianParameter):
            total = total + jnp.sum(p.log_scale)
    return total
