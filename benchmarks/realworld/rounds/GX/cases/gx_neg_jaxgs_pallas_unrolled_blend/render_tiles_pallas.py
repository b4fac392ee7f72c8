# Source: https://github.com/ghif/jax-gs/blob/c7e0f9fedb9fc4fdfe9a88d88930bec1f60939ab/jax_gs/renderer/rasterizer_pallas.py
# Title: jax_gs/renderer/rasterizer_pallas.py (render_tiles_pallas)
# Cut: GPU branch of render_tiles_pallas removed; TPU branch and preamble verbatim.
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from kernel_tpu import rasterize_kernel_tpu, BLOCK_SIZE, TILE_SIZE


def render_tiles_pallas(means2D, cov2D, opacities, colors, sorted_tile_ids, sorted_gaussian_ids, 
                        H, W, tile_size: int = TILE_SIZE, background=jnp.array([0.0, 0.0, 0.0]),
                        backend: str = "gpu"):
    """
    Render tiles using JAX Pallas, compatible with both GPU and TPU.
    """
    assert tile_size == TILE_SIZE
    
    num_tiles_x = int((W + TILE_SIZE - 1) // TILE_SIZE)
    num_tiles_y = int((H + TILE_SIZE - 1) // TILE_SIZE)
    num_tiles = num_tiles_x * num_tiles_y
    
    # Inverse covariances
    det = cov2D[:, 0, 0] * cov2D[:, 1, 1] - cov2D[:, 0, 1]**2
    det = jnp.maximum(det, 1e-6)
    inv_cov2D = jnp.stack([
        jnp.stack([cov2D[:, 1, 1] / det, -cov2D[:, 0, 1] / det], axis=-1),
        jnp.stack([-cov2D[:, 1, 0] / det, cov2D[:, 0, 0] / det], axis=-1)
    ], axis=-2)
    sig_opacities = jax.nn.sigmoid(opacities)
    
    # Tile boundaries
    tile_indices = jnp.arange(num_tiles + 1)
    tile_boundaries = jnp.searchsorted(sorted_tile_ids, tile_indices)

    # Padding colors and background
    colors_padded = jnp.concatenate([colors, jnp.zeros((colors.shape[0], 1))], axis=-1)
    background_padded = jnp.concatenate([background, jnp.zeros((1,))])

    # Pre-gather and Transpose
    valid_ids = jnp.where(sorted_gaussian_ids < means2D.shape[0], sorted_gaussian_ids, 0)
    means2D_sorted = means2D[valid_ids]
    inv_cov2D_sorted = inv_cov2D.reshape(-1, 4)[valid_ids]
    opacities_sorted = sig_opacities[valid_ids, 0]
    colors_sorted = colors_padded[valid_ids]

    out_shape = jax.ShapeDtypeStruct(
        (num_tiles_y * TILE_SIZE, num_tiles_x * TILE_SIZE, 4), 
        jnp.float32
    )
    
    # Output BlockSpec mapping
    out_specs = pl.BlockSpec(
        (TILE_SIZE, TILE_SIZE, 4), 
        lambda ty, tx: (ty * TILE_SIZE, tx * TILE_SIZE, 0)
    )

    is_cpu = jax.devices()[0].platform == "cpu"
    
    if backend == "tpu":  # GPU branch removed in this cut
        # Pre-gather into dense blocks for TPU to avoid unaligned HBM access
        def get_tile_data(ty, tx):
            tile_idx = ty * num_tiles_x + tx
            start_idx = tile_boundaries[tile_idx]
            end_idx = tile_boundaries[tile_idx + 1]
            count = end_idx - start_idx
            
            gather_indices = jnp.clip(start_idx + jnp.arange(BLOCK_SIZE), 0, means2D_sorted.shape[0] - 1)
            local_mask = (start_idx + jnp.arange(BLOCK_SIZE)) < (start_idx + count)
            
            # Pack all attributes into a single 12-channel array to bypass Scan arg limits
            return jnp.concatenate([
                means2D_sorted[gather_indices],          # 2
                inv_cov2D_sorted[gather_indices],        # 4
                opacities_sorted[gather_indices, None],  # 1
                colors_sorted[gather_indices],           # 4
                local_mask[:, None].astype(jnp.float32)  # 1
            ], axis=-1)

        # Vectorize over grid
        grid_y = jnp.arange(num_tiles_y)
        grid_x = jnp.arange(num_tiles_x)
        # Nested vmap for 2D grid
        tile_data_fn = jax.vmap(jax.vmap(get_tile_data, in_axes=(None, 0)), in_axes=(0, None))
        g_packed = tile_data_fn(grid_y, grid_x)

        in_specs = [
            pl.BlockSpec((None, None, BLOCK_SIZE, 12), lambda ty, tx: (ty, tx, 0, 0)),
            pl.BlockSpec() # background
        ]

        out_image = pl.pallas_call(
            partial(rasterize_kernel_tpu, W=float(W), H=float(H)),
            out_shape=out_shape,
            grid=(num_tiles_y, num_tiles_x),
            in_specs=in_specs,
            out_specs=out_specs,
            interpret=is_cpu
        )(g_packed, background_padded)

    return jnp.nan_to_num(out_image[:H, :W, :3])
