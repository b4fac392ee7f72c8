# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/camera.py
# Title: multi_camera/analysis/camera.py (robust_triangulate_point_time_slice)
# Cut: robust_triangulate_point_single is imported (its body is the per-joint robust DLT).
import jax
from jax.tree_util import Partial

from single import robust_triangulate_point_single


@jax.jit
def robust_triangulate_point_time_slice(points2d, camera_params, sigma, threshold):
    """
    Helper to apply robust_triangulate_point_single to all joints at a single time point.

    We specifically create this intermediatry to allow it to be jitted and cached for a given number of cameras.
    """
    return jax.vmap(lambda _x: robust_triangulate_point_single(camera_params, _x, sigma, threshold, return_weight=True))(points2d)


def vmap_robust_triangulate_points(camera_params, points2d, sigma, threshold):
    map_fn = Partial(robust_triangulate_point_time_slice, camera_params=camera_params, sigma=sigma, threshold=threshold)
    return jax.vmap(map_fn)(points2d)
