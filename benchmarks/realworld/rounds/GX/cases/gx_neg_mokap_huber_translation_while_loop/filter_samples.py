# Source: https://github.com/FlorentLM/mokap/blob/5f495d92a46d60adf98d10d0f589a846a9faf6db/mokap/utils/geometry/stats.py
# Title: mokap/utils/geometry/stats.py (_angular_distance, filter_rt_samples)
# Cut: kept verbatim; quaternion_average imported; ID_QUAT / ZERO_T copied from transforms.py.
from typing import Tuple
import jax
import numpy as np
from jax import numpy as jnp

from quat import quaternion_average

ID_QUAT = jnp.array([1.0, 0.0, 0.0, 0.0], dtype=jnp.float32)
ZERO_T = jnp.zeros((3,), dtype=jnp.float32)


def _angular_distance(q1: jnp.ndarray, q2: jnp.ndarray) -> jnp.ndarray:
    """
    Compute the angle between two unit quaternions q1, q2
    """
    d = jnp.abs(jnp.dot(q1, q2))
    d = jnp.clip(d, -1.0, 1.0)
    return 2.0 * jnp.arccos(d)


def filter_rt_samples(
        rt_stack: jnp.ndarray,
        ang_thresh: float = np.pi / 6.0,
        trans_thresh: float = 1.0,
        num_iters: int = 3
) -> Tuple[jnp.ndarray, jnp.ndarray, bool]:
    """
    Robustly averages a stack of (quaternion, translation) poses using IRLS
    """
    length = rt_stack.shape[0]

    def fail_case():
        return ID_QUAT, ZERO_T, False

    def success_case():
        quats = rt_stack[:, :4]
        trans = rt_stack[:, 4:]

        # Initial guess
        q_curr = quaternion_average(quats)
        t_curr = jnp.median(trans, axis=0)

        def body_fn(i, qt_curr):
            q_c, t_c = qt_curr
            # Compute errors from current estimate
            ang_errs = jax.vmap(lambda q: _angular_distance(q, q_c))(quats)
            trans_errs = jnp.linalg.norm(trans - t_c, axis=1)

            weights = (ang_errs <= ang_thresh) & (trans_errs <= trans_thresh)
            weights = weights.astype(jnp.float32)

            has_inliers = jnp.sum(weights) > 0

            def update_estimate():
                q_next = quaternion_average(quats, weights=weights)

                # we use the same weights for the translation mean
                w_norm = weights / jnp.sum(weights)
                t_next = jnp.sum(w_norm[:, None] * trans, axis=0)
                return q_next, t_next

            def keep_estimate():
                return q_c, t_c

            q_next, t_next = jax.lax.cond(has_inliers, update_estimate, keep_estimate)
            return q_next, t_next

        q_final, t_final = jax.lax.fori_loop(0, num_iters, body_fn, (q_curr, t_curr))

        # Final check for inliers to determine success
        ang_errs = jax.vmap(lambda q: _angular_distance(q, q_final))(quats)
        trans_errs = jnp.linalg.norm(trans - t_final, axis=1)
        final_inliers = jnp.sum((ang_errs <= ang_thresh) & (trans_errs <= trans_thresh))

        return q_final, t_final, final_inliers > 0

    return jax.lax.cond(length == 0, fail_case, success_case)
