# Source: https://github.com/maltelueken/eam-abi-robustness/blob/8373785dd14b0749e5afc11915b1cb9cf374e735/test_nle.ipynb
# Title: test_nle.ipynb (neural likelihood estimation for an RDM model, then NUTS per test data set)
# Cut: cells 43, 44 and 48 converted to a module; window_adaptation trimmed to its scanned step,
#      the final per-chain parameter read-out and AdaptationResults packing are dropped.
from collections import namedtuple

import blackjax
import blackjax.mcmc as mcmc
import jax
import jax.numpy as jnp
from blackjax.adaptation.base import return_all_adapt_info
from blackjax.progress_bar import gen_scan_fn

from logdensity import data, logdensity_fun


def build_kernels(n):
    return [blackjax.nuts.build_kernel() for _ in range(n)]


def multi_nuts(rng_key, state, parameters, kernels, data, n):
    sampling_keys = jax.random.split(rng_key, n)

    state = state.copy()

    init_positions = jnp.array([state[i].position for i in range(n)])[:, None, :]

    logdensities = logdensity_fun(init_positions, data)

    info = {}

    for i in range(n):
        def logd(x):
            return logdensities[i]
        state[i], info[i] = kernels[i](
            rng_key=sampling_keys[i],
            state=state[i],
            logdensity_fn=logd,
            step_size=parameters[i].step_size,
            inverse_mass_matrix=parameters[i].inverse_mass_matrix
        )

    return state, info


def window_adaptation(n, data, is_mass_matrix_diagonal=True, initial_step_size=1.0,
                      target_acceptance_rate=0.80, progress_bar=False,
                      adaptation_info_fn=return_all_adapt_info,
                      integrator=mcmc.integrators.velocity_verlet):
    kernels = [blackjax.nuts.build_kernel(integrator) for _ in range(n)]

    adapt_init, adapt_step, adapt_final = blackjax.adaptation.window_adaptation.base(
        is_mass_matrix_diagonal,
        target_acceptance_rate=target_acceptance_rate,
    )

    def one_step(carry, xs):
        _, rng_key, adaptation_stage = xs
        state, adaptation_state = carry

        new_state, info = multi_nuts(rng_key, state, adaptation_state, kernels, data, n)

        new_adaptation_state = {i: adapt_step(
            adaptation_state[i],
            adaptation_stage,
            new_state[i].position,
            info[i].acceptance_rate,
        ) for i in range(n)}

        return (
            (new_state, new_adaptation_state),
            {i: adaptation_info_fn(new_state[i], info[i], new_adaptation_state[i]) for i in range(n)},
        )

    def run(rng_key, position, num_steps):
        logdensities = logdensity_fun(jnp.tile(jnp.array(position), [n, 1, 1]), data)
        init_state = {i: blackjax.nuts.init(position=jnp.array(position), logdensity_fn=lambda x: logdensities[i]) for i in range(n)}
        init_adaptation_state = {i: adapt_init(position, initial_step_size) for i in range(n)}

        scan_fn = gen_scan_fn(num_steps, progress_bar=progress_bar)
        keys = jax.random.split(rng_key, num_steps)
        schedule = blackjax.adaptation.window_adaptation.build_schedule(num_steps)

        last_state, info = scan_fn(
            one_step,
            (init_state, init_adaptation_state),
            (jnp.arange(num_steps), keys, schedule),
        )
        return last_state, info

    return run


parameter_state = namedtuple("Parameters", ["step_size", "inverse_mass_matrix"])


def sampling_loop(rng_key, initial_state, parameters, kernels, data, n, num_samples):
    @jax.jit
    def one_step(state, rng_key):
        state, info = multi_nuts(rng_key, state, parameters, kernels, data, n)
        positions = {k: state[k].position for k in state.keys()}
        return state, positions

    keys = jax.random.split(rng_key, num_samples)
    info, positions = jax.lax.scan(one_step, initial_state, keys)

    return info, positions


adapt = window_adaptation(10, data)
state = adapt(jax.random.PRNGKey(0), [2, 2, 1, 2, 0.2], num_steps=1000)
