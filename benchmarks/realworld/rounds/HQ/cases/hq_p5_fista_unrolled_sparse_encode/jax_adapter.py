# Source: https://github.com/benedictchen/sparse-coding/blob/30e0256fcb20467fd65715a23c7a1c087f58ca8e/src/sparse_coding/adapters/jax.py
# Title: src/sparse_coding/adapters/jax.py -- JAX integration for sparse coding
# Cut: kept the FISTA step, the jitted encoder and its vmap; dropped docstrings, the MOD update,
#      the loss helpers and the JAXSparseCoder class; power_iter_L import kept as in the source.
from typing import Dict, Optional
from functools import partial
import numpy as np

import jax
import jax.numpy as jnp
from jax import jit, vmap, grad
from ..fista_batch import power_iter_L


def _l1_prox(z: jnp.ndarray, threshold: float) -> jnp.ndarray:
    """JAX implementation of L1 proximal operator (soft thresholding)."""
    return jnp.sign(z) * jnp.maximum(jnp.abs(z) - threshold, 0.0)

def _fista_step(params: Dict[str, jnp.ndarray],
                D: jnp.ndarray,
                x: jnp.ndarray,
                lam: float,
                L: Optional[float] = None) -> Dict[str, jnp.ndarray]:
    """Single FISTA iteration step."""
    if L is None:
        # Estimate Lipschitz constant using safe cross-backend method
        D_numpy = np.asarray(D)
        L = float(power_iter_L(D_numpy))

    t_old = params['t']
    a_old = params['a']
    z_old = params['z']

    # Gradient step
    grad = D.T @ (D @ z_old - x)
    z_new = z_old - grad / L

    # Proximal step (L1)
    a_new = _l1_prox(z_new, lam / L)

    # Momentum step
    t_new = (1.0 + jnp.sqrt(1.0 + 4.0 * t_old**2)) / 2.0
    beta = (t_old - 1.0) / t_new
    z_new = a_new + beta * (a_new - a_old)

    return {
        't': t_new,
        'a': a_new,
        'z': z_new
    }

@partial(jit, static_argnames=['max_iter', 'tol'])
def sparse_encode_jit(D: jnp.ndarray,
                      x: jnp.ndarray,
                      lam: float,
                      max_iter: int = 100,
                      tol: float = 1e-6) -> jnp.ndarray:
    n_atoms = D.shape[1]

    # Initialize parameters
    params = {
        't': 1.0,
        'a': jnp.zeros(n_atoms),
        'z': jnp.zeros(n_atoms)
    }

    # FISTA loop
    for i in range(max_iter):
        params_old = params
        params = _fista_step(params, D, x, lam)

        # Check convergence
        diff = jnp.linalg.norm(params['a'] - params_old['a'])
        if diff < tol:
            break

    return params['a']

# Vectorized version for batch processing
sparse_encode_batch_jit = vmap(sparse_encode_jit, in_axes=(None, 1, None, None, None))
