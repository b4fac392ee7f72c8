# Source: https://github.com/flyingblackshark/jax-bs-roformer/blob/554fef981b927b2cffadc47158ecfc293eba35b8/train.py
# Title: jax-bs-roformer train.py (Trainer.__init__, extract_step)
# Cut: extract_step and its jax.jit wrapper kept; sharding specs replaced by None; the window sizes
#      from configs/base.yaml (multi_stft_resolutions_window_sizes: [4096, 2048, 1024, 512, 256]) added as HP_WINDOWS.
import functools
from typing import Tuple

import jax
import jax.numpy as jnp
from jax import random
from flax.training.train_state import TrainState
import audax.core.stft
from einops import rearrange

HP_WINDOWS = [4096, 2048, 1024, 512, 256]


def make_step(hp):
    def extract_step(
        state: TrainState,
        raw_audio: jnp.ndarray,
        target_audio : jnp.ndarray,
        prng_key : jnp.ndarray,
        deterministic : bool
    ) -> Tuple[jnp.ndarray, TrainState]:
        prng_key, step_key,dropout_key = random.split(prng_key,3)
        predict_audio = state.apply_fn({'params': state.params},
                                       raw_audio,
                                       deterministic=deterministic,
                                       rngs={'rnorms':step_key,'dropout': dropout_key})
        predict_audio = predict_audio[...,:target_audio.shape[-1]]

        loss = jnp.mean(jnp.abs(predict_audio - target_audio))

        multi_stft_resolution_loss = 0.

        for window_size in hp.model.multi_stft_resolutions_window_sizes:
            res_stft_kwargs = dict(
                n_fft=max(window_size, hp.model.stft_n_fft),  # not sure what n_fft is across multi resolution stft
                win_length=window_size,
                window=jnp.hanning(window_size),
                hop_length=hp.model.multi_stft_hop_size
            )

            recon_Y = audax.core.stft.stft(rearrange(predict_audio, '... s t -> (... s) t'), **res_stft_kwargs)
            target_Y = audax.core.stft.stft(rearrange(target_audio, '... s t -> (... s) t'), **res_stft_kwargs)

            multi_stft_resolution_loss = multi_stft_resolution_loss + jnp.mean(jnp.abs(recon_Y - target_Y))


        total_loss = loss + multi_stft_resolution_loss
        return total_loss, state
    
    bsr_train_step = jax.jit(
        functools.partial(extract_step,deterministic=False),
        in_shardings=None,
        out_shardings=None,
    )
    return bsr_train_step
