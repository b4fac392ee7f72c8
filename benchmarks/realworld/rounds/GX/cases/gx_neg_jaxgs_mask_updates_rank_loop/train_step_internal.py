# Source: https://github.com/ghif/jax-gs/blob/ae29f29e4e30ebb9ea0e7035de6dcdca14992472/jax_gs/training/trainer.py
# Title: jax_gs/training/trainer.py (train_step_internal, used inside scan/pmap)
# Cut: the densification-gradient statistics after the update removed.
import jax
import optax

from trainer_helpers import _compute_loss_and_metrics, _mask_updates


def train_step_internal(state: DensityState, target_image, w2c, camera_static, optimizer, fast_tpu_rasterizer=False, sh_degree=0):
    """
    Internal training step for 3DGS, suitable for use inside scan/pmap.
    """
    params = state.gaussians
    opt_state = state.opt_state
    active = state.active_mask
    
    def loss_fn(p):
        return _compute_loss_and_metrics(p, target_image, w2c, camera_static, fast_tpu_rasterizer, active, sh_degree=sh_degree)
    
    (loss, (metrics, extras)), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    
    # SPMD Average
    grads = jax.tree_util.tree_map(lambda x: jax.lax.pmean(x, axis_name='batch'), grads)
    loss = jax.lax.pmean(loss, axis_name='batch')
    metrics = jax.tree_util.tree_map(lambda x: jax.lax.pmean(x, axis_name='batch'), metrics)
    
    updates, next_opt_state = optimizer.update(grads, opt_state, params)
    
    # Mask updates so we don't modify inactive padded Gaussians
    updates = _mask_updates(updates, active)
    next_params = optax.apply_updates(params, updates)
    
    next_state = state.replace(gaussians=next_params, opt_state=next_opt_state)
    return next_state, loss, metrics
