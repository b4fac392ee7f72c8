# Source: https://github.com/DrPaulBrewer/gridvoting-jax/blob/62b3f953ffd07b8466359e4fb704a3fea94979ba/src/gridvoting_jax/dynamics/markov.py
# Title: src/gridvoting_jax/dynamics/markov.py (lumping before the scatter-add commit)
# Cut: only _compute_lumped_transition_matrix kept (aggregation matrix built by .at[].set over partition
#      members, then A @ P @ A.T).
import jax.numpy as jnp


def _compute_lumped_transition_matrix(P: jnp.ndarray, partition: list[list[int]]) -> jnp.ndarray:
    """
    Compute lumped transition matrix using uniform weighting within aggregates.
    
    P'[i,j] = (1/|Si|) * sum_{s in Si, t in Sj} P[s,t]
    
    Args:
        P: Original transition matrix (n×n)
        partition: Partition specification
    
    Returns:
        jnp.ndarray: Lumped transition matrix (k×k) where k = len(partition)
    """
    k = len(partition)
    n = P.shape[0]
    
    # Build aggregation matrix A (k×n) where A[i,s] = 1/|Si| if s in Si
    A = jnp.zeros((k, n))
    for i, group in enumerate(partition):
        weight = 1.0 / len(group)
        for s in group:
            A = A.at[i, s].set(weight)
    
    # Compute lumped matrix: P' = A @ P @ A.T
    # This gives: P'[i,j] = sum_{s in Si, t in Sj} (1/|Si|) * P[s,t]
    P_lumped = A @ P @ A.T
    
    # Renormalize rows to ensure they sum to 1 (handles numerical precision)
    row_sums = jnp.sum(P_lumped, axis=1, keepdims=True)
    P_lumped = P_lumped / row_sums
    
    return P_lumped


