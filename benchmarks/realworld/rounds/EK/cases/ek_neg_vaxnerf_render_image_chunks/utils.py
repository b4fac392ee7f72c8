# Source: https://github.com/naruya/VaxNeRF/blob/48f3523d5153e70336d93d0cb4774e4d1fb3bf32/nerf/utils.py
# Title: VaxNeRF nerf/utils.py (render_image)
# Cut: kept render_image; shard/unshard/namedtuple_map are the repository's small helpers (bodies condensed).
import jax
import jax.numpy as jnp
import numpy as np


def namedtuple_map(fn, tup):
  return type(tup)(*map(fn, tup))


def shard(xs):
  return jax.tree_map(lambda x: x.reshape((jax.local_device_count(), -1) + x.shape[1:]), xs)


def unshard(x, padding=0):
  y = x.reshape([x.shape[0] * x.shape[1]] + list(x.shape[2:]))
  if padding > 0:
    y = y[:-padding]
  return y


def render_image(render_fn, rays, rng, normalize_disp, chunk=8192):
  """Render all the pixels of an image (in test mode).

  Args:
    render_fn: function, jit-ed render function.
    rays: a `Rays` namedtuple, the rays to be rendered.
    rng: jnp.ndarray, random number generator (used in training mode only).
    normalize_disp: bool, if true then normalize `disp` to [0, 1].
    chunk: int, the size of chunks to render sequentially.
  """
  height, width = rays[0].shape[:2]
  num_rays = height * width
  ind = np.random.permutation(np.arange(num_rays))
  rays = namedtuple_map(lambda r: r.reshape((num_rays, -1))[ind], rays)

  unused_rng, key_0, key_1 = jax.random.split(rng, 3)
  host_id = jax.host_id()
  results = []
  for i in range(0, num_rays, chunk):
    # pylint: disable=cell-var-from-loop
    chunk_rays = namedtuple_map(lambda r: r[i:i + chunk], rays)
    chunk_size = chunk_rays[0].shape[0]
    rays_remaining = chunk_size % jax.device_count()
    if rays_remaining != 0:
      padding = jax.device_count() - rays_remaining
      chunk_rays = namedtuple_map(
          lambda r: jnp.pad(r, ((0, padding), (0, 0)), mode="edge"), chunk_rays)
    else:
      padding = 0
    rays_per_host = chunk_rays[0].shape[0] // jax.host_count()
    start, stop = host_id * rays_per_host, (host_id + 1) * rays_per_host
    chunk_rays = namedtuple_map(lambda r: shard(r[start:stop]), chunk_rays)
    chunk_results = render_fn(key_0, key_1, chunk_rays)[-1]
    results.append([unshard(x[0], padding) for x in chunk_results])
    # pylint: enable=cell-var-from-loop
  ind = jnp.argsort(ind)
  rgb, disp, acc = [jnp.concatenate(r, axis=0)[ind] for r in zip(*results)]
  if normalize_disp:
    disp = (disp - disp.min()) / (disp.max() - disp.min())
  return (rgb.reshape((height, width, -1)), disp.reshape(
      (height, width, -1)), acc.reshape((height, width, -1)))
