# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/camera.py
# Title: multi_camera/analysis/camera.py (project_distortion, reprojection_error)
# Cut: project_distortion reconstructed in shortened form (radial/tangential terms only, extrinsic
#      matrix passed in instead of built from rvec/tvec); reprojection_error vmaps it over cameras.
from jax import numpy as jnp
from jax import vmap, jit

from undistort import undistort_points  # noqa: F401  (used by triangulation in the source module)


def get_intrinsic(camera_params, i):
    mtx = jnp.take(camera_params["mtx"], i, axis=0)
    return jnp.array([[mtx[0] * 1000.0, 0, mtx[2] * 1000.0], [0, mtx[1] * 1000.0, mtx[3] * 1000.0], [0, 0, 1]])


@jit
def project_distortion(camera_params, i, points, extri):
    intri = get_intrinsic(camera_params, i)
    dist = jnp.take(camera_params["dist"], i, axis=0)

    if points.shape[-1] == 3:
        points = jnp.concatenate([points, jnp.ones((*points.shape[:-1], 1))], axis=-1)

    transformed = (extri @ points[..., None])[..., 0]
    xp = transformed[..., 0] / transformed[..., 2]
    yp = transformed[..., 1] / transformed[..., 2]
    r2 = xp**2 + yp**2
    radial = 1 + dist[0] * r2 + dist[1] * r2**2 + dist[4] * r2**3
    xpp = xp * radial + 2 * dist[2] * xp * yp + dist[3] * (r2 + 2 * xp**2)
    ypp = yp * radial + dist[2] * (r2 + 2 * yp**2) + 2 * dist[3] * xp * yp
    proj = intri @ jnp.stack([xpp, ypp, jnp.ones_like(xpp)], axis=-1)[..., None]
    proj = proj[..., 0]
    return jnp.where(jnp.abs(proj[..., -1:]) < 1e-6, 0, proj[..., :-1] / proj[..., -1:])


def reprojection_error(camera_params, points2d, points3d, extrinsics):
    N = camera_params["mtx"].shape[0]
    project_cameras = vmap(project_distortion, in_axes=(None, 0, None, 0), out_axes=(0))
    return points2d[..., :2] - project_cameras(camera_params, jnp.arange(N), points3d, extrinsics)
