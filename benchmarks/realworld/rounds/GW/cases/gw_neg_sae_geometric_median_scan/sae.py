# Source: https://github.com/neverix/saex/blob/4dc3ba5c69a3f701d83ebe11ba538ae32189fcb0/saex/sae.py
# Title: saex/sae.py
# Cut: the first-step decoder-bias initialisation of SparseAutoencoder.apply_updates (called from the
#      jitted train_step in saex/trainer_cache.py); resampling, quantisation and the rest cut.
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array, Float, PyTree

from .geometric_median import geometric_median


class SparseAutoencoder(eqx.Module):

    def apply_updates(self, updates: PyTree[Float],
                      state: eqx.nn.State,
                      opt_state,
                      last_input: Float[Array, "b f"],
                      last_target: Float[Array, "b f"],
                      last_output: SAEOutput,
                      step: int,
                      key: jax.random.PRNGKey):
        # assumes adam is the 1st gradient processor
        get_adam = lambda s: s[1][0]

        if self.config.project_updates_from_dec and not self.config.anthropic_norm:
            updates = self.project(updates)
        updated = eqx.apply_updates(self, updates)

        w_dec_selector = lambda x: x.W_dec
        updated = eqx.tree_at(w_dec_selector, updated, replace_fn=self.normalize_w_dec)

        # at the end of our first step, compute mean
        def adjust_mean(b_dec, opt_state):
            if self.config.decoder_bias_init_method == "mean":
                b_dec = b_dec + jnp.mean(last_target - last_output.output, axis=0)
            elif self.config.decoder_bias_init_method == "geom_median":
                b_dec = b_dec + geometric_median(last_target - last_output.output)
            return b_dec, opt_state
        updated_b_dec, opt_state = jax.lax.switch(jnp.astype(step == 1, jnp.int32), (lambda *a: a, adjust_mean), updated.b_dec, opt_state)
        updated = eqx.tree_at(lambda s: s.b_dec, updated, updated_b_dec)
        return updated, state, opt_state
