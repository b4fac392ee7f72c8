# Source: https://github.com/neverix/saex/blob/4a0371670940cc9df92b8ab3e97b2e48e3d9d0a2/saex/sae.py
# Title: saex/sae.py ("Training runs?..")
# Cut: only SparseAutoencoder.apply_updates (the eqx.filter_jit caller of geometric_median) and
#      normalize_w_dec kept; config, __init__, forward and losses cut.
from functools import partial

import equinox as eqx
import jax.numpy as jnp
from jaxtyping import Array, Float, PyTree

from .geometric_median import geometric_median


class SparseAutoencoder(eqx.Module):

    @partial(eqx.filter_jit, donate="first")
    def apply_updates(self, updates: PyTree[Float], state: eqx.nn.State, last_input: Float[Array, "b f"], last_output: SAEOutput, step: int):
        if self.config.project_updates_from_dec:
            def project_away(W_dec_grad):
                return W_dec_grad - jnp.einsum("h f, h -> h f",
                                               self.W_dec,
                                               jnp.einsum("h f, h f -> h",
                                                          self.W_dec,
                                                          W_dec_grad))
            updates = eqx.tree_at(lambda update: update.W_dec, updates,
                                  replace_fn=project_away)
        updated = eqx.apply_updates(self, updates)

        w_dec_selector = lambda x: x.W_dec
        updated = eqx.tree_at(w_dec_selector, updated, replace_fn=self.normalize_w_dec)

        # at the end of our first step
        if step == 1:
            if self.config.decoder_bias_init_method == "mean":
                updated = eqx.tree_at(lambda self: self.b_dec, updated, jnp.mean(last_input - last_output.output, axis=0))
            elif self.config.decoder_bias_init_method == "geom_median":
                updated = eqx.tree_at(lambda self: self.b_dec, updated, geometric_median(last_input - last_output.output))

        return updated

    def normalize_w_dec(self, w_dec):
        if self.config.restrict_dec_norm == "exact":
            return w_dec / jnp.linalg.norm(w_dec, axis=-1, keepdims=True)
        elif self.config.restrict_dec_norm == "lte":
            return w_dec / jnp.maximum(1, jnp.linalg.norm(w_dec, axis=-1, keepdims=True))
        return w_dec
