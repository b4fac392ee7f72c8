# Source: https://github.com/Computational-Optics-Lab/jax-image-processing/blob/8e74e280658d267394d3ebb1b05aa4c488ef507b/sharpness.py
# Title: sharpness.py (Laplacian focus metrics over a z-stack of 3072x3072 Bayer images)
# Cut: kept the Laplace kernel helper, two vmapped focus metrics, laplace_engine (jit + host
#      batch loop) and _process_one_zslice (lax.scan over batches); docstrings and the other
#      metrics cut.
from functools import partial

import cv2
import jax
import jax.numpy as jnp
import numpy as np
from chex import Array


def get_opencv_laplace_kernel(ksize: int = 1) -> Array:
    if ksize != 1:
        blocksize = ksize
    else:
        blocksize = 3
    impulse = np.zeros((blocksize + 2, blocksize + 2), dtype=np.uint8)
    impulse[blocksize // 2 + 1, blocksize // 2 + 1] = 1
    kernel = cv2.Laplacian(impulse, cv2.CV_32F, ksize=ksize)
    # crop this down to blocksize and return
    return jnp.array(kernel[1:-1, 1:-1], dtype=jnp.bfloat16)


@partial(jax.vmap, in_axes=(0, None))
@partial(jax.vmap, in_axes=(0, None))
def downsample_bayer_laplacian(bayer_image: Array, kernel: Array) -> Array:
    metric = jnp.abs(
        jax.scipy.signal.convolve2d(
            bayer_image[::2, ::2].astype(jnp.bfloat16),
            kernel,
            mode="same",
            precision="fastest",
        )
    )
    metric = metric * (metric > jnp.bfloat16(100))
    return jnp.mean(
        jax.scipy.signal.convolve2d(
            metric,
            jnp.ones((3, 3), dtype=jnp.bfloat16),
            mode="same",
            precision="fastest",
        )
    )


# @partial(jax.vmap, in_axes=(0, None))
@partial(jax.vmap, in_axes=(0, None))
@partial(jax.vmap, in_axes=(0, None))
def downsample_bayer_sml(bayer_image: Array, kernel: Array) -> Array:
    # kernels in x- and y -direction for Laplacian
    kx = jnp.array(
        [
            [2, 0, -2],
            [8, 0, -8],
            [2, 0, -2],
        ],
        dtype=jnp.bfloat16,
    )
    ky = jnp.array(
        [
            [2, 8, 2],
            [0, 0, 0],
            [-2, -8, -2],
        ],
        dtype=jnp.bfloat16,
    )
    # add absoulte of image convolved with kx to absolute
    # of image convolved with ky (modified laplacian)
    ml_img = jnp.abs(
        jax.scipy.signal.convolve2d(
            bayer_image[255:2815:2, 256:2816:2].astype(jnp.bfloat16),
            kx,
            mode="same",
            precision="fastest",
        )
    ) + jnp.abs(
        jax.scipy.signal.convolve2d(
            bayer_image[255:2815:2, 256:2816:2].astype(jnp.bfloat16),
            ky,
            mode="same",
            precision="fastest",
        )
    )
    # threhold the modified laplacian image
    ml_img = ml_img * (ml_img > jnp.bfloat16(1))
    # apply 2d box filter to the thresholded image
    return jnp.mean(
        jax.scipy.signal.convolve2d(
            ml_img,
            jnp.ones((3, 3), dtype=jnp.bfloat16),
            mode="same",
            precision="fastest",
        )
    )


# TODO write docs
class laplace_engine:

    def __init__(
        self,
        sharpness_function: str = "downsample_bayer_sml",
        ksize: int = 3,
        data_shape: tuple = (50, 6, 6, 3072, 3072),
        batch_size: int = 3,
    ):
        self.kernel = get_opencv_laplace_kernel(ksize)
        self.batch_size = batch_size  # 3 works best with 50 slices on the DUMC system
        function = globals()[sharpness_function]
        self.calculator = jax.jit(function)
        zero_slice = jnp.zeros(
            (data_shape[0], self.batch_size, data_shape[3], data_shape[4]),
            dtype=jnp.bfloat16,
        )
        k = self.calculator(zero_slice, self.kernel)
        del k, zero_slice

    def get_metric(self, data):
        datak = np.reshape(data.values, (data.shape[0], -1, 3072, 3072))
        metrics = []
        for j in range(datak.shape[1] // self.batch_size):
            metrics.append(
                self.calculator(
                    datak[:, j * self.batch_size : (j + 1) * self.batch_size],
                    self.kernel,
                )
            )

        return jnp.hstack(metrics).reshape(
            (data.shape[0], data.shape[1], data.shape[2])
        )

    def find_best_z(self, data):
        metrics = self.get_metric(data)
        return jnp.argmax(metrics, axis=0)


def _process_one_zslice(data_slice, ksize, batch_size):
    batches = jnp.arange(0, data_slice.shape[0], batch_size)
    # length = data_slice.shape[0]

    def body(_, i):
        return None, downsample_bayer_laplacian(
            jax.lax.dynamic_slice(data_slice, (i, 0, 0), (batch_size, 3072, 3072)),
            ksize,
        )

    return jnp.hstack(jax.lax.scan(body, None, batches)[1]).squeeze()
