# Source: https://github.com/cjim8889/ebm-training/blob/db5e5ac8c50f0f58dbdd031a3466507aaabfe962/utils/hmc.py
# Title: utils/hmc.py (HMC correction for Liouville-flow samplers on LJ13 / many-well targets)
# Cut: kept sample_hamiltonian_monte_carlo as written; the blackjax variant and batched wrappers removed.
from typing import Callable, Optional

import chex
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def sample_hamiltonian_monte_carlo(
    key: jax.random.PRNGKey,
    time_dependent_log_density: Callable[[chex.Array, float], float],  # (dim,) -> float
    x: chex.Array,  # (dim,)
    t: float,
    num_steps: int = 10,
    integration_steps: int = 3,
    eta: float = 0.1,
    rejection_sampling: bool = False,
    shift_fn: Callable[[chex.Array], chex.Array] = lambda x: x,  # (dim,) -> (dim,)
    covariance: Optional[chex.Array] = None,  # (dim,) or (dim, dim)
) -> chex.Array:  # (dim,)
    dim = x.shape[-1]

    # Handle covariance cases
    if covariance is None:
        # Identity covariance case
        sqrt_cov = inv_sqrt_cov = jnp.ones((dim,))
        is_diagonal = True
    else:
        is_diagonal = covariance.ndim == 1
        if is_diagonal:
            # Diagonal case - already in vector form
            sqrt_cov = jnp.sqrt(covariance)
            inv_sqrt_cov = 1.0 / sqrt_cov
        else:
            # Full matrix case
            reg_cov = covariance + 1e-6 * jnp.eye(dim)
            sqrt_cov = jnp.linalg.cholesky(reg_cov)
            inv_sqrt_cov = jax.scipy.linalg.solve_triangular(
                sqrt_cov, jnp.eye(dim), lower=True
            )

    # Pre-compute operation functions based on covariance type
    if is_diagonal:

        def momentum_op(v):
            return inv_sqrt_cov * v

        def sample_momentum(z):
            return sqrt_cov * z
    else:

        def momentum_op(v):
            return inv_sqrt_cov @ v

        def sample_momentum(z):
            return sqrt_cov @ z

    grad_log_prob = jax.grad(lambda x: time_dependent_log_density(x, t))

    def kinetic_energy(v):
        scaled_v = momentum_op(v)
        return 0.5 * jnp.sum(scaled_v**2)

    def hamiltonian(x, v):
        return -time_dependent_log_density(x, t) + kinetic_energy(v)

    def integration_step(carry, _):
        x, v = carry
        # Apply momentum operation once and reuse result
        scaled_v = momentum_op(momentum_op(v))
        x = x + eta * scaled_v
        x = shift_fn(x)
        v = v + eta * grad_log_prob(x)
        return (x, v), _

    def hmc_step(x_current, inputs):
        x = x_current
        v, accept_key = inputs

        current_h = hamiltonian(x, v)
        v = v + 0.5 * eta * grad_log_prob(x)

        # Leapfrog integration
        (x, v), _ = jax.lax.scan(
            integration_step, (x, v), None, length=integration_steps, unroll=4
        )

        v = v + 0.5 * eta * grad_log_prob(x)
        x = shift_fn(x)

        if rejection_sampling:
            proposed_h = hamiltonian(x, v)
            accept_ratio = jnp.minimum(1.0, jnp.exp(current_h - proposed_h))
            accept = jax.random.uniform(accept_key) < accept_ratio
            return jax.lax.cond(
                accept, lambda _: x, lambda _: x_current, operand=None
            ), None
        else:
            return x, None

    # Generate all momentum samples at once
    momentum_key, accept_keys = jax.random.split(key)
    accept_keys = jax.random.split(accept_keys, num_steps)
    z = jax.random.normal(momentum_key, (num_steps, dim))
    vs = jax.vmap(sample_momentum)(z)

    # Run the chain with pre-sampled momentum
    final_x, _ = jax.lax.scan(hmc_step, x, (vs, accept_keys))
    return final_x

