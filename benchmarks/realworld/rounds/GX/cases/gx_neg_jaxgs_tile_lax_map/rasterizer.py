# Source: https://github.com/ghif/jax-gs/blob/ae29f29e4e30ebb9ea0e7035de6dcdca14992472/jax_gs/renderer/rasterizer.py
# Title: jax_gs/renderer/rasterizer.py (render_tiles)
# Cut: get_tile_interactions (culling and sorting) removed; render_tiles kept verbatim.
import jax
import jax.numpy as jnp
from typing import Tuple

# Standard Constants
TILE_SIZE = 16  # Each tile is 16x16 pixels
OFFSET_SIZE = 16  # Max tile span tracked per Gaussian in each axis.
BLOCK_SIZE = 512  # Increased from 192 to 512 to reduce blocky artifacts on datasets with high depth complexity
MAX_TILE_CHUNKS = 8  # Exact compositing budget per tile in BLOCK_SIZE-sized chunks.
MAX_TILE_INTERACTIONS = BLOCK_SIZE * MAX_TILE_CHUNKS


def render_tiles(means2D, cov2D, opacities, colors, sorted_tile_ids, sorted_gaussian_ids, 
                 H, W, tile_size: int = TILE_SIZE, background=None):
    """
    Renders the image by processing each tile and alpha-blending the overlapping Gaussians.
    
    This function implements the standard front-to-back alpha blending:
    Color = sum(alpha_i * T_i * Color_i) + T_final * Background
    where T_i is the accumulated transmittance.

    Args:
        means2D: [N, 2] Gaussian centers.
        cov2D: [N, 2, 2] 2D Covariance matrices.
        opacities: [N, 1] Raw opacities (pre-sigmoid).
        colors: [N, 3] Gaussian colors.
        sorted_tile_ids, sorted_gaussian_ids: Output from get_tile_interactions.
        H, W: Image dimensions.
        background: RGB background color.
    Returns:
        image: [H, W, 3] The rendered image.
    """
    if background is None:
        background = jnp.zeros((3,), dtype=jnp.float32)
    
    num_tiles_x = (W + tile_size - 1) // tile_size
    num_tiles_y = (H + tile_size - 1) // tile_size
    num_tiles = num_tiles_x * num_tiles_y
    
    # Invert 2D covariances for the Gaussian exponent: power = -0.5 * (x-mu)^T * Sigma^-1 * (x-mu)
    det = cov2D[:, 0, 0] * cov2D[:, 1, 1] - cov2D[:, 0, 1]**2
    det = jnp.maximum(det, 1e-6)
    
    inv_cov2D = jnp.stack([
        jnp.stack([cov2D[:, 1, 1] / det, -cov2D[:, 0, 1] / det], axis=-1),
        jnp.stack([-cov2D[:, 1, 0] / det, cov2D[:, 0, 0] / det], axis=-1)
    ], axis=-2)

    # Convert raw opacities to [0, 1] range
    sig_opacities = jax.nn.sigmoid(opacities)
    
    # Use searchsorted to find the start/end index of each tile's Gaussians in the sorted list.
    tile_indices = jnp.arange(num_tiles + 1)
    tile_boundaries = jnp.searchsorted(sorted_tile_ids, tile_indices)

    # Pre-calculate local pixel offsets within a tile
    py, px = jnp.mgrid[0:tile_size, 0:tile_size]
    tile_pixel_x = px.astype(jnp.float32) + 0.5
    tile_pixel_y = py.astype(jnp.float32) + 0.5
    
    def rasterize_single_tile(tile_idx):
        """Processes a single 16x16 tile."""
        start_idx = tile_boundaries[tile_idx]
        end_idx = tile_boundaries[tile_idx + 1]
        count = jnp.minimum(end_idx - start_idx, MAX_TILE_INTERACTIONS)
        
        # Calculate global pixel coordinates for this tile
        ty = tile_idx // num_tiles_x
        tx = tile_idx % num_tiles_x
        pix_min_x = (tx * tile_size).astype(jnp.float32)
        pix_min_y = (ty * tile_size).astype(jnp.float32)
        
        grid_x = pix_min_x + tile_pixel_x
        grid_y = pix_min_y + tile_pixel_y
        pixel_coords = jnp.stack([grid_x, grid_y], axis=-1).reshape(-1, 2)
        pixel_valid = (pixel_coords[:, 0] < W) & (pixel_coords[:, 1] < H)

        def process_tile():
            def blend_chunk(carry, chunk_idx):
                def do_chunk(chunk_carry):
                    accum_color, T = chunk_carry
                    chunk_start = start_idx + chunk_idx * BLOCK_SIZE
                    gather_start = jnp.clip(chunk_start, 0, jnp.maximum(0, sorted_gaussian_ids.shape[0] - BLOCK_SIZE))
                    indices = jax.lax.dynamic_slice(sorted_gaussian_ids, (gather_start,), (BLOCK_SIZE,))
                    local_mask = (chunk_idx * BLOCK_SIZE + jnp.arange(BLOCK_SIZE)) < count

                    t_means = means2D[indices]
                    t_inv_cov = inv_cov2D[indices]
                    t_ops = sig_opacities[indices]
                    t_cols = colors[indices]
                    t_ic00 = t_inv_cov[:, 0, 0]
                    t_ic01_2 = 2.0 * t_inv_cov[:, 0, 1]
                    t_ic11 = t_inv_cov[:, 1, 1]
                    t_op_vec = t_ops[:, 0]

                    def blend_pixel(p_color, p_T, p_coord, p_valid):
                        @jax.checkpoint
                        def scan_fn(inner_carry, i):
                            accum_c, trans = inner_carry
                            is_active = local_mask[i] & (trans > 1e-4)
                            mu = t_means[i]
                            dx = p_coord[0] - mu[0]
                            dy = p_coord[1] - mu[1]
                            power = -0.5 * (dx * dx * t_ic00[i] + dx * dy * t_ic01_2[i] + dy * dy * t_ic11[i])
                            alpha = jnp.exp(power) * t_op_vec[i]
                            alpha = jnp.where((power > -10.0) & is_active, jnp.minimum(0.99, alpha), 0.0)
                            new_T = trans * (1.0 - alpha)
                            new_color = accum_c + (alpha * trans) * t_cols[i]
                            return (new_color, new_T), None

                        (next_color, next_T), _ = jax.lax.scan(scan_fn, (p_color, p_T), jnp.arange(BLOCK_SIZE))
                        next_color = jnp.where(p_valid, next_color, 0.0)
                        next_T = jnp.where(p_valid, next_T, p_T)
                        return next_color, next_T

                    return jax.vmap(blend_pixel)(accum_color, T, pixel_coords, pixel_valid)

                return jax.lax.cond(chunk_idx < required_chunks, do_chunk, lambda x: x, carry), None

            c_init = jnp.zeros((pixel_coords.shape[0], 3), dtype=jnp.float32)
            T_init = jnp.ones((pixel_coords.shape[0],), dtype=jnp.float32)
            required_chunks = jnp.maximum(1, (count + BLOCK_SIZE - 1) // BLOCK_SIZE)
            (final_color, final_T), _ = jax.lax.scan(blend_chunk, (c_init, T_init), jnp.arange(MAX_TILE_CHUNKS))
            final_color = final_color + final_T[:, None] * background
            return final_color.reshape(tile_size, tile_size, 3)

        def empty_tile():
            """Optimization for tiles with no Gaussians."""
            return jnp.broadcast_to(background, (tile_size, tile_size, 3))

        return jax.lax.cond(count > 0, process_tile, empty_tile)

    # Use jax.lax.map (sequential/loop) instead of vmap (parallel) to avoid OOM on TPU
    # as vmap over tiles triggers massive broadcasts of interaction and parameter arrays.
    all_tiles = jax.lax.map(rasterize_single_tile, jnp.arange(num_tiles))
    
    # Reshape tiles back into the full image
    output_grid = all_tiles.reshape(num_tiles_y, num_tiles_x, tile_size, tile_size, 3)
    output_image = output_grid.swapaxes(1, 2).reshape(num_tiles_y * tile_size, num_tiles_x * tile_size, 3)
    
    # Crop to original image dimensions (removing padding)
    return output_image[:H, :W, :]
