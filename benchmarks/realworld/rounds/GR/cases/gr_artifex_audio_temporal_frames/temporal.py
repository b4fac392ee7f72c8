# Source: https://github.com/avitai/artifex/blob/5fce040acb8e3089a999a1f5a63bf4c1503efbb1/src/artifex/generative_models/extensions/audio_processing/temporal.py
# Title: artifex extensions/audio_processing/temporal.py (TemporalAnalysis extension for audio generative models)
# Cut: kept the ZCR, short-time energy and onset-strength feature methods and their vmap callers;
#      dropped config validation in __init__, tempo estimation and beat detection.
import jax
import jax.numpy as jnp
from flax import nnx

from artifex.generative_models.core.configuration import ExtensionConfig
from artifex.generative_models.extensions.base import ModelExtension


class TemporalAnalysis(ModelExtension):
    """Temporal pattern analysis for audio generation."""

    def __init__(self, config: ExtensionConfig, *, rngs: nnx.Rngs):
        super().__init__(config, rngs=rngs)
        temporal_params = getattr(config, "extensions", {}).get("temporal", {})
        self.sample_rate = temporal_params.get("sample_rate", 22050)
        self.frame_length = temporal_params.get("frame_length", 2048)
        self.hop_length = temporal_params.get("hop_length", self.frame_length // 4)
        self.rngs = rngs

    def compute_zero_crossing_rate(self, audio: jax.Array) -> jax.Array:
        if audio.ndim == 1:
            return self._zcr_single(audio)
        else:
            return jax.vmap(self._zcr_single)(audio)

    def _zcr_single(self, audio: jax.Array) -> jax.Array:
        """Compute ZCR for a single audio signal."""
        # Compute sign changes
        sign_changes = jnp.diff(jnp.sign(audio))
        zero_crossings = jnp.abs(sign_changes) > 0

        # Frame the zero crossings
        n_frames = (len(audio) - self.frame_length) // self.hop_length + 1
        zcr_frames = []

        for i in range(n_frames):
            start = i * self.hop_length
            end = start + self.frame_length - 1  # -1 because diff reduces length by 1
            if end < len(zero_crossings):
                frame_zcr = jnp.mean(zero_crossings[start:end])
                zcr_frames.append(frame_zcr)

        return jnp.array(zcr_frames)

    def compute_energy(self, audio: jax.Array) -> jax.Array:
        if audio.ndim == 1:
            return self._energy_single(audio)
        else:
            return jax.vmap(self._energy_single)(audio)

    def _energy_single(self, audio: jax.Array) -> jax.Array:
        """Compute energy for a single audio signal."""
        n_frames = (len(audio) - self.frame_length) // self.hop_length + 1
        energy_frames = []

        for i in range(n_frames):
            start = i * self.hop_length
            frame = audio[start : start + self.frame_length]
            frame_energy = jnp.sum(frame**2)
            energy_frames.append(frame_energy)

        return jnp.array(energy_frames)

    def compute_rms(self, audio: jax.Array) -> jax.Array:
        energy = self.compute_energy(audio)
        rms = jnp.sqrt(energy / self.frame_length)
        return rms

    def compute_onset_strength(self, audio: jax.Array) -> jax.Array:
        if audio.ndim == 1:
            return self._onset_strength_single(audio)
        else:
            return jax.vmap(self._onset_strength_single)(audio)

    def _onset_strength_single(self, audio: jax.Array) -> jax.Array:
        """Compute onset strength for a single audio signal."""
        # Compute spectrogram (simplified)
        n_frames = (len(audio) - self.frame_length) // self.hop_length + 1
        spectral_frames = []

        for i in range(n_frames):
            start = i * self.hop_length
            frame = audio[start : start + self.frame_length]

            # Apply window and FFT
            windowed = frame * jnp.hanning(len(frame))
            spectrum = jnp.abs(jnp.fft.fft(windowed))
            magnitude = spectrum[: len(spectrum) // 2]
            spectral_frames.append(magnitude)

        spectral_frames = jnp.stack(spectral_frames)  # [frames, freq_bins]

        # Compute spectral flux (onset strength)
        spectral_diff = jnp.diff(spectral_frames, axis=0)
        onset_strength = jnp.sum(jnp.maximum(spectral_diff, 0), axis=1)

        # Pad to match original frame count
        onset_strength = jnp.concatenate([jnp.array([0.0]), onset_strength])

        return onset_strength
