# Source: https://github.com/QuantEcon/lecture-jax/blob/f25f07f9a201f2bf236716683163a4aa758886a8/lectures/markov_asset.md
# Title: lectures/markov_asset.md (QuantEcon JAX lectures: asset pricing with Markov state)
# Cut: code cells converted to a .py file; only the imports, the two K builders and the check cell kept; create_model body cut to its return.
import numpy as np
import jax
import jax.numpy as jnp
from collections import namedtuple

Model = namedtuple('Model', ('P', 'S', 'β', 'γ', 'μ_c', 'μ_d', 'σ_c', 'σ_d'))


def compute_K_loop(model):
    # unpack
    P, S, β, γ, μ_c, μ_d, σ_c, σ_d = model
    N = len(S)
    K = np.empty((N, N))
    a = μ_d - γ * μ_c
    for i, x in enumerate(S):
        for j, y in enumerate(S):
            e = np.exp(a + (1 - γ) * x + (σ_d**2 + γ**2 * σ_c**2) / 2)
            K[i, j] = β * e * P[i, j]
    return K

# To exploit the parallelization capabilities of JAX, let's also write a vectorized (i.e., loop-free) implementation.

def compute_K(model):
    # unpack
    P, S, β, γ, μ_c, μ_d, σ_c, σ_d = model
    N = len(S)
    # Reshape and multiply pointwise using broadcasting
    x = np.reshape(S, (N, 1))
    a = μ_d - γ * μ_c
    e = np.exp(a + (1 - γ) * x + (σ_d**2 + γ**2 * σ_c**2) / 2)
    K = β * e * P
    return K


def check(model):
    K1 = compute_K(model)
    K2 = compute_K_loop(model)
    return np.allclose(K1, K2)
