# Source: https://github.com/cjim8889/ebm-training/blob/db5e5ac8c50f0f58dbdd031a3466507aaabfe962/utils/distributions.py
# Title: utils/distributions.py and utils/integration.py (exact and Hutchinson divergence for CNF log-probabilities)
# Cut: kept divergence_velocity(_with_shortcut), hutchinson_divergence_velocity and
#      generate_samples_with_log_prob (integration.py) that scans over time with the vmapped divergence.
from typing import Callable, Optional, Tuple

import chex
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def divergence_velocity_with_shortcut(
    v_theta: Callable[[chex.Array, float], chex.Array],
    x: chex.Array,
    t: float,
    d: float,
) -> chex.Array:
    def v_x(x):
        return v_theta(x, t, d)

    return jnp.trace(jax.jacfwd(v_x)(x))


@eqx.filter_jit
def divergence_velocity(
    v_theta: Callable[[chex.Array, float], chex.Array],
    x: chex.Array,
    t: float,
) -> float:
    def v_x(x):
        return v_theta(x, t)

    return jnp.trace(jax.jacfwd(v_x)(x))


@eqx.filter_jit
def hutchinson_divergence_velocity(
    key: jax.random.PRNGKey,
    v_theta: Callable,
    x: chex.Array,
    t: float,
    d: Optional[float] = None,
    n_probes: int = 1,
) -> chex.Array:
    """
    Hutchinson estimator for divergence with:
    - Rademacher probe vectors for reduced variance
    - Support for multiple probes via vmap
    - Optional shortcut parameter 'd'
    """
    # Generate multiple keys for probe vectors
    keys = jax.random.split(key, n_probes)

    def compute_probe(subkey):
        eps = jax.random.rademacher(subkey, shape=x.shape, dtype=jnp.float32)
        eps = jax.lax.stop_gradient(eps)
        # Handle both standard and shortcut cases
        if d is not None:
            v_fn = lambda x: v_theta(x, t, d)
        else:
            v_fn = lambda x: v_theta(x, t)

        # Efficient vector-Jacobian product
        _, f_vjp = jax.vjp(v_fn, x)
        jvp_eps = f_vjp(eps)[0]
        return jnp.sum(eps * jvp_eps)

    # Vectorize over probes and average results
    estimates = jax.vmap(compute_probe)(keys)
    return jnp.mean(estimates)

@eqx.filter_jit
def generate_samples_with_log_prob(
    v_theta: Callable,
    initial_samples: jnp.ndarray,
    initial_log_probs: jnp.ndarray,
    ts: jnp.ndarray,
    use_shortcut: bool = False,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    if use_shortcut:
        batched_v_theta = jax.vmap(v_theta, in_axes=(0, None, None))
    else:
        batched_v_theta = jax.vmap(v_theta, in_axes=(0, None))

    def step(carry, t):
        x_prev, log_prob_prev, t_prev = carry

        dt = t - t_prev
        if use_shortcut:
            v_t = batched_v_theta(x_prev, t, dt)
        else:
            v_t = batched_v_theta(x_prev, t)

        x_next = x_prev + dt * v_t

        # Compute divergence
        if use_shortcut:
            div_v_t = jax.vmap(
                lambda x: divergence_velocity_with_shortcut(v_theta, x, t, jnp.abs(dt))
            )(x_prev)
        else:
            div_v_t = jax.vmap(lambda x: divergence_velocity(v_theta, x, t))(x_prev)
        log_prob_next = log_prob_prev - dt * div_v_t

        return (x_next, log_prob_next, t), None

    # Initialize carry with initial samples and their log-probabilities
    carry = (initial_samples, initial_log_probs, 0.0)
    (samples, log_probs, _), _ = jax.lax.scan(step, carry, ts)

    return samples, log_probs

