# Source: https://github.com/FlorentLM/mokap/blob/5f495d92a46d60adf98d10d0f589a846a9faf6db/mokap/utils/geometry/stats.py
# Title: mokap/utils/geometry/stats.py (huber_weight, robust_translation_mean, quaternion_average)
# Cut: kept verbatim; ID_QUAT / ZERO_T copied from mokap/utils/geometry/transforms.py.
import jax
import numpy as np
from jax import numpy as jnp

ID_QUAT = jnp.array([1.0, 0.0, 0.0, 0.0], dtype=jnp.float32)
ZERO_T = jnp.zeros((3,), dtype=jnp.float32)


@jax.jit
def huber_weight(residual_norm: jnp.ndarray, delta: float = 1.0) -> jnp.ndarray:
    """
    Compute Huber weight for each ||error||

        w = 1                   if ||error|| <= delta
        w = delta / ||error||   if ||error|| > delta
    """
    return jnp.where(residual_norm <= delta,1.0, delta / (residual_norm + 1e-12))


@jax.jit
def robust_translation_mean(
        t_samples:  jnp.ndarray,
        num_iters:  int = 3,
        delta:      float = 1.0
    ) -> jnp.ndarray:
    """
    Compute a Huber‐weighted mean of M translation samples (M, 3) with IRLS.
    If M == 0, it returns [0, 0, 0].
    """
    M = t_samples.shape[0]

    def no_data():
        return jnp.zeros((3,), dtype=t_samples.dtype)

    def with_data():
        # Initialize t0 as component wise median
        t0 = jnp.median(t_samples, axis=0)          # (3,)

        def body_fn(i_t):
            i, t_curr = i_t
            res = t_samples - t_curr                # (M, 3)
            norms = jnp.linalg.norm(res, axis=1)    # (M,)
            w = huber_weight(norms, delta)    # (M,)
            w = w / (jnp.sum(w) + 1e-12)            # normalize to sum=1
            t_next = jnp.sum(w[:, None] * t_samples, axis=0)  # (3,)
            return i + 1, t_next

        def cond_fn(i_t):
            i, _ = i_t
            return i < num_iters

        _, t_final = jax.lax.while_loop(cond_fn, body_fn, (0, t0))
        return t_final

    return jax.lax.cond(M == 0, no_data, with_data)


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

