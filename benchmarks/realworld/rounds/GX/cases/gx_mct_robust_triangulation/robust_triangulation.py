# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/camera.py
# Title: multi_camera/analysis/camera.py (robust_triangulate_point_single and its vmapped callers)
# Cut: docstrings shortened; pairwise_triangulate / triangulate_point bodies omitted (imported); the
#      caller shows compute_camera_weights traced under jit and vmapped over joints and time steps.
import jax
from jax import numpy as jnp
from jax.tree_util import Partial
from functools import partial

from camera_weights import compute_camera_weights, weiszfeld_geometric_median
from triangulation import pairwise_triangulate, triangulate_point


@partial(jax.jit, static_argnames=("return_weight"))
def robust_triangulate_point_single(camera_params, points2d, sigma=jnp.array(150.0), threshold=jnp.array(0.5), return_weight=False):
    points2d = jnp.expand_dims(points2d, axis=1)  # shape: (N, 1, 3)
    N = points2d.shape[0]

    # Form all unique camera pairs.
    permutations = jnp.array([(i, j) for i in range(1, N) for j in range(0, i)])

    def single_pair(pair):
        return pairwise_triangulate(pair, camera_params, points2d, threshold)

    point3d_clusters = jax.vmap(single_pair)(permutations)
    point3d_clusters = jnp.squeeze(point3d_clusters, axis=1)

    mask = point3d_clusters[..., -1] < threshold
    point3d_clusters = jnp.where(mask[..., None], jnp.nan, point3d_clusters)

    robust_point = weiszfeld_geometric_median(point3d_clusters[:, :3])
    pair_error = jnp.linalg.norm(point3d_clusters[:, :3] - robust_point, axis=-1)
    robust_weights = compute_camera_weights(pair_error, permutations, sigma, N)  # shape: (N,)

    robust_weights = robust_weights[:, None]
    robust_points2d = points2d.at[..., -1].set(robust_weights)
    robust_point3d = triangulate_point(camera_params, robust_points2d, return_confidence=True)
    robust_point3d = jnp.squeeze(robust_point3d, axis=0)  # now shape (4,)

    conf = robust_point3d[-1]
    conf = jnp.where(jnp.isnan(conf), 0.0, conf)
    robust_point3d = robust_point3d.at[-1].set(conf)

    if return_weight:
        return robust_point3d, robust_weights

    return robust_point3d


@jax.jit
def robust_triangulate_point_time_slice(points2d, camera_params, sigma, threshold):
    return jax.vmap(lambda _x: robust_triangulate_point_single(camera_params, _x, sigma, threshold, return_weight=True))(points2d)


def vmap_robust_triangulate_points(camera_params, points2d, sigma, threshold):
    map_fn = Partial(robust_triangulate_point_time_slice, camera_params=camera_params, sigma=sigma, threshold=threshold)
    return jax.vmap(map_fn)(points2d)
