# Source: https://github.com/weiyaw/epel/blob/994f4df0d532fdf9c88f542c659b3c40c0cb70c8/src/mcmc.py
# Title: epel (expectation propagation for empirical likelihood), src/mcmc.py (NUTS / HMC baselines)
# Cut: the third sampler (random walk) cut; docstrings shortened to one line; logging import dropped.
import jax
import jax.numpy as jnp
from jax import grad, jit
from jax import Array
import blackjax

from collections.abc import Callable
from typing import Any

from tqdm import tqdm
import numpy as np
from timeit import default_timer as timer

KeyArray = Any  # jax PRNG key
PyTree = Any  # jax PyTree


def nuts(
    key: KeyArray,
    log_posterior: Callable[[Array], float],
    initial_theta: Array,
    n_samples: int = 2000,
    n_warmup: int = 1000,
    initial_step_size: float = 1e-2,
) -> tuple[PyTree, PyTree, list[float]]:
    """Run NUTS sampler with a window adaptation step."""

    # Window-adapted NUTS
    adapt = blackjax.window_adaptation(
        blackjax.nuts,
        log_posterior,
        initial_step_size=initial_step_size,
        progress_bar=True,
    )
    key, subkey = jax.random.split(key)
    adapt_res, _ = adapt.run(subkey, initial_theta, num_steps=n_warmup)
    sampler = blackjax.nuts(log_posterior, **adapt_res.parameters)
    state, info = adapt_res  # use the warmed state from adaptation

    # Iterate (actual sampling)
    state_ls = [state]
    info_ls = []
    time_ls = [0.0]
    step = jit(sampler.step)
    for _ in tqdm(range(n_samples)):
        start = timer()
        key, subkey = jax.random.split(key)
        state, info = step(subkey, state)
        time_ls.append(timer() - start)
        state_ls.append(state)
        info_ls.append(info)

    # Combine results from lists of 1D-arrays into stacked arrays
    stacked_state = jax.tree.map(lambda *x: np.stack(x), *state_ls)
    stacked_info = jax.tree.map(lambda *x: np.stack(x), *info_ls)

    return stacked_state, stacked_info, time_ls


def hmc(
    key: KeyArray,
    log_posterior: Callable[[Array], float],
    initial_theta: Array,
    n_samples: int = 2000,
    n_warmup: int = 1000,
    step_size: float = 1e-2,
    inverse_mass_matrix: Array = None,
    num_integration_steps: int = 50,
) -> tuple[PyTree, PyTree, list[float]]:
    """Run HMC sampler."""

    sampler = blackjax.hmc(
        log_posterior,
        step_size=step_size,
        num_integration_steps=num_integration_steps,
        inverse_mass_matrix=inverse_mass_matrix,
    )
    state = sampler.init(initial_theta)

    jit_step = jit(sampler.step).lower(key, state).compile()

    # Iterate (warmup)
    for _ in tqdm(range(n_warmup)):
        key, subkey = jax.random.split(key)
        state, info = jit_step(subkey, state)

    # Iterate (actual sampling)
    state_ls = [state]
    info_ls = []
    time_ls = [0.0]
    for _ in tqdm(range(n_samples)):
        start = timer()
        key, subkey = jax.random.split(key)
        state, info = jit_step(subkey, state)
        jax.block_until_ready(state)
        time_ls.append(timer() - start)
        state_ls.append(state)
        info_ls.append(info)

    assert len(state_ls) == len(info_ls) + 1 == len(time_ls)
    # Combine results from lists of 1D-arrays into stacked arrays
    stacked_state = jax.tree.map(lambda *x: np.stack(x), *state_ls)
    stacked_info = jax.tree.map(lambda *x: np.stack(x), *info_ls)

    return stacked_state, stacked_info, time_ls


