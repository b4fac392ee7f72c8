# Source: https://github.com/Gattocrucco/bartz/blob/ac774bbde2eb8c56bba723db22903fb93639e119/src/bartz/mcmcloop.py
# Title: bartz src/bartz/mcmcloop.py at "batch evaluation of forest"
# Cut: run_mcmc and the callbacks removed; evaluate_trace kept as written.
import functools

import jax
from jax import numpy as jnp
from jax import lax

from . import jaxext
from . import grove

def evaluate_trace(trace, X):
    """
    Compute predictions for all iterations of the BART MCMC.

    Parameters
    ----------
    trace : dict
        A trace of the BART MCMC, as returned by `run_mcmc`.
    X : array (p, n)
        The predictors matrix, with `p` predictors and `n` observations.

    Returns
    -------
    y : array (n_trace, n)
        The predictions for each iteration of the MCMC.
    """
    evaluate_trees = functools.partial(grove.evaluate_forest, sum_trees=False)
    evaluate_trees = jaxext.autobatch(evaluate_trees, 2 ** 29, (None, 0, 0, 0))
    def loop(_, state):
        values = evaluate_trees(X, state['leaf_trees'], state['var_trees'], state['split_trees'])
        return None, jnp.sum(values, axis=0, dtype=jnp.float32)
    _, y = lax.scan(loop, None, trace)
    return y
