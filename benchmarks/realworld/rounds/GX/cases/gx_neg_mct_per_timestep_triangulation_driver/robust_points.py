# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/camera.py
# Title: multi_camera/analysis/camera.py (robust_triangulate_points)
# Cut: long docstring shortened; the per-time-slice jitted function is imported from slice_fn.py.
import jax
from jax import numpy as jnp

from slice_fn import robust_triangulate_point_time_slice, vmap_robust_triangulate_points


def robust_triangulate_points(camera_params, points2d, sigma=150, threshold=0.5, return_weights=False, fast_inference=True):
    """
    Robustly triangulate keypoints for all time points and joints.

    points2d: (num_cameras, T, J, 3). Returns (T, J, 4) and optionally weights (num_cameras, T, J).
    """

    # make sure sigma and threshold are jnp.array(float) to avoid retracing
    sigma = jnp.array(sigma, dtype=jnp.float32)
    threshold = jnp.array(threshold, dtype=jnp.float32)

    # Original shape: (num_cameras, T, J, 3). Reorder so that time is the first axis.
    points2d = jnp.transpose(points2d, (1, 2, 0, 3))  # now (T, J, num_cameras, 3)

    if fast_inference:
        # ultimately, the map function above still triggers tracing for each unique number of
        # timesteps, and the compilation time far exceeds the computation time. a simple for
        # loop works out much better
        points3d, weights = [], []
        for t in range(points2d.shape[0]):
            result = robust_triangulate_point_time_slice(points2d[t], camera_params, sigma, threshold)
            points3d.append(result[0])
            weights.append(result[1])
        points3d = jnp.stack(points3d, axis=0)
        weights = jnp.stack(weights, axis=0)
        results = [points3d, weights]

    else:
        # this always treats return_weights as True
        results = vmap_robust_triangulate_points(camera_params, points2d, sigma, threshold)

    if return_weights:
        points3d = results[0]
        weights = results[1].transpose(2, 0, 1, 3).squeeze(-1)
        return points3d, weights

    return results[0]
