# Source: https://github.com/ghif/jax-gs/blob/ae29f29e4e30ebb9ea0e7035de6dcdca14992472/jax_gs/training/trainer.py
# Title: jax_gs/training/trainer.py (train_step)
# Cut: the densification statistics after the update removed; loss and masking helpers imported.
from functools import partial

import jax
import jax.numpy as jnp
import optax

from losses_and_masks import _compute_loss_and_metrics, _mask_updates
from density import DensityState


@partial(jax.jit, static_argnums=(3, 4, 5, 6))
def train_step(state: DensityState, target_image, w2c, camera_static, optimizer, fast_tpu_rasterizer=False, sh_degree=0):
    """
    Standard single-device training step for 3DGS.
    """
    params = state.gaussians
    opt_state = state.opt_state
    active = state.active_mask
    
    def loss_fn(p):
        return _compute_loss_and_metrics(p, target_image, w2c, camera_static, fast_tpu_rasterizer, active, sh_degree=sh_degree)
    
    (loss, (metrics, extras)), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    
    updates, next_opt_state = optimizer.update(grads, opt_state, params)
    updates = _mask_updates(updates, active)
    next_params = optax.apply_updates(params, updates)
    
    next_state = state.replace(gaussians=next_params, opt_state=next_opt_state)
    return next_state, loss, metrics
