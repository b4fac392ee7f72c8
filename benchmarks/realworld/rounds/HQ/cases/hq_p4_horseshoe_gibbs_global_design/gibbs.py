# Source: https://github.com/danielseussler/horseshoe/blob/dc9469b1206e9e9718bcc7343b4e1b4b63981532/scripts/gibbs.py
# Title: scripts/gibbs.py -- "A simple sampler for the horseshoe estimator written in Jax"
# Cut: dropped timeit, concatenate_chains, burn-in/thinning and the summary helpers; kept the
#      dataset, the Gibbs kernel, the scan-based inference loop and the per-chain driver.
import argparse
import sys
from typing import Dict, List

import jax
import pandas as pd
from jax import config
from jax import numpy as jnp
from sklearn.datasets import make_sparse_uncorrelated

sys.argv = [""]

config.update("jax_disable_jit", False)
config.update("jax_debug_nans", True)


def create_dataset(args):
    data, target = make_sparse_uncorrelated(
        n_samples=args.num_data, n_features=args.num_features, random_state=args.seed
    )

    x = jnp.asarray(data)
    y = jnp.asarray(target)
    n, p = x.shape

    return x, y, n, p


def kernel(rng_key: jax.Array, state: Dict) -> Dict:
    """
    A simple sampler for the horseshoe estimator
    https://arxiv.org/pdf/1508.03884.pdf

    """
    state = state.copy()

    inv_lambda_s = jnp.diag(1 / state["lambda2"]) / state["tau2"]
    inv_a = jnp.linalg.inv(jnp.matmul(x.T, x) + inv_lambda_s)

    state["beta"] = jax.random.multivariate_normal(
        key=rng_key[0],
        mean=jnp.dot(jnp.matmul(inv_a, x.T), y),
        cov=state["sigma2"] * inv_a,
        method="cholesky",
    )

    err = y - jnp.dot(x, state["beta"])
    sigma2_scale = (
        jnp.dot(err.T, err) / 2.0
        + (jnp.sum(jnp.square(state["beta"]) / state["lambda2"]) / state["tau2"]) / 2.0
    )
    state["sigma2"] = sigma2_scale / jax.random.gamma(rng_key[1], a=(n + p) / 2.0)

    lambda2_scale = 1.0 / state["nu"] + jnp.square(state["beta"]) / (
        2.0 * state["tau2"] * state["sigma2"]
    )
    state["lambda2"] = lambda2_scale / jax.random.exponential(
        rng_key[2], shape=state["lambda2"].shape
    )

    tau2_scale = 1.0 / state["xi"] + jnp.sum(
        jnp.square(state["beta"]) / state["lambda2"]
    ) / (2.0 * state["sigma2"])
    state["tau2"] = tau2_scale / jax.random.gamma(rng_key[3], a=(p + 1.0) / 2.0)

    state["nu"] = 1.0 / (
        jax.random.exponential(rng_key[4], shape=state["lambda2"].shape)
        * (state["lambda2"] / (state["lambda2"] + 1))
    )
    state["xi"] = 1.0 / (
        jax.random.exponential(rng_key[5]) * (state["tau2"] / (state["tau2"] + 1))
    )

    return state


def inference_loop(rng_key: jax.Array, initial_state: Dict, num_iter: int) -> Dict:
    """
    Creates `num_samples` number of samples using the above specified custom gibbs kernel.

    rng_key: a random number generator key
    initial_state: the initial, starting state of the Markov Chain
    num_iter: number of states in the Markov Chain to generate

    returns: dictionary with arrays of variables num_iter x dim covariate
    """

    @jax.jit
    def one_step(state, rng_key):
        state = kernel(rng_key=rng_key, state=state)
        positions = {k: state[k] for k in state.keys()}
        return state, positions

    keys = jax.random.split(rng_key, (num_iter, 6))
    _, positions = jax.lax.scan(one_step, initial_state, keys)

    return positions


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="")
    parser.add_argument("--num-samples", nargs="?", default=1_000, type=int)
    parser.add_argument("--num-burnin", nargs="?", default=100, type=int)
    parser.add_argument("--num-chains", nargs="?", default=4, type=int)
    parser.add_argument("--num-data", nargs="?", default=1_000, type=int)
    parser.add_argument("--num-features", nargs="?", default=200, type=int)
    parser.add_argument("--thin", nargs="?", default=5, type=int)
    parser.add_argument("--seed", nargs="?", default=823743009, type=int)

    args = parser.parse_args()

    rng_key: jax.Array = jax.random.key(seed=args.seed)
    rng_key, rng_key_ = jax.random.split(key=rng_key)

    x, y, n, p = create_dataset(args)

    states = []

    # for more complex kernels / longer chains this can be run in parallel
    for i in range(args.num_chains):
        rng_key, rng_key_ = jax.random.split(rng_key)

        initial_state = {
            "beta": jnp.zeros((p,)),
            "sigma2": 1.0,
            "lambda2": jax.random.uniform(rng_key_, shape=(p,)),
            "tau2": 1.0,
            "nu": jnp.ones((p,)),
            "xi": 1.0,
        }

        rng_key, rng_key_ = jax.random.split(rng_key)
        st = inference_loop(rng_key_, initial_state, args.num_samples)

        states.append(st)

    # (concatenate_chains / apply_burnin_thinning / create_summary follow)
