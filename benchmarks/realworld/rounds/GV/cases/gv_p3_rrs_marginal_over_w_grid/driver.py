# Source: https://github.com/maxtaylordavies/resource-rational-stereotyping/blob/a303b5e4db37bf4bf77af4daddb8bb8fe5a4faa3/main.py
# Title: resource-rational-stereotyping main.py (rate-distortion / Blahut-Arimoto model of stereotyping)
# Cut: init_supports and the module-level settings, verbatim; the call of p_c_g at
#      the end is reconstructed (HEAD computes the same marginal with an einsum in
#      init_dists; p_c_g is the helper kept for it).
from itertools import product

import jax.numpy as jnp
import jax.random as jr

from model import p_c_g

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
    return supports

n_seeds, n_groups, n_foods, n_hist = 50, 3, 3, 15
choice_beta = 0.25
w_min, w_max, w_steps = -4.0, 4.0, 41      # supports["w"] has 41**3 = 68921 grid points
mu, sigma, rho = jnp.zeros(n_foods), 1.0, 0.1

supports = init_supports(n_groups, n_foods, n_hist, w_min, w_max, w_steps)
key = jr.PRNGKey(0)
cov = sigma * jnp.eye(len(mu))
group_means = jr.multivariate_normal(key, mu, cov, (n_groups,))
p = p_c_g(supports["c"][0], 0, supports["w"], group_means, rho * cov, choice_beta)
