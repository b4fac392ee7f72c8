# Source: https://github.com/neverix/saex/blob/4dc3ba5c69a3f701d83ebe11ba538ae32189fcb0/saex/trainer_cache.py
# Title: saex/trainer_cache.py
# Cut: the jitted train_step of BufferTrainer.train, sharding constraints and EMA cut.
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp


def make_train_step(loss_fn, is_trainable):
    @partial(jax.jit, donate_argnums=(2, 3, 4, 5), static_argnums=(6, 7))
    def train_step(
        batch, targets, sae_params, ema_params, sae_state, opt_state, sae_static, optimizer, step, key
    ):
        batch = jnp.nan_to_num(batch)
        targets = jnp.nan_to_num(targets)
        key_sae, key = jax.random.split(key)
        (_, (sae_output, sae_state)), grad = loss_fn(sae_params, sae_static, sae_state, batch, targets, key_sae)
        sae = eqx.combine(sae_params, sae_static)
        stats = sae.get_stats(sae_state, batch, targets, sae_output)
        k1, k2 = jax.random.split(key)
        grad = sae.update_gradients(grad, sae_state, k1)
        updates, opt_state = optimizer.update(grad, opt_state, sae_params)
        sae, sae_state, opt_state = sae.apply_updates(updates, sae_state, opt_state,
                                                      batch, targets, sae_output, step, k2)
        sae_params, _ = eqx.partition(sae, is_trainable)
        return sae_params, ema_params, sae_state, opt_state, stats
    return train_step
