# Source: https://github.com/mikesol/fouriax/blob/ed16e62e366cb96526ad4516419c79a32a90e590/tests/test_pvc.py
# Title: fouriax tests/test_pvc.py
# Cut: log parsing, the FKT/twiddle/phaselock tests and the reference-data loading dropped; the jit rebinding,
#      the transform_array reference helper and interleave helpers kept.
import random
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import soundfile as sf

from fouriax.pvc import (
    convert_stft_to_amp_and_freq_using_0_phase,
    fold_pvc_patches,
    koonce_normalization,
    koonce_sinc,
    make_pvc_patches,
    noscbank,
    phaselock,
    precompute_bitreverse_indices,
    precompute_cfkt_constants,
    precompute_rfkt_constants,
    rfkt,
)

(
    convert_stft_to_amp_and_freq_using_0_phase,
    fold_pvc_patches,
    koonce_normalization,
    koonce_sinc,
    make_pvc_patches,
    noscbank,
    rfkt,
    phaselock,
) = (
    jax.jit(convert_stft_to_amp_and_freq_using_0_phase),
    jax.jit(fold_pvc_patches, static_argnums=(2, 3, 4)),
    jax.jit(koonce_normalization),
    jax.jit(koonce_sinc, static_argnums=(1, 2)),
    jax.jit(make_pvc_patches, static_argnums=(1, 2, 3)),
    jax.jit(noscbank),
    jax.jit(rfkt),
    jax.jit(phaselock),
)



def transform_array(input_array, transform_function):
    """
    Apply a transformation function over the 'chan' axis of an input array.

    Parameters:
    - input_array: np.ndarray of shape (bin, seq, chan).
    - transform_function: A function that takes an array of shape (chan,)
                          and returns an array of shape (chan2,).

    Returns:
    - np.ndarray of shape (bin, seq, chan2) where chan2 is determined by the
      transform_function.
    """
    # Determine the shape of the input array
    bin_, seq, _ = input_array.shape

    # Initialize an empty list to hold the transformed data
    transformed_data = []

    # Iterate over the first two dimensions (bin and seq)
    for i in range(bin_):
        seq_list = []
        for j in range(seq):
            # Apply the transformation function to each (chan,) slice
            transformed_slice = transform_function(input_array[i, j, :])
            seq_list.append(transformed_slice)
        # After processing all sequences for the current bin, stack them along the seq axis
        transformed_seq = np.stack(seq_list, axis=0)
        transformed_data.append(transformed_seq)

    # Stack the transformed data along the bin axis to get the final array
    output_array = np.stack(transformed_data, axis=0)

    return output_array


def interleave_to_complex(x):
    return x[::2] + 1j * x[1::2]


def complex_to_interleave(x):
    real = np.real(x)
    imag = np.imag(x)
    return np.ravel(np.column_stack((real, imag)))

