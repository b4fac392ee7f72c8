# Source: https://github.com/ghif/jax-gs/blob/c7e0f9fedb9fc4fdfe9a88d88930bec1f60939ab/jax_gs/renderer/rasterizer_pallas.py
# Title: jax_gs/renderer/rasterizer_pallas.py (rasterize_kernel_tpu, commit "perf(pallas): optimize TPU kernel via full loop unrolling")
# Cut: GPU (Triton) kernel removed; TPU kernel verbatim.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK_SIZE = 192  # from jax_gs/renderer/rasterizer.py at this commit
TILE_SIZE = 16


def rasterize_kernel_tpu(
    g_packed_ref, background_ref,
    out_grid_ref,
    *, W, H
):
    """
    Optimized Pallas kernel for TPU (Mosaic).
    Uses packed attributes and jax.lax.scan for maximal hardware pipelining.
    """
    # Grid mapping
    ty = pl.program_id(0)
    tx = pl.program_id(1)
    
    pix_min_x = (tx * TILE_SIZE).astype(jnp.float32)
    pix_min_y = (ty * TILE_SIZE).astype(jnp.float32)
    
    # Initialize accumulators in VMEM
    accum_color = jnp.zeros((TILE_SIZE, TILE_SIZE, 4), dtype=jnp.float32)
    T = jnp.ones((TILE_SIZE, TILE_SIZE), dtype=jnp.float32)
    
    # Pre-generate pixel grid coordinates for this tile
    py, px = jnp.meshgrid(jnp.arange(TILE_SIZE, dtype=jnp.int32).astype(jnp.float32), 
                          jnp.arange(TILE_SIZE, dtype=jnp.int32).astype(jnp.float32), 
                          indexing='ij')
    grid_x = pix_min_x + px
    grid_y = pix_min_y + py

    # Load packed attribute block into VMEM once to avoid slow scalar Ref gathers
    packed_data = g_packed_ref[...]

    for j in range(BLOCK_SIZE):
        # Static slice (Python integer j) is much faster on TPU than dynamic pl.ds
        packed_val = packed_data[j]
        
        # Unpack the 12-channel vector
        # [mu_x, mu_y, icov_00, icov_01, icov_10, icov_11, op, c0, c1, c2, c3, mask]
        mu_x = packed_val[0]
        mu_y = packed_val[1]
        icov_00 = packed_val[2]
        icov_01 = packed_val[3]
        icov_11 = packed_val[5]
        op = packed_val[6]
        c = packed_val[7:11]
        mask = packed_val[11].astype(bool)

        dx = grid_x - mu_x
        dy = grid_y - mu_y

        # Compute Gaussian influence
        power = -0.5 * (dx * dx * icov_00 + dx * dy * 2.0 * icov_01 + dy * dy * icov_11)
        alpha = jnp.exp(jnp.clip(power, -100.0, 0.0)) * op
        
        # Mask inactive or saturated pixels
        is_active = mask & (power > -10.0) & (grid_x < W) & (grid_y < H) & (T > 1e-4)
        alpha = jnp.where(is_active, jnp.minimum(0.99, alpha), 0.0)

        weight = alpha * T
        
        # Direct vectorized alpha blending (much faster on TPU)
        accum_color = accum_color + weight[..., None] * c[None, None, :]
        T = T * (1.0 - alpha)

    # Apply background color
    bg = background_ref[...]
    accum_color = accum_color + T[..., None] * bg[None, None, :]

    # Store result back to HBM
    out_grid_ref[...] = jnp.nan_to_num(accum_color)
