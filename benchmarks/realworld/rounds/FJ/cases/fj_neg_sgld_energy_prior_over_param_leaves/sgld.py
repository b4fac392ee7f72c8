# Source: https://github.com/cs-giung/bdlx/blob/096b44a0484e2da5ce8a6fa0a6157e1a38bc2f09/bdlx/sgmcmc/sgld.py
# Title: bdlx/sgmcmc/sgld.py (Bayesian Learning via Stochastic Gradient Langevin Dynamics)
# Cut: docstring shortened; code unchanged.
from typing import Any, Callable, NamedTuple, Optional, Tuple

import jax
import jax.numpy as jnp
from bdlx.tree_util import randn_like
from bdlx.typing import PRNGKey, Pytree


Param = Pytree
Batch = Pytree


class SGLDState(NamedTuple):
    """State including position."""
    step: int
    rng_key: PRNGKey
    position: Pytree


def step(  # pylint: disable=too-many-arguments,too-many-locals
        state: SGLDState,
        batch: Batch,
        energy_fn: Callable[[Param, Batch], Any],
        step_size: float,
        temperature: float = 1.0,
        has_aux: bool = False,
        axis_name: Optional[str] = None,
        grad_mask: Optional[Callable[[Param], Param]] = None,
        ) -> Tuple[Any, SGLDState]:
    """Updates state."""
    aux, gradient = jax.value_and_grad(
        energy_fn, argnums=0, has_aux=has_aux)(state.position, batch)
    if axis_name is not None:
        gradient = jax.lax.pmean(gradient, axis_name)
    if grad_mask is not None:
        gradient = grad_mask(gradient)

    noise = randn_like(state.rng_key, state.position)
    position = jax.tree_util.tree_map(
        lambda p, g, n:
            p - g * step_size + n * jnp.sqrt(2. * step_size * temperature),
        state.position, gradient, noise)

    return aux, SGLDState(
        step=state.step+1, rng_key=jax.random.split(state.rng_key)[0],
        position=position)
