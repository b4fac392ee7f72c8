# Source: https://github.com/smsharma/minified-generative-models/blob/3354e368f83f81694bb833ba4492fa4f93ae18b5/08_discrete_walk_jump_sampling.ipynb
# Title: 08_discrete_walk_jump_sampling.ipynb -- Langevin sampler (code cell 7)
# Cut: only the sampler cell; imports from cell 2.
from typing import Callable
import functools

import jax
import chex
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnames=("grad_log_prob_fn", "num_steps"))
def langevin_sample(grad_log_prob_fn: Callable[[chex.Array], float], init: chex.Array, delta: float, rng: chex.PRNGKey, num_steps: int):
    """Langevin sampling from a given log probability function."""

    def one_step_langevin(y_t: chex.Array, rng: chex.PRNGKey):
        eps = jax.random.normal(rng, y_t.shape)
        y_next = y_t + delta * grad_log_prob_fn(y_t) + jnp.sqrt(2 * delta) * eps
        return y_next, y_next

    sampling_rngs = jax.random.split(rng, num_steps)
    _, samples = jax.lax.scan(one_step_langevin, init, xs=sampling_rngs, length=len(sampling_rngs))
    return samples
