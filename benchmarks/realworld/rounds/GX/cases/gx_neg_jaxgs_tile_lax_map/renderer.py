# Source: https://github.com/ghif/jax-gs/blob/ae29f29e4e30ebb9ea0e7035de6dcdca14992472/jax_gs/renderer/renderer.py
# Title: jax_gs/renderer/renderer.py (render)
# Cut: docstring and the overflow/statistics block removed; import paths flattened to sibling modules.
import jax.numpy as jnp
from gaussians import Gaussians
from camera import Camera
from projection import project_gaussians
from rasterizer import (
    BLOCK_SIZE,
    MAX_TILE_INTERACTIONS,
    OFFSET_SIZE,
    TILE_SIZE,
    get_tile_interactions,
    render_tiles,
)
from sh import eval_sh

def render(gaussians: Gaussians, camera: Camera, background=None,
           fast_tpu_rasterizer: bool = False, mask=None, sh_degree: int = 0):
    if background is None:
        background = jnp.zeros((3,), dtype=jnp.float32)

    # --- 3DGS Pipeline ---
    # 1. Project Gaussians to 2D
    means2D, cov2D, radii, valid_mask, depths = project_gaussians(gaussians, camera, mask=mask)

    # 2. View-dependent color computation
    # Calculate viewing directions (normalized vector from Gaussian to camera center)
    view_dirs = gaussians.means - camera.center
    view_dirs = view_dirs / jnp.linalg.norm(view_dirs, axis=-1, keepdims=True)

    # Evaluate SH (adds view-dependent specularities)
    colors = eval_sh(sh_degree, gaussians.sh_coeffs, view_dirs)

    # Sigmoid / Offset to ensure [0, 1]
    # Standard 3DGS adds 0.5 to the SH evaluation result (which covers the DC component offset)
    colors = colors + 0.5
    colors = jnp.clip(colors, 0.0, 1.0)

    # 3. Sort interactions

    sorted_tile_ids, sorted_gaussian_ids, n_interactions = get_tile_interactions(
        means2D, radii, valid_mask, depths, camera.H, camera.W, TILE_SIZE
    )

    num_tiles_x = (camera.W + TILE_SIZE - 1) // TILE_SIZE
    num_tiles_y = (camera.H + TILE_SIZE - 1) // TILE_SIZE
    num_tiles = num_tiles_x * num_tiles_y
    tile_boundaries = jnp.searchsorted(sorted_tile_ids, jnp.arange(num_tiles + 1))
    tile_counts = tile_boundaries[1:] - tile_boundaries[:-1]

    extras = {"radii": radii, "valid_mask": valid_mask, "n_interactions": n_interactions}

    # 3. Rasterize tiles
    if fast_tpu_rasterizer:
        from rasterizer_tpu import render_tiles_tpu
        image = render_tiles_tpu(
            means2D, cov2D, gaussians.opacities, colors,
            sorted_tile_ids, sorted_gaussian_ids,
            camera.H, camera.W, background
        )
    else:
        # Rasterize tiles using pure JAX standard implementation
        image = render_tiles(
            means2D, cov2D, gaussians.opacities, colors,
            sorted_tile_ids, sorted_gaussian_ids,
            camera.H, camera.W, TILE_SIZE, background
        )
    return image, extras
