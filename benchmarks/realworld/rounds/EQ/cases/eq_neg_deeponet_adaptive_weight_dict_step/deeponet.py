# Source: https://github.com/dtu-act/deeponet-acoustic-wave-prop/blob/be01e586559c5f5f460f13d17efdcb670211eadb/deeponet_acoustics/models/deeponet.py
# Title: deeponet_acoustics/models/deeponet.py (DeepONet.step: jitted update with self-adaptive weights)
# Cut: class reduced to the loss and the jitted step; TAG_ADAPTIVE constant and constructor reconstructed.
from functools import partial

import flax
import jax
import jax.numpy as jnp
import optax
from jax import jit

TAG_ADAPTIVE = "adaptive_weights"


class DeepONet:
    def __init__(self, optimizer, loss_fn):
        self.optimizer = optimizer
        self.loss = loss_fn

    # Define a compiled update step
    @partial(jit, static_argnums=(0))
    def step(self, params_all, opt_state, data_batch):
        def traverse_dict(fn, params):
            flat_dict = flax.traverse_util.flatten_dict(params)
            return flax.traverse_util.unflatten_dict(
                {k: fn(k, v) for k, v in flat_dict.items()}
            )

        idx_coord = data_batch[
            2
        ].flatten()  # get coordinate indexes for the current batch

        # extract adaptive weights for the current batch
        params = traverse_dict(
            lambda k, v: v[idx_coord] if TAG_ADAPTIVE in k else v, params_all
        )
        params = flax.core.frozen_dict.freeze(params)

        # calculate gradients for network parameters and adaptive weights
        loss_value, grads = jax.value_and_grad(self.loss)(params, data_batch)

        # negate gradient for adaptive weights
        grads = traverse_dict(lambda k, v: -v if TAG_ADAPTIVE in k else v, grads)
        grads = flax.core.frozen_dict.freeze(grads)

        # update network parameters and adaptive weights
        updates, opt_state = self.optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)

        def clip_and_combine_adaptive_weights(k, v):
            if TAG_ADAPTIVE in k:
                adaptive_weights_all = params_all[TAG_ADAPTIVE]
                weights_clipped = jnp.clip(params[TAG_ADAPTIVE], 0, 1000)
                return adaptive_weights_all.at[idx_coord].set(weights_clipped)
            else:
                return v

        # re-insert the updated adaptive weights for this batch into the full list of weights (and clip)
        params = traverse_dict(clip_and_combine_adaptive_weights, params)
        params = flax.core.frozen_dict.freeze(params)

        return params, opt_state, loss_value
