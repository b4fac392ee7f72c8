# Source: https://github.com/apasarkar/jnormcorre/blob/353864153107c4c37f00f3d45695ee307ef1711a/jnormcorre/motion_correction.py
# Title: jnormcorre/motion_correction.py (JAX NoRMCorre motion correction of imaging movies)
# Cut: kept the template computation over spatial chunks (host loop over a jitted nanmean), the frame-split planner and the vmapped, jitted patch cropping; dropped the registration kernels and the dataloader pipeline.
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, vmap
from jax.typing import ArrayLike


def generate_template_chunk(arr: np.ndarray, batch_size: int = 250000) -> np.ndarray:
    dim_1_step = int(math.sqrt(batch_size))
    dim_2_step = int(math.sqrt(batch_size))

    dim1_net_iters = math.ceil(arr.shape[1] / dim_1_step)
    dim2_net_iters = math.ceil(arr.shape[2] / dim_2_step)

    total_output = np.zeros((arr.shape[1], arr.shape[2]))
    for k in range(dim1_net_iters):
        for j in range(dim2_net_iters):
            start_dim1 = k * dim_1_step
            end_dim1 = min(start_dim1 + dim_1_step, arr.shape[1])
            start_dim2 = j * dim_2_step
            end_dim2 = min(start_dim2 + dim_2_step, arr.shape[2])
            total_output[start_dim1:end_dim1, start_dim2:end_dim2] = nan_processing(
                arr[:, start_dim1:end_dim1, start_dim2:end_dim2]
            )

    return total_output


@partial(jit)
def nan_processing(arr: ArrayLike) -> ArrayLike:
    p = jnp.nanmean(arr, 0)
    q = jnp.nanmin(p)
    r = jnp.nan_to_num(p, q)
    return r


def regular_collate(batch):
    return batch[0]


def calculate_splits(T: int, frames_per_split: int) -> list:
    """
    Function used to build a computation work plan for motion correction (decide which frames to run per split, etc.)
    """
    if frames_per_split <= 1:
        raise ValueError("frames_per_split must be an integer greater than 1")

    start_point = list(range(0, T, frames_per_split))
    if T - frames_per_split < start_point[-1] and len(start_point) > 1:
        start_point[-1] = T - frames_per_split

    slice_list = []
    for k in range(len(start_point)):
        start = start_point[k]
        end = min(T, start + frames_per_split)
        slice_list.append(slice(start, end, 1))

    return slice_list


def load_split_heuristic(d1, d2, T):
    """
    Heuristic for determining how many frames to register at a time (to avoid GPU OOM)
    """

    if d1 * d2 > 512 * 512:
        new_T = 20
    elif d1 * d2 > 100000:
        new_T = 100
    else:
        new_T = 2000

    return min(T, new_T)


@partial(jit, static_argnums=(1, 2, 3, 4))
def get_indices(img, overlaps_0, overlaps_1, strides_0, strides_1):
    first_dim = jnp.arange(0, img.shape[0] - overlaps_0 - strides_0, strides_0)
    first_dim = jnp.append(first_dim, img.shape[0] - overlaps_0 - strides_0)

    second_dim = jnp.arange(0, img.shape[1] - overlaps_1 - strides_1, strides_1)
    second_dim = jnp.append(second_dim, img.shape[1] - overlaps_1 - strides_1)
    return first_dim, second_dim


@partial(jit, static_argnums=(3, 4))
def crop_image(img, x, y, length_1, length_2):
    out = jax.lax.dynamic_slice(img, (x, y), (length_1, length_2))
    return out


crop_image_vmap = vmap(crop_image, in_axes=(None, 0, 0, None, None))


# @partial(jit, static_argnums=(1,2,3,4))
def get_patches_jax(img, overlaps_0, overlaps_1, strides_0, strides_1):
    first_dim, second_dim = get_indices(
        img, overlaps_0, overlaps_1, strides_0, strides_1
    )
    product = jnp.array(jnp.meshgrid(first_dim, second_dim)).T.reshape((-1, 2))
    first_dim_new = product[:, 0]
    second_dim_new = product[:, 1]
    return crop_image_vmap(
        img,
        first_dim_new,
        second_dim_new,
        overlaps_0 + strides_0,
        overlaps_1 + strides_1,
    )


