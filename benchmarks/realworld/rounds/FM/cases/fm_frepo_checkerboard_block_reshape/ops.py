# Source: https://github.com/yongchaoz/FRePo/blob/43e028a5839a5de367701b9e9544a08ffccb3166/lib/dataset/ops.py
# Title: lib/dataset/ops.py (FRePo dataset distillation, ZCA preprocessing)
# Cut: kept imports, blockshaped, checkboardshaped and the covariance part of compute_zca_mean_cov_ds that vmaps them; dropped tf branches elsewhere, the mean pass and logging

import tqdm
import functools
from absl import logging

import jax
import jax.numpy as jnp
import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds


def blockshaped(arr, h, w, c, nrows, ncols, is_tf=False):
    """
    Return an array of shape (n, nrows * ncols * c) where
    n * nrows * ncols * c= arr.size

    If arr is a 2D array, the returned array should look like n subblocks with
    each subblock preserving the "physical" layout of arr.
    """
    if is_tf:
        arr = tf.reshape(arr, shape=(h // nrows, nrows, w // ncols, ncols, c))
        arr = tf.transpose(arr, perm=[0, 2, 1, 3, 4])
        arr = tf.reshape(arr, shape=(-1, nrows * ncols * c))
        return arr
    else:
        return arr.reshape(h // nrows, nrows, w // ncols, ncols, c).swapaxes(1, 2).reshape(-1, nrows * ncols * c)


def unblockshaped(arr, h, w, c, nrows, ncols, is_tf=False):
    """
    Return an array of shape (h, w, c) where
    h * w * c = arr.size

    If arr is of shape (n, nrows * ncols * c), n sublocks of shape (nrows * ncols * c),
    then the returned array preserves the "physical" layout of the sublocks.
    """
    if is_tf:
        arr = tf.reshape(arr, shape=(h // nrows, w // ncols, nrows, ncols, c))
        arr = tf.transpose(arr, perm=[0, 2, 1, 3, 4])
        arr = tf.reshape(arr, shape=(h, w, c))
        return arr
    else:
        return arr.reshape(h // nrows, w // ncols, nrows, ncols, c).swapaxes(1, 2).reshape(h, w, c)


def checkboardshaped(arr, h, w, c, nrows, ncols, is_tf=False):
    stride_row = h // nrows
    stride_col = w // ncols

    arr = arr.reshape(h, w, c)
    new_arr = jnp.zeros(shape=(stride_row, stride_col, nrows, ncols, c))

    for i in range(h // nrows):
        for j in range(w // ncols):
            new_arr = new_arr.at[i, j, :, :, :].set(arr[i::stride_row, j::stride_col, :])

    return new_arr.reshape(-1, nrows * ncols * c)


def compute_zca_mean_cov_ds(ds, img_shape, mean=None, std=None, resolution=32, block_size=None, batch_size=1000,
                            use_checkboard=False):
    rows = img_shape[0] if img_shape[0] is not None else resolution
    cols = img_shape[1] if img_shape[1] is not None else resolution
    channels = img_shape[2] if img_shape[2] is not None else 3
    dim = rows * cols * channels

    ds = ds.map(lambda x, y: tf.cast(x, dtype='float32') / 255.0, tf.data.AUTOTUNE)

    if None in img_shape:
        ds = ds.map(lambda x: center_crop(x, resolution), tf.data.AUTOTUNE)

    if mean is not None:
        ds = ds.map(lambda x: (x - mean) / std, tf.data.AUTOTUNE)

    ds = ds.map(lambda x: tf.reshape(x, shape=(dim,)), tf.data.AUTOTUNE)
    ds = ds.batch(batch_size=batch_size)
    ds = ds.prefetch(buffer_size=tf.data.AUTOTUNE)

    zca_sum = jnp.zeros(shape=(dim,))
    count = 0

    if block_size is not None:
        assert rows % block_size == 0, 'rows ({}) is not evenly divisible by block_size ({})'.format(rows, block_size)
        assert cols % block_size == 0, 'cols ({}) is not evenly divisible by block_size ({})'.format(cols, block_size)
        block_dim = block_size * block_size * channels
        cov_sum = jnp.zeros(shape=(dim // block_dim, block_dim, block_dim))
    else:
        cov_sum = jnp.zeros(shape=(dim, dim))


    # (mean pass over ds cut)
    zca_mean = 1.0 / count * zca_sum

    if use_checkboard:
        reshape_op = jax.vmap(functools.partial(checkboardshaped, nrows=block_size, ncols=block_size, is_tf=False),
                              in_axes=(0, None, None, None))
    else:
        reshape_op = jax.vmap(functools.partial(blockshaped, nrows=block_size, ncols=block_size, is_tf=False),
                              in_axes=(0, None, None, None))

    for x_batch in tqdm.tqdm(tfds.as_numpy(ds), desc='Compute ZCA Covariance with batch size: {}'.format(batch_size)):
        x_batch = x_batch - zca_mean
        if block_size is not None:
            x_batch = reshape_op(x_batch, rows, cols, channels)
            cov_sum = cov_sum + jnp.einsum('ijk,ijl->jkl', x_batch, x_batch)
        else:
            cov_sum = cov_sum + x_batch.T.dot(x_batch)

    cov = 1.0 / count * cov_sum
    return zca_mean, cov
