# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/permutation.py
# Title: jaxoccoli/permutation.py — Non-parametric permutation testing with max-T family-wise correction (fMRI GLM)
# Cut: kept PermutationTest (_run_batch with its vmapped single_perm, and run); the GLM and
#      compute_t_stat imports are kept as in the source; module docstring shortened.
import jax
import jax.numpy as jnp
from jax import random
from functools import partial
from .glm import GeneralLinearModel
from .stats import compute_t_stat


class PermutationTest:
    """Max-T permutation test with batched GPU-parallel execution."""

    def __init__(self, glm: GeneralLinearModel, contrast: jnp.ndarray, seed: int = 42):
        self.glm = glm
        self.contrast = contrast
        self.key = random.PRNGKey(seed)

    def _run_batch(self, key, data, n_perms_batch):
        keys = random.split(key, n_perms_batch)

        # Define single permutation function
        def single_perm(k, d):
            perm_idxs = random.permutation(k, self.glm.pinv.shape[1])
            permuted_pinv = self.glm.pinv[:, perm_idxs]

            betas = jnp.tensordot(d, permuted_pinv.T, axes=(-1, 0))

            X_perm = self.glm.X[perm_idxs, :]
            predicted = jnp.tensordot(betas, X_perm, axes=(-1, 1)) # (..., Time)
            residuals = d - predicted

            df = self.glm.X.shape[0] - self.glm.X.shape[1]
            t_map = compute_t_stat(betas, residuals, self.glm.XtX_inv, self.contrast, df)

            # Max-T across volume
            return jnp.max(jnp.abs(t_map)) # Two-tailed max

        batch_merger = jax.vmap(lambda k: single_perm(k, data))

        return batch_merger(keys)

    def run(self, data: jnp.ndarray, n_perms: int = 1000, batch_size: int = 100):
        """Splits the requested number of permutations into JIT-compiled
        batches of size *batch_size* for controlled GPU memory usage."""
        n_batches = n_perms // batch_size
        max_t_dist = []

        # JIT the batch runner
        # n_perms_batch (index 2) must be static for random.split
        jit_batch = jax.jit(self._run_batch, static_argnums=(2,))

        for i in range(n_batches + 1):
            remaining = n_perms - len(max_t_dist)
            if remaining <= 0:
                break

            current_batch = min(remaining, batch_size)
            self.key, subkey = random.split(self.key)

            print(f"Running permutation batch {i+1}/{n_batches + 1} ({current_batch} perms)...")
            batch_max_t = jit_batch(subkey, data, current_batch)
            max_t_dist.append(batch_max_t)

        return jnp.concatenate(max_t_dist)
