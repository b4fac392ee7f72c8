# Source: https://github.com/k9pranav/Blackjax_NRPT/blob/758f0daf969d2eeb70992a3aba780f3806618191/tests/basic_test.py
# Title: tests/basic_test.py (non-reversible parallel tempering kernel built on blackjax, test driver)
# Cut: invariant helpers and single-step tests removed; the multi-step test loop is the author's.
import jax
import jax.numpy as jnp

from NRPT_Blackjax import NRPTKernel, NRPTConfig, GaussianRMHLocalKernel


def target_logdensity(x):
    """1D bimodal target: 0.5 N(-4, 1) + 0.5 N(+4, 1); x expected shape: (1,)"""
    z = x[0]
    logp1 = -0.5 * ((z + 4.0) ** 2) - 0.5 * jnp.log(2.0 * jnp.pi)
    logp2 = -0.5 * ((z - 4.0) ** 2) - 0.5 * jnp.log(2.0 * jnp.pi)
    return jnp.logaddexp(logp1, logp2) - jnp.log(2.0)


def reference_logdensity(x):
    """Broad Gaussian reference: N(0, 25)"""
    z = x[0]
    sigma2 = 25.0
    return -0.5 * z**2 / sigma2 - 0.5 * jnp.log(2.0 * jnp.pi * sigma2)


def make_kernel(lift_mode: str, n_replicas: int = 6):
    betas = jnp.array([1.0, 0.8, 0.6, 0.4, 0.2, 0.0], dtype=jnp.float32)

    config = NRPTConfig(
        n_replicas=n_replicas,
        betas=betas,
        initial_direction=+1,
        lift_mode=lift_mode,
        swap_scheme="adjacent",
        adapt_ladder=False,
    )

    local_kernel = GaussianRMHLocalKernel(
        sigma=jnp.array([0.8], dtype=jnp.float32)
    )

    return NRPTKernel(
        local_kernel=local_kernel,
        target_logdensity_fn=target_logdensity,
        reference_logdensity_fn=reference_logdensity,
        config=config,
    )


def initial_positions(n_replicas: int = 6):
    return jnp.array(
        [[-4.00], [-3.80], [-4.20], [-3.90], [-4.10], [-4.05]],
        dtype=jnp.float32,
    )


def test_multiple_steps(lift_mode: str, n_steps: int = 20):
    kernel = make_kernel(lift_mode)
    state = kernel.init(initial_positions())

    key = jax.random.key(123)

    direction_history = [int(state.direction)]
    sweep_history = [None if state.sweep_parity is None else int(state.sweep_parity)]
    blocked_history = []
    accept_rate_history = []

    for t in range(n_steps):
        key, subkey = jax.random.split(key)
        state, info = kernel.step(subkey, state)

        assert state.iteration == t + 1

        direction_history.append(int(state.direction))
        sweep_history.append(None if state.sweep_parity is None else int(state.sweep_parity))
        blocked_history.append(bool(info.swap_info.blocked))

        if info.swap_info.accepted.shape[0] > 0:
            accept_rate_history.append(float(jnp.mean(info.swap_info.accepted.astype(jnp.float32))))
        else:
            accept_rate_history.append(0.0)

    print("mean accept rate   :", sum(accept_rate_history) / len(accept_rate_history))
    print("final positions    :", state.replica_states.position[:, 0])
