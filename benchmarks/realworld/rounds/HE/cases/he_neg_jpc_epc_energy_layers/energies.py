# Source: https://github.com/thebuckleylab/jpc/blob/7d6cc05742d28b543311e6c4d4ca140ba996f8b5/jpc/_core/_energies.py
# Title: jpc/_core/_energies.py (epc_energy_fn, error-reparameterised predictive-coding energy)
# Cut: kept the module imports and epc_energy_fn with its docstring shortened; the other energies and
#      _get_param_scalings (same module) are dropped. `sum` here is jax.numpy.sum (imported at the top).
"""Energy functions for PC networks."""

from jax import vmap
from jax.lax import stop_gradient
from jax.numpy import sum, array, eye, sqrt
import jax.numpy as jnp
from jax.nn import log_softmax
from jaxtyping import PyTree, ArrayLike, Scalar, Array
from typing import Tuple, Callable, Optional
from ._errors import _check_param_type


def epc_energy_fn(
    params: Tuple[PyTree[Callable], Optional[PyTree[Callable]]],
    errors: PyTree[ArrayLike],
    y: ArrayLike,
    *,
    x: Optional[ArrayLike] = None,
    loss: str = "mse",
    param_type: str = "sp"
) -> Scalar | Array:
    r"""Computes the error-reparameterised PC (ePC) energy for a neural network."""
    _check_param_type(param_type)

    model, skip_model = params
    batch_size = y.shape[0]
    n_hidden = len(model) - 1

    if skip_model is None:
        skip_model = [None] * len(model)

    scalings = _get_param_scalings(
        model=model, 
        input=x if x is not None else errors[0], 
        skip_model=skip_model, 
        param_type=param_type
    )

    if x is not None:
        current_activity = x
        error_idx = 0
    else:
        current_activity = errors[0]
        error_idx = 1

    for net_l in range(n_hidden):
        z_l = scalings[net_l] * vmap(model[net_l])(current_activity) + errors[error_idx]
        if skip_model[net_l] is not None:
            z_l += vmap(skip_model[net_l])(current_activity)
        
        current_activity = z_l
        error_idx += 1

    zL = scalings[-1] * vmap(model[-1])(current_activity) - errors[error_idx]

    total_energy = 0.0
    for err_idx in range(n_hidden):
        total_energy += 0.5 * sum(errors[err_idx] ** 2)

    if loss == "mse":
        total_energy += 0.5 * sum((y - zL) ** 2)
    elif loss == "ce":
        total_energy += - sum(y * log_softmax(zL))

    return total_energy / batch_size

