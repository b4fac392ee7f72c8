# Source: https://github.com/FlorentLM/mokap/blob/5f495d92a46d60adf98d10d0f589a846a9faf6db/mokap/utils/geometry/stats.py
# Title: mokap/utils/geometry/stats.py (estimate_initial_poses)
# Cut: kept verbatim; quaternion_average and robust_translation_mean are imported from averages.py.
from typing import Tuple
import jax
from jax import numpy as jnp

from averages import quaternion_average, robust_translation_mean, ZERO_T, ID_QUAT


def estimate_initial_poses(
    rt_stack_flat: jnp.ndarray,  # (C, M_max, 7): rt vector [q_w, q_x, q_y, q_z, t_x, t_y, t_z]
    lengths:       jnp.ndarray   # (C,) integers
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """
    Loops over each camera

    For each camera c:
        Take the first lengths[c] rows of rt_stack_flat[c]
        Split into quaternions (4) and translations (3)
        Compute Markley mean of quaternions
        Compute component wise median of tvecs

    Returns:
        q_estimates: np array (C, 4)
        t_estimates: np array (C, 3)
    """

    C, M_max, _ = rt_stack_flat.shape

    q_list = []
    t_list = []

    for c in range(C):
        M_c = int(lengths[c])       # slice length for camera c
        rt_flat = rt_stack_flat[c]  # (M_max, 7)

        if M_c == 0:
            # No valid samples so return identity quaternion + zero translation
            q_med = ID_QUAT
            t_med = ZERO_T
        else:
            # Normal case, take the first M_c rows
            valid = rt_flat[:M_c, :]    # (M_c, 7)

            # Split into quaternions and translations
            quats = valid[:, :4]        # (M_c, 4)
            tvecs = valid[:, 4:]        # (M_c, 3)

            q_med = quaternion_average(quats)   # (4,)
            t_med = robust_translation_mean(tvecs, num_iters=4, delta=1.0)   # (3,)

        q_list.append(q_med)
        t_list.append(t_med)

    q_estimates = jnp.stack(q_list, axis=0)     # (C, 4)
    t_estimates = jnp.stack(t_list, axis=0)     # (C, 3)
    return q_estimates, t_estimates
