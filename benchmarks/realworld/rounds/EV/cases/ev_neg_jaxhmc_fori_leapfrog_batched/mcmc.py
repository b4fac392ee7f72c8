# Source: https://github.com/tiagodsilva/jaxhmc/blob/31cf492b82ad5922729149b09adf1049eafaf98b/jaxhmc/mcmc.py
# Title: mcmc.py
# Cut: config/state classes, tuning (Nesterov/Welford) helpers and the tuning branch of hmc() removed; hmc_step, run_hmc_chain and the jitted entry point kept

from functools import partial

import jax
import jax.numpy as jnp

from integrators import leapfrog


def hmc_step(
    q: jax.Array,
    key: jax.Array,
    # For online tuning
    nesterov_state: NesterovState,
    welford_state: WelfordState,
    *,
    pot_vmap: callable,
    pot_grad_vmap: callable,
    precm: jax.Array,
    precm_L: jax.Array,
    steps: int,
    max_steps: int,
    # For tuning (static)
    nesterov_config: NesterovConfig,
    step_size_tuning: bool,
    momentum_tuning: bool,
):
    B, d = q.shape

    p, key = sample_gaussian_from_precision(B, d, precm_L, key)

    # We first simulate the dynamics
    p_new, q_new = leapfrog(
        p,
        q,
        precm,
        pot_grad_vmap,
        steps=steps,
        max_steps=max_steps,
        step_size=nesterov_state.step_size,
    )

    # Compute the Hamiltonian
    def hamiltonian(p_st, q_st):
        return pot_vmap(q_st) + 0.5 * jnp.einsum(
            "bi, ij, bj->b", p_st, precm, p_st
        )

    H = hamiltonian(p, q)
    H_new = hamiltonian(p_new, q_new)

    # Compute the MH correction step
    alpha = jnp.minimum(1.0, jnp.exp(H - H_new))
    alpha = jnp.where(jnp.isnan(alpha), 0.0, alpha)

    key, subkey = jax.random.split(key, 2)
    b = jax.random.bernoulli(subkey, alpha)
    b = b[..., None]

    # We only make the move if b = 1
    p_next = jnp.where(b == 1, p_new, p)
    q_next = jnp.where(b == 1, q_new, q)

    if step_size_tuning:
        nesterov_state = nesterov_dual_averaging(
            nesterov_state,
            jnp.mean(alpha),
            nesterov_config,
        )

    if momentum_tuning:
        welford_state = welford_step(welford_state, q_next)

    return (q_next, key, nesterov_state, welford_state), (
        p_next,
        q_next,
        alpha,
    )


def hmc_scan_step(
    carry: tuple[jax.Array, jax.Array, NesterovState, WelfordState],
    _,
    **kwargs,
):
    q, key, nesterov_state, welford_state = carry
    return hmc_step(q, key, nesterov_state, welford_state, **kwargs)


def hmc_fori_step(
    _,
    carry: tuple[jax.Array, jax.Array, NesterovState, WelfordState],
    **kwargs,
):
    q, key, nesterov_state, welford_state = carry
    out, _ = hmc_step(q, key, nesterov_state, welford_state, **kwargs)
    return out


def run_hmc_chain(
    key: jax.Array,
    initial_position: jax.Array,
    nesterov_state: NesterovState,
    welford_state: WelfordState,
    length: int,
    **kwargs,
):
    return jax.lax.scan(
        f=partial(
            hmc_scan_step,
            **kwargs,
        ),
        init=(initial_position, key, nesterov_state, welford_state),
        length=length,
    )


@partial(jax.jit, static_argnames=("potential",))
def hmc(potential: Potential, initial_position: jax.Array, config: HMCConfig):
    pot_grad_vmap = jax.vmap(jax.grad(potential), in_axes=0)
    pot_vmap = jax.vmap(potential, in_axes=0)

    # We first compute the Cholesky decomposition of the precision matrix
    precm_L = jnp.linalg.cholesky(config.initial_precm)

    nesterov_state, nesterov_config, welford_state = init_states(
        config, initial_position, config.initial_precm
    )
    q, key = initial_position, config.key
    steps = jnp.floor(config.max_path_len / nesterov_state.step_size).astype(
        int
    )

    _, (p, q, alpha) = run_hmc_chain(
        pot_vmap=pot_vmap,
        pot_grad_vmap=pot_grad_vmap,
        precm=precm,
        precm_L=precm_L,
        steps=steps,
        max_steps=steps,
        key=key,
        initial_position=q,
        nesterov_config=nesterov_config,
        nesterov_state=nesterov_state,
        welford_state=welford_state,
        length=config.iterations,
        step_size_tuning=False,
        momentum_tuning=False,
    )

    if config.return_alphas:
        return p, q, alpha

    return p, q

