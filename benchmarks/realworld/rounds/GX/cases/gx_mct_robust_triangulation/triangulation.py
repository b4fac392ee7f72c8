# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/camera.py
# Title: multi_camera/analysis/camera.py (camera model, DLT triangulation, pairwise triangulation)
# Cut: get_intrinsic/get_extrinsic/get_projection, triangulate_point and pairwise_triangulate kept;
#      long docstrings shortened; undistort_points (5-step Newton) is imported, not repeated here.
import numpy as np
import jax
from jax import numpy as jnp
from jax import vmap, jit
from jax.tree_util import tree_map
from jaxlie import SO3, SE3
from functools import partial

from undistort import undistort_points


def get_intrinsic(camera_params, i):
    mtx = jnp.take(camera_params["mtx"], i, axis=0)
    return jnp.array([[mtx[0] * 1000.0, 0, mtx[2] * 1000.0], [0, mtx[1] * 1000.0, mtx[3] * 1000.0], [0, 0, 1]])


def get_extrinsic(camera_params, i):
    rvec = jnp.take(camera_params["rvec"], i, axis=0)
    tvec = jnp.take(camera_params["tvec"], i, axis=0) * 1000.0
    rot = SO3.exp(rvec)
    return SE3.from_rotation_and_translation(rot, tvec).as_matrix()


def get_projection(camera_params, i):
    intri = get_intrinsic(camera_params, i)
    extri = get_extrinsic(camera_params, i)
    return intri @ extri[:3]


@partial(jit, static_argnums=(2,))
def triangulate_point(camera_params, points2d, return_confidence=False):
    r"""Triangulate multiple 2D observations in 3D"""

    N = camera_params["mtx"].shape[0]
    projections = jnp.array([get_projection(camera_params, i) for i in range(N)])

    assert points2d.shape[0] == projections.shape[0]

    if points2d.shape[-1] == 3:
        weight = points2d[..., -1:]
        points2d = points2d[..., :-1]
    else:
        weight = np.ones((*points2d.shape[:-1], 1))

    points2d = jnp.array([undistort_points(points2d[i], get_intrinsic(camera_params, i), camera_params["dist"][i]) for i in range(N)])

    projections_shape = (points2d.shape[0], *[1] * (len(points2d.shape) - 2), 3, 4)
    projections = projections.reshape(projections_shape)

    A = projections[..., -1:, :] * points2d[..., None] - projections[..., :-1, :]
    A = A * weight[..., None]

    def _triangulate_A(A):
        assert len(A.shape) == 3
        A = jnp.nan_to_num(A, nan=0)
        A = A.reshape((A.shape[0] * A.shape[1], *A.shape[2:]))
        _, _, vh = jnp.linalg.svd(A, full_matrices=False)
        p3d = vh[-1]
        p3d = p3d[:3] / p3d[3]
        return p3d

    if len(A.shape) == 3:
        p3d = _triangulate_A(A)
    elif len(A.shape) == 4:
        p3d = vmap(_triangulate_A, in_axes=1, out_axes=0)(A)
    elif len(A.shape) == 5:
        p3d = vmap(vmap(_triangulate_A, in_axes=1, out_axes=0), in_axes=2, out_axes=1)(A)
    else:
        raise Exception("Unsupported shape")

    if return_confidence:
        conf3d = jnp.sum(weight**2, axis=0) / jnp.sum(weight, axis=0)
        p3d = jnp.concatenate([p3d, conf3d], axis=-1)

    return p3d


@jit
def pairwise_triangulate(pair, camera_calibration, points2d, threshold=None):
    idx = jnp.array(pair)

    points2d = jnp.take(points2d, idx, axis=0)

    if points2d.shape[-1] == 2:
        weight = np.ones((*points2d.shape[:-1], 1))
        points2d = jnp.concatenate([points2d, weight], axis=-1)

    if threshold is not None:
        mask = points2d[..., -1] > threshold
        updated_confidence = jnp.where(mask, 1.0, 0.0)
        points2d = points2d.at[..., -1].set(updated_confidence)

    cams = tree_map(lambda x: jnp.take(x, idx, axis=0), camera_calibration)
    points3d = triangulate_point(cams, points2d)
    points3d = jnp.concatenate([points3d, jnp.min(points2d[..., -1], axis=0)[..., None]], axis=-1)
    return points3d
