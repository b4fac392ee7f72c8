# Source: https://github.com/google-deepmind/dm_aux/blob/77f5ed76df2928bac8550e1c5466c0dac2934be3/dm_aux/augment.py
# Title: dm_aux augment.py (spec_augment, _drop_stripes) and augment_test.py (test_spec_augment)
# Cut: other augmentations dropped; test_spec_augment from augment_test.py appended (it jits spec_augment with
#      num_time_stripes=2, num_freq_stripes=2); the test fixture _RAND_SPEC and self._test_jit are inlined.
import chex
import jax
import jax.numpy as jnp
import numpy as np


def spec_augment(
    key: chex.PRNGKey,
    spectrogram: chex.Array,
    max_time_stripe_length: int,
    num_time_stripes: int,
    max_freq_stripe_length: int,
    num_freq_stripes: int) -> chex.Array:
  """Randomly applies the time and frequency mask stripes to a spectrogram.

  Aka, SpecAugment:
    Park, D.S., Chan, W., Zhang, Y., Chiu, C.C., Zoph, B., Cubuk, E.D.
    and Le, Q.V., 2019. Specaugment: A simple data augmentation method
    for automatic speech recognition. arXiv preprint arXiv:1904.08779.

  Args:
    key: random key.
    spectrogram: spectrogram to be augmented of shape [batch_size, time_steps,
      num_bins].
    max_time_stripe_length: the length of each mask stripe on the time
      dimension.
    num_time_stripes: the number of time stripes.
    max_freq_stripe_length: the length of each mask stripe on the frequency
      dimension.
    num_freq_stripes: the number of frequency stripes.

  Returns:
    Augmented spectrogram.
  """
  key1, key2 = jax.random.split(key)
  spectrogram = _drop_stripes(
      key1, spectrogram, max_time_stripe_length, num_time_stripes, axis=1)
  return _drop_stripes(
      key2, spectrogram, max_freq_stripe_length, num_freq_stripes, axis=2)



def _drop_stripes(
    key: chex.PRNGKey,
    x: chex.Array,
    max_stripe_length: int,
    num_stripes: int,
    axis: int) -> chex.Array:
  """Randomly masks stripes along the `axis` dimension.

  For example, below shows stripes along `axis=1`, with `max_stripe_length=4`
  and `num_stripes=1`:

    [[1, 1, 0, 0, 0, 1, 1, 1, 1,],
     [1, 1, 1, 0, 1, 1, 1, 1, 1,],
     [1, 1, 1, 1, 1, 1, 0, 0, 1,],
     [0, 0, 0, 0, 1, 1, 1, 1, 1,]]

  Args:
    key: random key.
    x: input to be augmented, whose leading dimension is the batch dimension.
    max_stripe_length: the length of each mask stripe.
    num_stripes: the number of stripes.
    axis: the axis along which masks will be applied.

  Returns:
    Augmented x.
  """
  batch_size = x.shape[0]
  max_length = x.shape[axis]
  num_dims = len(x.shape)

  def _mask(key: chex.PRNGKey) -> chex.Array:
    key1, key2 = jax.random.split(key)
    shape = [batch_size] + [1] * (num_dims - 1)
    stripe_length = jax.random.randint(
        key1, shape=shape, minval=0, maxval=max_stripe_length)
    start = jax.random.randint(
        key2, shape=shape, minval=0, maxval=max_length - stripe_length)
    mask_shape = [1] * num_dims
    mask_shape[axis] = max_length
    mask = jnp.repeat(
        jnp.arange(max_length).reshape(mask_shape), batch_size, axis=0)
    return jnp.logical_not((mask > start) * (mask < start + stripe_length))

  for _ in range(num_stripes):
    key, subkey = jax.random.split(key)
    x *= _mask(subkey)
  return x



def test_spec_augment():
  spectrogram = np.random.RandomState(0).rand(2, 1000, 128).astype(np.float32)
  key = jax.random.PRNGKey(0)
  augment_fn = lambda x: spec_augment(key, x, 640, 2, 4, 2)
  augmented_spectrogram = augment_fn(spectrogram)
  assert (augmented_spectrogram == 0).sum() != 0
  np.testing.assert_allclose(augment_fn(spectrogram), jax.jit(augment_fn)(spectrogram), rtol=1e-4, atol=1e-4)
