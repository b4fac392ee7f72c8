# Source: https://github.com/apasarkar/jnormcorre/blob/353864153107c4c37f00f3d45695ee307ef1711a/jnormcorre/spatial_filters.py
# Title: jnormcorre/spatial_filters.py — spatial filters applied to each frame before registration
# Cut: kept the convolution filter and its jit / jit(vmap) wrappers; kernel builders dropped.
import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, vmap


def _convolution_image_filter(img: np.ndarray, kernel: np.ndarray):
    """
    Filter img with kernel
    Args:
        img (np.ndarray): Shape (fov dim 1, fov dim 2). Image to be filtered
        kernel (np.ndarray): Shape (k1, k1). Kernel for filtering
    Returns:
        filtered_img (np.ndarray): Shape (fov dim 1, fov dim 2).
    """
    img_padded = jnp.pad(
        img,
        (
            ((kernel.shape[0]) // 2, (kernel.shape[0]) // 2),
            ((kernel.shape[1]) // 2, (kernel.shape[1]) // 2),
        ),
        mode="reflect",
    )
    filtered_frame = jax.scipy.signal.convolve(img_padded, kernel, mode="valid")
    return filtered_frame


convolution_image_filter = jit(_convolution_image_filter)
convolution_image_filter_batch = jit(vmap(_convolution_image_filter, in_axes=(0, None)))
