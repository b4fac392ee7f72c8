# Source: https://github.com/google/zimtohrli/blob/4341af56a9872b90fc41f1c851846289bdee3a6f/python/zimtohrli_test.py
# Title: zimtohrli python/zimtohrli_test.py and python/zimtohrli.py
# Cut: Zimtohrli.spectrogram / distance (from zimtohrli.py, same commit) pasted above the test, which jits the whole
#      spectrogram pipeline including Cam.channel_filter; loudness and masking stages kept as calls.
import dataclasses
import unittest
import jax
import jax.numpy as jnp
import numpy as np
import audio_signal
import cam
import loudness
import masking


@dataclasses.dataclass(frozen=True)
class Zimtohrli:
    """Perceptual audio metric main class.

    Attributes:
      c: The frequency resolution model.
      l: The sound pressure resolution model.
      m: The acoustic masking model.
      frequency_norm_order: The order of the norm across frequencies when
        computing distance.
      time_norm_order: The order of the norm across time steps when computing
        distance.
    """

    c: cam.Cam = dataclasses.field(default_factory=cam.Cam)
    l: loudness.Loudness = dataclasses.field(default_factory=loudness.Loudness)
    m: masking.Masking = dataclasses.field(default_factory=masking.Masking)

    frequency_norm_order: audio_signal.Numerical = 4
    time_norm_order: audio_signal.Numerical = 4

    def spectrogram(
        self,
        signal: audio_signal.Signal,
        full_scale_sine_db: jnp.ndarray = np.asarray(90),
        db_epsilon: jnp.ndarray = np.asarray(1e-9),
    ) -> audio_signal.Channels:
        """Returns a perceptual spectrogram of the signal.

        Args:
          signal: A digital signal.
          full_scale_sine_db: The reference dB SPL that a sine wave of amplitude 1
            would have in the signal.
          db_epsilon: The epsilon to add to the signal when converting to dB, to log
            of zero.

        Returns:
          The channels of the resulting Zimtohrli spectrogram.
        """
        cam_channels = self.c.channel_filter(signal)
        energy_db = cam_channels.energy().to_db(
            full_scale_sine_db=full_scale_sine_db, db_epsilon=db_epsilon
        )
        partial_energy_db = self.m.non_masked_energy(energy_db)
        return self.l.phons_from_spl_for_channels(partial_energy_db)

    def distance(
        self, spectrogram_a: audio_signal.Channels, spectrogram_b: audio_signal.Channels
    ) -> audio_signal.Numerical:
        """Returns the perceptual distance between the two spectrograms.

        Args:
          spectrogram_a: A Zimtohrli spectrogram to compare.
          spectrogram_b: A Zimtohrli spectrogram to compare.

        Returns:
          A number describing the Zimtohrli distance between the spectrograms.
        """
        return jnp.linalg.norm(
            jnp.linalg.norm(
                spectrogram_a.samples - spectrogram_b.samples,
                axis=0,
                ord=self.frequency_norm_order,
            ),
            ord=self.time_norm_order,
        )


class ZimtohrliTest(unittest.TestCase):

    def test_zimtohrli_spectrogram_and_distance(self):
        sample_rate = 48000.0
        signal_a = np.zeros((int(sample_rate) // 100,))
        signal_a[0] = 1.0
        signal_b = np.zeros((int(sample_rate) // 100,))
        signal_b[0:1] = 0.9
        sound_a = audio_signal.Signal(sample_rate=sample_rate, samples=signal_a)
        sound_b = audio_signal.Signal(sample_rate=sample_rate, samples=signal_b)

        def compute_distance(s_a, s_b):
            z = zimtohrli.Zimtohrli()
            spectrogram_a = z.spectrogram(s_a)
            spectrogram_b = z.spectrogram(s_b)
            distance = z.distance(spectrogram_a, spectrogram_b)
            return distance

        # Run it without jit
        distance = compute_distance(sound_a, sound_b)
        self.assertGreater(distance, 0)

        # Run it under jit
        jit_compute_distance = jax.jit(compute_distance)
        jit_distance = jit_compute_distance(sound_a, sound_b)
        self.assertGreater(jit_distance, 0)

        self.assertAlmostEqual(distance, jit_distance, delta=1e-5)


if __name__ == "__main__":
    unittest.main()
