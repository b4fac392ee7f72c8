# Source: https://github.com/FlorentLM/mokap/blob/5f495d92a46d60adf98d10d0f589a846a9faf6db/mokap/utils/geometry/stats.py
# Title: mokap/utils/geometry/stats.py (quaternion_average)
# Cut: kept verbatim.
import jax
from jax import numpy as jnp


@jax.jit
def quaternion_average(quats: jnp.ndarray, weights: jnp.ndarray = None) -> jnp.ndarray:
    """
    Computes the average of a set of quaternions using Markley's method
    Handles the q/-q ambiguity by aligning all quaternions to a reference
    Accepts optional weights for each quaternion
    """

    # If no weights provided, use uniform weights
    if weights is None:
        weights = jnp.ones(quats.shape[0], dtype=quats.dtype)

    # Normalize weights to sum to 1 to avoid numerical issues
    weights = weights / (jnp.sum(weights) + 1e-8)

    # Pick the quaternion with the highest weight as the reference
    q_ref = quats[jnp.argmax(weights)]

    # Align all other quaternions to the reference
    dots = jnp.einsum('i,ji->j', q_ref, quats)
    flip = jnp.sign(dots)
    quats_aligned = quats * flip[:, None]

    # Build the weighted M matrix: M = ∑ w_i * q_i * q_i^T
    # We can do this with broadcasting and einsum.
    # q_aligned is (N, 4). We want to compute an (N, 4, 4) matrix and sum over N
    M = jnp.einsum('i,ij,ik->jk', weights, quats_aligned, quats_aligned)

    _, V = jnp.linalg.eigh(M)
    avg_quat = V[:, -1]

    # Ensure w >= 0 for a canonical representation
    return jax.lax.cond(avg_quat[0] < 0.0, lambda q: -q, lambda q: q, avg_quat)

