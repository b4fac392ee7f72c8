# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/camera.py
# Title: multi_camera/analysis/camera.py (undistort_points)
# Cut: docstring example and the disabled tilt branch removed; body otherwise as in the source.
from jax import numpy as jnp
from jax import jit


@jit
def undistort_points(points: jnp.array, K: jnp.array, dist: jnp.array, num_iters: int = 5) -> jnp.array:
    r"""Compensate for lens distortion a set of 2D image points.

    Based on OpenCV undistort.dispatch.cpp and kornia's undistort_points.
    """

    # Adding zeros to obtain vector with 14 coeffs.
    if dist.shape[-1] < 14:
        pad_dist = jnp.zeros((*dist.shape[:-1], 14))
        pad_dist = pad_dist.at[..., : dist.shape[-1]].set(dist)
        dist = pad_dist

    # Convert 2D points from pixels to normalized camera coordinates
    cx = K[..., 0:1, 2]  # princial point in x (Bx1)
    cy = K[..., 1:2, 2]  # princial point in y (Bx1)
    fx = K[..., 0:1, 0]  # focal in x (Bx1)
    fy = K[..., 1:2, 1]  # focal in y (Bx1)

    # This is equivalent to K^-1 [u,v,1]^T
    x = (points[..., 0] - cx) / fx  # (BxN - Bx1)/Bx1 -> BxN
    y = (points[..., 1] - cy) / fy  # (BxN - Bx1)/Bx1 -> BxN

    # Iteratively undistort points
    x0, y0 = x, y
    for _ in range(num_iters):
        r2 = x * x + y * y

        inv_rad_poly = (1 + dist[..., 5:6] * r2 + dist[..., 6:7] * r2 * r2 + dist[..., 7:8] * r2**3) / (
            1 + dist[..., 0:1] * r2 + dist[..., 1:2] * r2 * r2 + dist[..., 4:5] * r2**3
        )
        deltaX = 2 * dist[..., 2:3] * x * y + dist[..., 3:4] * (r2 + 2 * x * x) + dist[..., 8:9] * r2 + dist[..., 9:10] * r2 * r2
        deltaY = dist[..., 2:3] * (r2 + 2 * y * y) + 2 * dist[..., 3:4] * x * y + dist[..., 10:11] * r2 + dist[..., 11:12] * r2 * r2

        x = (x0 - deltaX) * inv_rad_poly
        y = (y0 - deltaY) * inv_rad_poly

    # Convert points from normalized camera coordinates to pixel coordinates
    new_cx = K[..., 0:1, 2]
    new_cy = K[..., 1:2, 2]
    new_fx = K[..., 0:1, 0]
    new_fy = K[..., 1:2, 1]
    x = new_fx * x + new_cx
    y = new_fy * y + new_cy

    return jnp.stack([x, y], -1)
