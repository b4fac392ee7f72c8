# Source: https://github.com/DBraun/remixavier-jax/blob/4ee155e17ff4e715cfdded49dec511cf1c9cd28c/estimate.py
# Title: remixavier-jax estimate.py (_fftconvolve, fftconvolve_chunked, _stft, stft_in_batches)
# Cut: the rest of the module dropped; both chunked drivers kept whole.
from functools import partial
import math
from typing import Tuple

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


@jax.jit
def _fftconvolve(in1: jnp.ndarray, in2: jnp.ndarray):
    return fftconvolve(in1, in2, mode="full")


def fftconvolve_chunked(in1: jnp.ndarray, in2: jnp.ndarray, chunk_size: int):
    """
    Compute the FFT-based convolution of in1 and in2 in chunks using overlap-add,
    returning the same output as ``scipy.signal.fftconvolve(in1, in2, mode="same")``.

    Args:
        in1 (jnp.ndarray) : The first input signal (assumed to be very large).
        in2 (jnp.ndarray) : The second input signal (typically smaller than ``in1``).
        chunk_size (int): The size of each chunk for processing ``in1``.

    Returns:
        jnp.ndarray: The convolution result in "same" mode, i.e., the same length as ``in1``.
    """
    n1 = in1.shape[0]
    n2 = in2.shape[0]
    full_length = n1 + n2 - 1

    # Allocate an array for the full convolution result
    full_conv = jnp.zeros(full_length, dtype=jnp.result_type(in1, in2))

    # Process in1 in chunks using the overlap-add method
    for start in range(0, n1, chunk_size):
        # Extract the current chunk from in1
        chunk = in1[start : start + chunk_size]
        # Convolve the current chunk with in2 in 'full' mode
        conv_chunk = _fftconvolve(chunk, in2)
        # Add the convolution result into the correct position in the full_conv array
        full_conv = full_conv.at[start : start + conv_chunk.shape[0]].add(conv_chunk)

    # To mimic mode='same', we need to extract the central part of full_conv.
    # The offset should be (n2 - 1) // 2.
    offset = (n2 - 1) // 2
    result_same = full_conv[offset : offset + n1]
    return result_same


@partial(jax.jit, static_argnums=(1, 2, 3, 4))
def _stft(
    y: jnp.ndarray,
    n_fft: int,
    hop_length: int = None,
    win_length: int = None,
    window: str = "hann",
):
    return stft(
        y,
        n_fft=n_fft,
        hop_length=hop_length,
        win_length=win_length,
        window=window,
        center=False,
    )


def stft_in_batches(
    y: jnp.ndarray,
    n_fft: int = 2048,
    hop_length: int = 512,
    win_length: int = None,
    window: str = "hann",
    chunk_size: int = 2**13,
    dtype=jnp.complex128,
    verbose: bool = True,
):
    """
    Compute librosa-style STFT (center=True, zero-padded) in batches to reduce GPU memory usage, while allowing custom
    win_length.

    Args:
        y (np.ndarray): [shape=(..., T,)], real-valued time-domain signal.
        n_fft (int): Number of FFT components (window size).
        hop_length (int): Number of samples between successive frames.
        win_length (int | None): Each frame of audio is windowed by ``window`` of length ``win_length``
            and then padded with zeros to match ``n_fft``. If None, then
            `win_length = n_fft`.
        window (Union[str, tuple, number, function, np.ndarray]): Window specification, just like librosa. E.g., "hann",
            "hamming", etc.
        chunk_size (int): Number of frames to process per batch.
        dtype (jnp.dtype): Data type for the output STFT array.
        verbose (bool): Whether to print progress with ``tqdm``.

    Returns:
        jnp.ndarray: stft_out [shape=(1 + n_fft//2, n_frames)], complex
            STFT matrix of the entire signal, matching what you'd get
            from ``librosa.stft(...)`` with the same parameters (except center=True).
    """
    # Match librosa's frame calculation for center=True:
    T = y.shape[-1]
    n_frames = 1 + ((T + (n_fft // 2) * 2 - n_fft) // hop_length)

    # If win_length is None, match librosa default (win_length = n_fft)
    if win_length is None:
        win_length = n_fft

    # Allocate output array: shape = (1 + n_fft//2, n_frames)
    out_shape = y.shape[:-1] + (1 + n_fft // 2, n_frames)
    stft_out = jnp.empty(shape=out_shape, dtype=dtype)

    # Process frames in chunks of `chunk_size`
    for frame_start in tqdm.trange(
        0, n_frames, chunk_size, desc="STFT Batches", disable=not verbose
    ):
        frame_end = min(frame_start + chunk_size, n_frames)

        # We'll compute frames [frame_start, frame_end-1].
        # For center=True, frame i uses samples:
        #   [i * hop_length - n_fft//2,  i * hop_length + n_fft//2]
        start_sample = frame_start * hop_length - (n_fft // 2)
        end_sample = (
            (frame_end - 1) * hop_length + (n_fft // 2) + 1
        )  # +1 for Python slice end

        # Determine how much we need to pad on the left or right
        pad_left = max(0, -start_sample)
        pad_right = max(0, end_sample - T)

        # Slice the valid portion from y
        actual_start = max(start_sample, 0)
        actual_end = min(end_sample, T)
        y_sub = y[..., actual_start:actual_end]

        # Zero-pad if needed
        if pad_left or pad_right:
            pad_width = ((0, 0),) * (y_sub.ndim - 1) + ((pad_left, pad_right),)
            y_sub = jnp.pad(y_sub, pad_width=pad_width)

        # Compute STFT on this chunk with center=False (manual center logic above)
        stft_sub = _stft(
            y_sub,
            n_fft=n_fft,
            hop_length=hop_length,
            win_length=win_length,
            window=window,
        )

        # stft_sub has shape (..., 1 + n_fft//2, frame_end - frame_start)
        if stft_sub.shape[-1] != (frame_end - frame_start):
            raise RuntimeError(
                f"Chunked STFT mismatch: got {stft_sub.shape[-1]} frames, "
                f"expected {frame_end - frame_start}."
            )

        # Place it in the output
        stft_out = stft_out.at[..., frame_start:frame_end].set(stft_sub)

    return stft_out


