# Source: https://github.com/probcomp/bayes3d/blob/eb942aeca9441957c5cc62da26dde3e2c70c23c2/bayes3d/camera.py
# Title: bayes3d bayes3d/camera.py (point-cloud rendering)
# Cut: kept project_cloud_to_pixels, render_point_cloud and render_point_cloud_batched; the Intrinsics class and GL helpers dropped; 'b.' calls made local.
import jax.numpy as jnp
import numpy as np


def project_cloud_to_pixels(point_cloud, intrinsics):
    point_cloud_normalized = point_cloud / point_cloud[:, 2].reshape(-1, 1)
    temp1 = point_cloud_normalized[:, :2] * jnp.array([intrinsics.fx, intrinsics.fy])
    pixels = temp1 + jnp.array([intrinsics.cx, intrinsics.cy])
    return pixels


def render_point_cloud(point_cloud, intrinsics, pixel_smudge=1):
    transformed_cloud = point_cloud
    point_cloud = jnp.vstack([jnp.zeros((1, 3)), transformed_cloud])
    pixels = project_cloud_to_pixels(point_cloud, intrinsics)
    x, y = jnp.meshgrid(jnp.arange(intrinsics.width), jnp.arange(intrinsics.height))
    matches = (jnp.abs(x[:, :, None] - pixels[:, 0]) <= pixel_smudge) & (
        jnp.abs(y[:, :, None] - pixels[:, 1]) <= pixel_smudge
    )
    matches = matches * (intrinsics.far * 2.0 - point_cloud[:, -1][None, None, :])
    a = jnp.argmax(matches, axis=-1)
    return point_cloud[a]


def render_point_cloud_batched(point_cloud, intrinsics, NUM_PER, pixel_smudge=1):
    all_images = []
    num_iters = jnp.ceil(point_cloud.shape[0] / NUM_PER).astype(jnp.int32)
    for i in range(num_iters):
        img = render_point_cloud(
            point_cloud[i * NUM_PER : i * NUM_PER + NUM_PER],
            intrinsics,
            pixel_smudge=pixel_smudge,
        )
        img = img.at[img[:, :, 2] < intrinsics.near].set(intrinsics.far)
        all_images.append(img)
    all_images_stack = jnp.stack(all_images, axis=-2)
    best = all_images_stack[:, :, :, 2].argmin(-1)
    img = all_images_stack[
        np.arange(intrinsics.height)[:, None],
        np.arange(intrinsics.width)[None, :],
        best,
        :,
    ]
    return img
