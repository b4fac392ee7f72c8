# Source: https://github.com/Prem-kumar27/jax-gnn/blob/cb036cfbf816a7240226ff31658faa5230f382a3/jax_gnn/utils.py
# Title: jax_gnn/utils.py
# Cut: only spmm_scatter kept.
import jax
import jax.numpy as jnp


def spmm_scatter(x, edge_indices, edge_attr=None):
    """
    Performs sparse matrix multiplication
    """
    out = x.take(edge_indices[1], axis=0) * jnp.expand_dims(edge_attr, axis=-1)
    out = jax.ops.segment_sum(out, edge_indices[0], x.shape[0])
    return out
