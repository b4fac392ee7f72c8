# Source: https://github.com/maxtaylordavies/resource-rational-stereotyping/blob/a303b5e4db37bf4bf77af4daddb8bb8fe5a4faa3/main.py
# Title: resource-rational-stereotyping main.py (rate-distortion / Blahut-Arimoto model of stereotyping)
# Cut: init_supports and run_for_params kept; init_dists / compute_mis /
#      blahut_arimoto are stubs here (their bodies are in other cases).
from itertools import product
from typing import Dict

import jax
import jax.numpy as jnp
import jax.random as jr
import pandas as pd


def init_dists(key, supports, mu, sigma, rho, choice_beta): ...
def compute_mis(supports, dists): ...
def blahut_arimoto(supports, dists, beta, max_steps=100): ...

n_foods = 3

def init_supports(n_groups, n_foods, n_hist, w_min, w_max, w_steps):
    supports = {
        "g": jnp.arange(n_groups),
        "w_i": jnp.linspace(w_min, w_max, w_steps),
        "y": jnp.arange(n_foods)
    }
    supports["w"] = jnp.array([[w1, w2, w3] for w1 in supports["w_i"] for w2 in supports["w_i"] for w3 in supports["w_i"]])

    c_i = list(range(n_hist + 1))
    tmp = [x for x in product(c_i, c_i, c_i) if sum(x) == n_hist]
    supports["c"] = jnp.array(tmp)

    supports["x"] = jnp.array([
        [c[0], c[1], c[2], g] for c in supports["c"] for g in supports["g"]
    ])
    supports["x_c"] = jnp.array([x[:3] for x in supports["x"]])
    supports["x_g"] = jnp.array([x[3] for x in supports["x"]]).astype(int)

    supports["z"] = jnp.arange(len(supports["x"]))

    return supports

def run_for_params(
    n_seeds: int,
    n_groups: int,
    n_hist: int,
    mu: jax.Array,
    sigma: float,
    rho: float,
    w_min: float,
    w_max: float,
    w_steps: int,
    choice_beta: float,
    betas: jax.Array,
    max_steps=50
):
    data, supports = [], init_supports(n_groups, n_foods, n_hist, w_min, w_max, w_steps)

    for seed in range(n_seeds):
        key = jr.PRNGKey(seed)
        dists = init_dists(key, supports, mu, sigma, rho, choice_beta)
        for beta in sorted(betas)[::-1]:
            dists, e_ds, steps_run = jax.jit(blahut_arimoto, static_argnums=(3,))(supports, dists, beta, max_steps=max_steps)
            i_xz, i_yz, i_cz, i_gz = compute_mis(supports, dists)
            data.append({
                "rho": rho,
                "seed": seed,
                "beta": float(beta),
                "choice_beta": choice_beta,
                "distortion": float(e_ds[steps_run-1]),
                "i_xz": float(i_xz),
                "i_yz": float(i_yz),
                "i_cz": float(i_cz),
                "i_gz": float(i_gz)
            })
    return pd.DataFrame(data)
