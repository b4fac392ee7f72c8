# Source: https://github.com/benedictchen/sparse-coding/blob/30e0256fcb20467fd65715a23c7a1c087f58ca8e/src/sparse_coding/adapters/jax.py
# Title: src/sparse_coding/adapters/jax.py -- JAX integration for sparse coding
# Cut: kept the MOD dictionary update (vmap over atoms), its jitted wrapper and the
#      alternating-optimisation fit of JAXSparseCoder; the FISTA encoder is reduced to its
#      signature and vmap; docstrings dropped.
from typing import Optional
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, vmap, grad


@partial(jit, static_argnames=['max_iter', 'tol'])
def sparse_encode_jit(D, x, lam, max_iter=100, tol=1e-6):
    ...

# Vectorized version for batch processing
sparse_encode_batch_jit = vmap(sparse_encode_jit, in_axes=(None, 1, None, None, None))

def _mod_step(D: jnp.ndarray, A: jnp.ndarray, X: jnp.ndarray) -> jnp.ndarray:
    """Method of Optimal Directions dictionary update step."""
    # Update each atom
    def update_atom(i):
        # Get residual excluding atom i
        R_i = X - D @ A + jnp.outer(D[:, i], A[i, :])

        # Update atom i
        numerator = R_i @ A[i, :]
        denominator = jnp.sum(A[i, :] ** 2) + 1e-8

        return numerator / denominator

    # Update all atoms
    atom_indices = jnp.arange(D.shape[1])
    new_atoms = vmap(update_atom)(atom_indices)

    # Normalize atoms
    norms = jnp.linalg.norm(new_atoms, axis=0, keepdims=True)
    new_atoms = new_atoms / jnp.maximum(norms, 1e-8)

    return new_atoms

@partial(jit, static_argnames=['max_iter'])
def dictionary_update_jit(D_init: jnp.ndarray,
                          A: jnp.ndarray,
                          X: jnp.ndarray,
                          max_iter: int = 1) -> jnp.ndarray:
    D = D_init

    for _ in range(max_iter):
        D = _mod_step(D, A, X)

    return D


class JAXSparseCoder:
    def __init__(self, n_atoms: int, lam: float = 0.1,
                 max_iter: int = 100, tol: float = 1e-6):
        self.n_atoms = n_atoms
        self.lam = lam
        self.max_iter = max_iter
        self.tol = tol
        self.D = None

    def fit(self, X: jnp.ndarray, n_iter: int = 10,
            init_dict: Optional[jnp.ndarray] = None) -> 'JAXSparseCoder':
        n_features, n_samples = X.shape

        # Initialize dictionary
        if init_dict is not None:
            self.D = init_dict
        else:
            key = jax.random.PRNGKey(42)
            self.D = jax.random.normal(key, (n_features, self.n_atoms))
            self.D = self.D / jnp.linalg.norm(self.D, axis=0, keepdims=True)

        # Alternating optimization
        for iteration in range(n_iter):
            # Sparse coding step
            A = sparse_encode_batch_jit(self.D, X, self.lam, self.max_iter, self.tol)

            # Dictionary update step
            self.D = dictionary_update_jit(self.D, A, X)

        return self
