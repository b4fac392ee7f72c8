# Source: https://github.com/pynapple-org/pynajax/blob/777b74c0d32f13c4fdec62a7496b2f2023f43b43/src/pynajax/jax_core.py
# Title: src/pynajax/jax_core.py (commit 777b74c "speed up jax jitting")
# Cut: convolution helpers, construct_nap and convolve_intervals kept; convolve_epoch removed (convolve still names it, as in the file).
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import pynapple as nap

_convolve_vec = jax.vmap(partial(jnp.convolve, mode="same"), (1, None), 1)
_convolve_mat = jax.vmap(_convolve_vec, (None, 1), -1)


@jax.jit
def _reshape_convolve_2d_kernel(tensor, kernel):
    shape_new = (*tensor.shape, kernel.shape[1])
    return _convolve_mat(tensor.reshape(tensor.shape[0], -1), kernel).reshape(shape_new)


@jax.jit
def _reshape_convolve_1d_kernel(tensor, kernel):
    return _convolve_vec(tensor.reshape(tensor.shape[0], -1), kernel).reshape(tensor.shape)


@jax.jit
def _jit_tree_convolve_2d_kernel(tree, kernel):
    # Convolve each epoch
    func = partial(_reshape_convolve_2d_kernel, kernel=kernel)
    convolved_epochs = jax.tree_map(lambda x: func(x), tree)
    return jnp.concatenate(jax.tree_leaves(convolved_epochs), axis=0)

@jax.jit
def _jit_tree_convolve_1d_kernel(tree, kernel):
    # Convolve each epoch
    func = partial(_reshape_convolve_1d_kernel, kernel=kernel)
    convolved_epochs = jax.tree_map(lambda x: func(x), tree)
    # Concatenate the convolved epochs
    return jnp.concatenate(jax.tree_leaves(convolved_epochs), axis=0)


def construct_nap(time, data, time_support, columns):
    """

    Parameters
    ----------
    time
    data
    time_support
    columns

    Returns
    -------

    """
    if data.ndim == 1:
        data = nap.Tsd(t=time, d=data, time_support=time_support)
    elif data.ndim == 2:
        data = nap.TsdFrame(t=time, d=data, columns=columns, time_support=time_support)
    else:
        data = nap.TsdTensor(t=time, d=data, time_support=time_support)
    return data


def convolve_intervals(data, kernel):
    """Convolves every dimension of data, except for the first which
    is assumed to be time, with every column of kernel.

    Parameters
    ----------
    data : pynapple.Tsd, pynapple.TsdFrame, pynapple.TsdTensor
        Pynapple timeseries object with data to be convolved
    kernel : numpy.ndarray, jax.numpy.ndarray
        1-D or 2-D array with kernel(s) to be used for convolution.
        First dimension is assumed to be time.

    Returns
    -------
    pynapple.Tsd, pynapple.TsdFrame, pynapple.TsdTensor
        Pynapple timeseries object with convolved data. If kernel is a 1-D array,
        the dimensions of the input data are retained. If kernel is a 2-D array,
        another (last) dimension is added to store convolution with every column of kernels.
    """

    # Create a tree of pynapple timeseries objects for each epoch
    tree = [data.get(start, end).d for start, end in data.time_support.values]

    if kernel.ndim == 1:
        convolved_data = _jit_tree_convolve_1d_kernel(tree, kernel)
    else:
        convolved_data = _jit_tree_convolve_2d_kernel(tree, kernel)

    # Reconstruct the timeseries object
    columns = None
    if kernel.ndim == 1 and hasattr(data, "columns"):
        columns = data.columns

    return construct_nap(data.t, convolved_data, data.time_support, columns)


def convolve(data, kernel):
    if len(data.time_support) > 1:
        return convolve_epoch(data, kernel)
    return convolve_intervals(data, kernel)
