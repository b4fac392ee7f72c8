# Source: https://github.com/bayesianempirimancer/jaxcfm/blob/e3101a700545e8c30deb47ba450ed315db40669e/jaxcfm/optimal_transport.py
# Title: jaxcfm/optimal_transport.py -- JAXCFM, a JAX reimplementation of TorchCFM
# Cut: kept _hungarian (greedy assignment by lax.scan over sorted pairs); docstring shortened.
import jax
import jax.numpy as jnp


def _hungarian(M):
    """Pure JAX implementation of a greedy approximation to the Hungarian algorithm."""
    n, m = M.shape
    min_dim = min(n, m)
    
    # Handle rectangular matrices by padding with large values
    if n != m:
        max_dim = max(n, m)
        M_padded = jnp.full((max_dim, max_dim), jnp.inf)
        M_padded = M_padded.at[:n, :m].set(M)
    else:
        M_padded = M
        max_dim = n
    
    # Use a stable matching approach: process all pairs sorted by cost
    # Create flattened cost matrix with row/col indices
    row_indices = jnp.arange(max_dim)[:, None].repeat(max_dim, axis=1)
    col_indices = jnp.arange(max_dim)[None, :].repeat(max_dim, axis=0)
    
    # Flatten and get sorted order
    costs_flat = M_padded.flatten()
    indices_flat = jnp.stack([
        row_indices.flatten(),
        col_indices.flatten()
    ], axis=1)
    
    # Sort by cost
    sort_order = jnp.argsort(costs_flat)
    sorted_costs = costs_flat[sort_order]
    sorted_indices = indices_flat[sort_order]
    
    # Greedily assign pairs in order of increasing cost
    col_for_row = jnp.full(max_dim, -1, dtype=jnp.int32)
    row_for_col = jnp.full(max_dim, -1, dtype=jnp.int32)
    
    def assign_pair(carry, pair_info):
        col_for_row, row_for_col = carry
        row_idx, col_idx = pair_info[0], pair_info[1]
        
        # Check if both row and column are unassigned
        row_free = col_for_row[row_idx] == -1
        col_free = row_for_col[col_idx] == -1
        can_assign = row_free & col_free
        
        def do_assign(col_for_row, row_for_col):
            col_for_row = col_for_row.at[row_idx].set(col_idx)
            row_for_col = row_for_col.at[col_idx].set(row_idx)
            return col_for_row, row_for_col
        
        def skip_assign(col_for_row, row_for_col):
            return col_for_row, row_for_col
        
        col_for_row, row_for_col = jax.lax.cond(
            can_assign, do_assign, skip_assign, col_for_row, row_for_col
        )
        return (col_for_row, row_for_col), None
    
    (col_for_row, row_for_col), _ = jax.lax.scan(
        assign_pair, (col_for_row, row_for_col), sorted_indices
    )
    
    # Extract final assignment
    # Return fixed-size arrays with -1 marking invalid entries (JIT-compatible)
    # All valid row indices
    row_ind = jnp.arange(max_dim)
    col_ind = col_for_row
    
    # Mark invalid entries (unmatched or out of bounds) with -1
    invalid_mask = (col_ind < 0) | (row_ind >= n) | (col_ind >= m)
    row_ind = jnp.where(invalid_mask, -1, row_ind)
    col_ind = jnp.where(invalid_mask, -1, col_ind)
    
    return row_ind, col_ind

