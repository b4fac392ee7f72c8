# Source: https://github.com/ghif/jax-gs/blob/ae29f29e4e30ebb9ea0e7035de6dcdca14992472/jax_gs/training/trainer.py
# Title: jax_gs/training/trainer.py (_compute_loss_and_metrics, _mask_updates)
# Cut: metric dictionary shortened to three entries; imports flattened to sibling modules.
import jax
import optax
import jax.numpy as jnp

from renderer import render
from losses import l1_loss, d_ssim_loss
from camera import Camera


def _compute_loss_and_metrics(params, target_image, w2c, camera_static, fast_tpu_rasterizer, active_mask, sh_degree=0):
    """
    Common loss computation logic for 3DGS.
    """
    W, H, fx, fy, cx, cy = camera_static
    camera = Camera(W=W, H=H, fx=fx, fy=fy, cx=cx, cy=cy, W2C=w2c, full_proj=jnp.eye(4))
    
    lambda_ssim = 0.2

    # We pass the active mask to the renderer so it ignores inactive padded Gaussians.
    image, extras = render(params, camera, fast_tpu_rasterizer=fast_tpu_rasterizer, mask=active_mask, sh_degree=sh_degree)

    l1 = l1_loss(image, target_image)
    d_ssim = d_ssim_loss(image, target_image)

    total_loss = (1.0 - lambda_ssim) * l1 + lambda_ssim * d_ssim

    metrics = {
        "l1": l1,
        "ssim": 1.0 - d_ssim * 2.0,
    }


    return total_loss, (metrics, extras)

def _mask_updates(updates, active_mask):
    def apply_mask(u):
        if u is None:
            return None
        # Add necessary axes to active_mask to broadcast to u.shape
        mask = active_mask
        for _ in range(u.ndim - 1):
            mask = mask[..., None]
        return jnp.where(mask, u, 0.0)
    return jax.tree_util.tree_map(apply_mask, updates)

