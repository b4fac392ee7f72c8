# Source: https://github.com/maxtaylordavies/resource-rational-stereotyping/blob/a303b5e4db37bf4bf77af4daddb8bb8fe5a4faa3/main.py
# Title: resource-rational-stereotyping main.py (rate-distortion / Blahut-Arimoto model of stereotyping)
# Cut: compute_mis cut to its STEP 3 (I(Z;C)); mi/entropy inlined from src/utils.py.
#      Support sizes are in supports.py.
from typing import Dict

import jax
import jax.numpy as jnp


@jax.jit
def entropy(p: jax.Array) -> jax.Array:
    return -jnp.sum(p * jnp.log2(p) * (p > 0))

def _mi(dists, x, y) -> jax.Array:
    return entropy(dists[f"p_{x}"]) + entropy(dists[f"p_{y}"]) - entropy(dists[f"p_{x}{y}"])

mi = jax.jit(_mi, static_argnums=(1, 2))


@jax.jit
def compute_mis(supports: Dict[str, jax.Array], dists: Dict[str, jax.Array]):
    ##### STEP 3: COMPUTE I(Z;C) #####
    # first, compute p(x|c) = p(g|c) * delta(x[:3],c)
    delta_c_x = jnp.array([
        jnp.all(supports["x_c"] == c, axis=1) for c in supports["c"]
    ])
    dists["p_x_c"] = delta_c_x * dists["p_g_c"][:, supports["x_g"]]
    dists["p_x_c"] /= jnp.sum(dists["p_x_c"], axis=1)[:, None]
    # then use it to compute p(z|w) by marginalising over x
    dists["p_z_c"] = jnp.einsum('xz,cx->cz', dists["p_z_x"], dists["p_x_c"])
    dists["p_z_c"] /= jnp.sum(dists["p_z_c"], axis=1)[:, None]
    # finally, compute p(w,z) and I(W;Z)
    dists["p_cz"] = dists["p_c"][:, None] * dists["p_z_c"]
    dists["p_cz"] /= jnp.sum(dists["p_cz"])
    i_cz = mi(dists, "c", "z")
    # normalise I(C;Z) by the ceiling H(C)
    i_cz /= entropy(dists["p_c"])
    return i_cz
