# Source: https://github.com/QuantAMMProtocol/quantammsim/blob/3a111c3a927449e132a4328a5a18d8de2301736f/quantammsim/runners/jax_runners.py
# Title: quantammsim quantammsim/runners/jax_runners.py (CMA-ES training branch)
# Cut: kept the CMA-ES branch body as a function: flattening parameter sets, the vmapped
#      population evaluation, the jitted restart (init_cmaes + run_cmaes) and the host loop over
#      restarts; memory-budget population sizing and result bookkeeping omitted.
import jax.numpy as jnp
from jax import jit, random, vmap
from jax.flatten_util import ravel_pytree

from cma_es import run_cmaes
from quantammsim.training.cma_es import default_params as cma_default_params, init_cmaes


def train_cmaes(params_single, param_sets, batched_obj, fixed_start_indexes,
                sigma0, n_generations, tol, initial_random_key):
    flat_x0_template, unravel_fn = ravel_pytree(params_single)
    n_flat = flat_x0_template.shape[0]
    cma_params = cma_default_params(n_flat)

    all_flat_x0 = [ravel_pytree(ps)[0] for ps in param_sets]

    def eval_single(flat_x):
        p = unravel_fn(flat_x)
        return -batched_obj(p, fixed_start_indexes)

    # Un-jitted vmap for fusion into lax.while_loop's XLA program
    eval_fn_raw = vmap(eval_single)

    @jit
    def _run_one_restart(flat_x0, rng_key):
        state = init_cmaes(flat_x0, sigma0)
        return run_cmaes(state, rng_key, eval_fn_raw, cma_params, n_generations, tol)

    # Sequential loop over restarts (different x0 per restart).
    all_best_x = []
    for restart_idx in range(len(all_flat_x0)):
        rng_key = random.key(initial_random_key + restart_idx)
        state = _run_one_restart(all_flat_x0[restart_idx], rng_key)
        all_best_x.append(state.best_x)

    return jnp.stack(all_best_x)
