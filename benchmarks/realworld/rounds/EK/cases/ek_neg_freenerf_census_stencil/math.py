# Source: https://github.com/Jiawei-Yang/FreeNeRF/blob/c2d8bdc5b5cfa9287d1141088eb8c37b6a91eed0/internal/math.py
# Title: FreeNeRF internal/math.py (ternary census transform)
# Cut: kept compute_ternary_census and compute_census_err; other helpers dropped.
import jax.numpy as jnp


def compute_ternary_census(im, epsilon, boundary='edge'):
  """Compute the ternary census transform for an image."""
  assert len(im.shape) == 3  # Expects a single image [height, width, channels]
  assert epsilon >= 0
  im_pad = jnp.pad(im, [(1, 1), (1, 1), (0, 0)], boundary)
  census = []
  for di in [-1, 0, 1]:
    for dj in [-1, 0, 1]:
      if di == dj == 0:
        continue
      im_rolled = jnp.roll(jnp.roll(im_pad, di, -2), dj, -3)[1:-1, 1:-1, :]
      delta = im - im_rolled
      census.append(
          jnp.where(jnp.abs(delta) <= epsilon, 0, jnp.int8(jnp.sign(delta))))
  return jnp.stack(census, -1)


def compute_census_err(im0, im1, epsilon):
  """Computes an error between two images using a (ternary) census transform."""
  census0, census1 = [compute_ternary_census(x, epsilon) for x in [im0, im1]]
  return jnp.mean(jnp.abs(census0 - census1) > 1)
