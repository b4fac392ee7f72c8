# Source: https://github.com/machineko/jaxaudio/blob/7320a4ecd8f267e206c36be3551f919faa08d3b0/jax_audio/utils/audio_utils.py
# Title: jax_audio/utils/audio_utils.py — griff_lim_gpu
# Cut: inverse_stft_gpu and griff_lim_gpu kept; stft, get_window and pad_center imported from the rest of the module (see the library); wav I/O removed.
import warnings
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from jax_audio.utils.audio_exception import ParameterError
from jax_audio.utils.audio_utils import get_window, pad_center, stft


def inverse_stft_gpu(
    stft_matrix, hop_length=256, win_length=1024, window="hanning", dtype=np.float32
):

    from jax_audio.utils.cuda_utils import gpu_add_irfft, gpu_add_win
    from numba import cuda

    n_fft = 2 * (stft_matrix.shape[0] - 1)
    n_frames = stft_matrix.shape[1]

    fft_window = get_window(window, win_length)
    fft_window = pad_center(fft_window, n_fft)
    sq_window = fft_window ** 2

    expected_signal_len = n_fft + hop_length * (n_frames - 1)
    tmp_irfft = jnp.expand_dims(fft_window, -1) * jnp.fft.irfft(stft_matrix, axis=0)

    y = cuda.to_device(np.zeros(expected_signal_len, dtype=dtype))

    # Very basic numba cuda kernal is used cause of jax Omnistaging break jax jitted version (which was a lot faster)
    gpu_add_irfft[(32, 8), (8, 8)](y, tmp_irfft, hop_length)

    win_sum = cuda.to_device(np.zeros(expected_signal_len, dtype=dtype))

    gpu_add_win[(32, 8), (8, 8)](win_sum, sq_window, tmp_irfft.shape[1], hop_length)

    y, win_sum = np.asarray(y), np.asarray(win_sum)
    approx_nonzero_indices = win_sum != 0.0
    y[approx_nonzero_indices] /= win_sum[approx_nonzero_indices]
    return y[int(n_fft // 2) : -int(n_fft // 2)]


def griff_lim_gpu(
    stft_matrix,
    n_iter=32,
    hop_length=256,
    win_length=1024,
    window="hanning",
    dtype=np.float32,
    pad_mode="reflect",
    momentum=0.99,
    init="random",
    random_state=None,
):
    """
    This mimic librosa version
    """
    if random_state is None:
        rng = np.random
    elif isinstance(random_state, int):
        rng = np.random.RandomState(seed=random_state)
    elif isinstance(random_state, np.random.RandomState):
        rng = random_state

    if momentum > 1:
        warnings.warn(
            "Griffin-Lim with momentum={} > 1 can be unstable. "
            "Proceed with caution!".format(momentum)
        )
    elif momentum < 0:
        raise ParameterError("griffinlim() called with momentum={} < 0".format(momentum))

    # Infer n_fft from the spectrogram shape
    n_fft = 2 * (stft_matrix.shape[0] - 1)

    # using complex64 will keep the result to minimal necessary precision
    angles = np.empty(stft_matrix.shape, dtype=np.complex64)
    if init == "random":
        # randomly initialize the phase
        angles[:] = np.exp(2j * np.pi * rng.rand(*stft_matrix.shape))
    elif init is None:
        # Initialize an all ones complex matrix
        angles[:] = 1.0
    else:
        raise ParameterError("init={} must either None or 'random'".format(init))

    # And initialize the previous iterate to 0
    rebuilt = 0.0
    stft_jit = partial(jax.jit(stft, static_argnums=(1, 2, 3, 4, 5)))
    for _ in range(n_iter):
        # Store the previous iterate
        tprev = rebuilt

        inverse = inverse_stft_gpu(
            stft_matrix * angles,
            hop_length=hop_length,
            win_length=win_length,
            window=window,
            dtype=dtype,
        )

        rebuilt = stft_jit(
            inverse,
            n_fft,
            hop_length,
            win_length,
            window,
            pad_mode,
        )

        angles[:] = rebuilt - (momentum / (1 + momentum)) * tprev
        angles[:] /= np.abs(angles) + 1e-16

    return inverse_stft_gpu(
        stft_matrix * angles,
        hop_length=hop_length,
        win_length=win_length,
        window=window,
        dtype=dtype,
    )


