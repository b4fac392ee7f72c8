# Source: https://github.com/sumahn/c2st/blob/b47bb22a32f66d4ff0ced79170f46e6f16d5f816/C2ST/experiments/experiments.py
# Title: C2ST/experiments/experiments.py (MMD variance simulation over mean differences and dimensions)
# Cut: the import is pointed at utils2 (the module that defines MMDVar at this commit); argparse, JSON saving and the
#      h1_mean_var_gram comparison dropped; the results bookkeeping in main() simplified.
import jax
import jax.numpy as jnp
import jax.random as random
from jax.random import multivariate_normal
from utils2 import MMDVar, compute_mmd_sq, compute_K_matrices


def simulate_mmd(mean1, mean2, cov1, cov2, ratio, num_samples, sigma0):
    mmd_samples = jnp.zeros(100)
    full_vars, complete_vars = [], []

    key = random.PRNGKey(42) # Set random seed
    for i in range(100):
        key, subkey1, subkey2 = random.split(key, 3)
        X = multivariate_normal(mean=mean1, cov=cov1, shape=(num_samples * ratio,), key=subkey1)
        Y = multivariate_normal(mean=mean2, cov=cov2, shape=(num_samples * ratio,), key=subkey2)

        Kxx, Kyy, Kxy = compute_K_matrices(X, Y, sigma0)
        mmd_value = compute_mmd_sq(Kxx, Kyy, Kxy, len(X), len(Y))
        mmd_samples = mmd_samples.at[i].set(mmd_value)

        full_vars.append(MMDVar(X, Y, sigma0))
        complete_vars.append(MMDVar(X, Y, sigma0, complete=False))

    return mmd_samples, full_vars, complete_vars


def main():
    sigma0 = 1.0
    num_samples = 1000
    dimensions = [5, 10, 15, 20, 25]  # for instance; adjust as needed
    ratio = 1  # Fixed ratio
    mean_differences = jnp.linspace(0.1, 5.0, num=5)

    results = {}
    for mean_diff in mean_differences:
        for dim in dimensions:
            mean1 = jnp.zeros(dim)
            mean2 = jnp.array([mean_diff] * dim)
            cov1 = jnp.eye(dim)
            cov2 = jnp.eye(dim)
            results[(float(mean_diff), dim)] = simulate_mmd(mean1, mean2, cov1, cov2, ratio, num_samples, sigma0)
    return results
