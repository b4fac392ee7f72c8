# Source: https://github.com/flyingblackshark/jax-Music-Source-Separation/blob/ba92ec93ef6fa030581657aaeb489e95e70370bf/src/jaxmsst/train.py
# Title: src/jaxmsst/train.py — BS-RoFormer training step
# Cut: Trainer reduced to the jitted step: sharding, checkpointing and the training driver removed; graphdef and hp passed in (self. dropped).
import functools

import jax
import jax.numpy as jnp
from einops import rearrange
from flax import nnx
from jax import random


def make_train_step(graphdef, hp):
    def extract_step(
        params: dict,
        raw_audio: jnp.ndarray,
        target_audio: jnp.ndarray,
        prng_key: jnp.ndarray,
        deterministic: bool,
    ) -> tuple[jnp.ndarray, dict]:
        prng_key, dropout_key = random.split(prng_key)
        model = nnx.merge(graphdef, params)
        predict_audio = model(
            raw_audio,
            deterministic=deterministic,
            rngs=nnx.Rngs(dropout=dropout_key),
        )
        predict_audio = predict_audio[..., : target_audio.shape[-1]]

        loss = jnp.mean(jnp.abs(predict_audio - target_audio))
        multi_stft_resolution_loss = 0.0

        for window_size in hp.model.multi_stft_resolutions_window_sizes:
            res_stft_kwargs = dict(
                nfft=max(window_size, hp.model.stft_n_fft),
                noverlap=window_size - hp.model.multi_stft_hop_size,
                nperseg=window_size,
                boundary=None,
            )

            _, _, recon_Y = jax.scipy.signal.stft(
                rearrange(predict_audio, "... s t -> (... s) t"), **res_stft_kwargs
            )
            _, _, target_Y = jax.scipy.signal.stft(
                rearrange(target_audio, "... s t -> (... s) t"), **res_stft_kwargs
            )

            multi_stft_resolution_loss = multi_stft_resolution_loss + jnp.mean(jnp.abs(recon_Y - target_Y))

        l1_loss = jnp.mean(jnp.abs(predict_audio - target_audio))
        total_loss = loss + multi_stft_resolution_loss + l1_loss
        return total_loss, params

    return jax.jit(functools.partial(extract_step, deterministic=False))
