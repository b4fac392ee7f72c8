# Source: https://github.com/DBraun/remixavier-jax/blob/4ee155e17ff4e715cfdded49dec511cf1c9cd28c/estimate.py
# Title: remixavier-jax estimate.py (align_over_window, get_local_offsets)
# Cut: align_over_window body dropped (a checkified correlation search over one window); get_local_offsets kept whole.
from functools import partial
import math
from typing import Tuple

import argbind
import jax

jax.config.update("jax_enable_x64", True)
from jax import lax
from jax import numpy as jnp
from jax.scipy.optimize import minimize
from jax.scipy.signal import fftconvolve
from jax.experimental import checkify
import audiotree.resample
from librosax import stft, istft, amplitude_to_db
import numpy as np
import tqdm


@checkify.checkify
@argbind.bind()
def align_over_window(
    a: jnp.ndarray,
    b: jnp.ndarray,
    max_offset: int,
    correlation_size: int,
    a_center: int = None,
    b_center: int = None,
    chunk_size: int = 2**14,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    ...


def get_local_offsets(
    a: jnp.ndarray,
    b: jnp.ndarray,
    hop: int,
    max_offset: int,
    correlation_size: int,
    batch_size: int = 8,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """
    Given two signals a and b, estimate local offsets to fix timing error of b relative to a

    Args:
        a (jnp.ndarray): Some signal
        b (jnp.ndarray): Some other signal appropriately zero-padded to be the same size as ``a``
        hop (int): Number of samples between successive offset estimations
        max_offset (int): Maximum expected offset of the signals
        correlation_size (int): Number of samples to use in each correlate
        batch_size (int): Number of samples to use in each batch

    Returns:
        Tuple[jnp.ndarray, jnp.ndarray]: Tuple composed of offset_locations and local_offsets.
            offset_locations - locations, in samples, of each local offset estimation.
            local_offsets - Estimates the best local offset for the corresponding sample in offset_locations.
    """
    # Compute the locations where we'll estimate offsets
    assert a.ndim == 2
    C, N = a.shape
    offset_locations = jnp.arange(
        correlation_size + max_offset, N - (correlation_size + max_offset), hop
    )

    local_offsets_list = []

    @jax.vmap
    def align_func(offset_location: jnp.ndarray) -> jnp.ndarray:
        err, (offset, _) = align_over_window(
            b,
            a,
            max_offset,
            correlation_size,
            offset_location,
            offset_location,
        )
        err.throw()
        return offset

    for i in tqdm.trange(
        math.ceil(len(offset_locations) / batch_size), desc="Offset Locations"
    ):
        batch_input = offset_locations[i * batch_size : (i + 1) * batch_size]
        # todo: pad batch_input to improve usage with vmap? Then undo the padding after calling.
        local_offsets_list.append(
            np.array(align_func(batch_input))
        )  # todo: cast to np.array or not?

    # Reshape results to match expected output shape
    local_offsets = jnp.concatenate(local_offsets_list, axis=0)

    assert local_offsets.ndim == 1
    assert local_offsets.shape == offset_locations.shape

    return offset_locations, local_offsets
