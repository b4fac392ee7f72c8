# Source: https://github.com/maxtaylordavies/resource-rational-stereotyping/blob/a303b5e4db37bf4bf77af4daddb8bb8fe5a4faa3/main.py
# Title: resource-rational-stereotyping main.py (rate-distortion / Blahut-Arimoto model of stereotyping)
# Cut: init_supports verbatim (host side, builds the support arrays once); the
#      uniform dists below stand in for init_dists + blahut_arimoto.
from itertools import product

import jax.numpy as jnp

from mis import compute_mis

def init_supports(n_groups, n_foods, n_hist, w_min, w_max, w_steps):
    supports = {
        "g": jnp.arange(n_groups),
        "w_i": jnp.linspace(w_min, w_max, w_steps),
        "y": jnp.arange(n_foods)
    }
    c_i = list(range(n_hist + 1))
    tmp = [x for x in product(c_i, c_i, c_i) if sum(x) == n_hist]
    supports["c"] = jnp.array(tmp)            # 136 choice histograms for n_hist = 15

    supports["x"] = jnp.array([
        [c[0], c[1], c[2], g] for c in supports["c"] for g in supports["g"]
    ])
    supports["x_c"] = jnp.array([x[:3] for x in supports["x"]])
    supports["x_g"] = jnp.array([x[3] for x in supports["x"]]).astype(int)

    supports["z"] = jnp.arange(len(supports["x"]))
    return supports

n_groups, n_foods, n_hist = 3, 3, 15
supports = init_supports(n_groups, n_foods, n_hist, -4.0, 4.0, 41)
n_c, n_x, n_z = len(supports["c"]), len(supports["x"]), len(supports["z"])
dists = {
    "p_g_c": jnp.ones((n_c, n_groups)) / n_groups,
    "p_z_x": jnp.ones((n_x, n_z)) / n_z,
    "p_c": jnp.ones(n_c) / n_c,
    "p_z": jnp.ones(n_z) / n_z,
}
i_cz = compute_mis(supports, dists)
