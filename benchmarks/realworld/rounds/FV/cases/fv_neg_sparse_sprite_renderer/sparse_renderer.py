# Source: https://github.com/PWhiddy/jax-experiments/blob/ad2ddff70707572bbd1a75c2e37f4e460901034d/SparseRenderer.ipynb
# Title: SparseRenderer.ipynb (PWhiddy/jax-experiments: rendering many particles as sparse sprites)
# Cut: notebook cells 1, 4, 5, 7, 8, 9, 17, 18, 26, 30, 31, 33 converted to a script; pip installs,
#      plotting and HLO-dump cells cut; the video writer replaced by a list; the downloaded Pokemon
#      sprite sheet replaced by the notebook's Gaussian sprites tiled to RGB.
import jax.numpy as jnp
import numpy as np
from jax import jit, vmap
import jax
from jax.experimental import sparse

key = jax.random.PRNGKey(110)
p_count = 4*1024 # 2048 # 1024*1024 # 1024*1024*40
positions = jax.random.normal(key, (p_count,2))


def draw_points_dense(pos, psize=4):
  canvas = jnp.ones((256, 256, 3))
  for point in pos:
    img_p = (point * 20 + 128).astype("uint16")
    canvas = canvas.at[img_p[0] : img_p[0] + psize, img_p[1] : img_p[1] + psize].set(0)
  return canvas

# too slow with 1M points!
# plt.imshow(draw_points_dense(positions))


def draw_single_point(pos, dims, psize):
  data = jnp.ones(psize * psize)
  xr = jnp.arange(psize) + pos[0]
  yr = jnp.arange(psize) + pos[1]
  indices = jnp.dstack(jnp.meshgrid(xr, yr)).reshape(psize * psize, 2).astype(jnp.int16)
  return sparse.BCOO((data, indices), shape=dims)

def draw_points(all_pos, canv_dims, psize=4):
  draw_bound = lambda p: draw_single_point(p, canv_dims, psize)
  draw_all = vmap(draw_bound)
  render = draw_all(all_pos).sum(0)
  return sparse.todense(render) # render

draw_jit = jit(draw_points, static_argnums=(1, 2))
img = draw_jit(positions * 40 + 128, (256, 256), 4)


def gaussian_kern(kernlen, nsig):
    """Returns a 2D Gaussian kernel."""

    x = jnp.linspace(-nsig, nsig, kernlen+1)
    kern1d = jnp.diff(jax.scipy.stats.norm.cdf(x))
    kern2d = jnp.outer(kern1d, kern1d)
    return kern2d/kern2d.sum()

num_sprites = 16
sprite_dim = 31
gauss_sprites = jnp.stack([gaussian_kern(sprite_dim, i) for i in range(3, 3 + num_sprites)])


def draw_single_sprite(pos, sprite, sp_width, sp_height, out_dims):
  channels = out_dims[2]
  numel = sp_width * sp_height * channels
  data = sprite.reshape(numel)
  raw_indices = jnp.indices((channels, sp_height, sp_width))
  indices = jnp.flip( raw_indices.T.reshape(-1, channels), 1).astype(jnp.int16)
  indices = indices.at[:, 0].set( indices[:, 0] + pos[0] )
  indices = indices.at[:, 1].set( indices[:, 1] + pos[1] )
  return sparse.BCOO((data, indices), shape=out_dims)

def draw_all_sprites(all_pos, all_indices, sprite_sheet, canv_dims):
  draw_bound = lambda p, sprite: draw_single_sprite(p, sprite, sprite_sheet.shape[1], sprite_sheet.shape[2], canv_dims)
  draw_all = vmap(draw_bound, in_axes=(0))
  render = draw_all(all_pos, sprite_sheet[all_indices]).sum(0)
  return sparse.todense(render) # render

draw_sprites_jit = jit(draw_all_sprites, static_argnums=(3,))

rgb_sprites = jnp.tile(gauss_sprites[..., None], 3) * 255.0
test_sprite_indices = jax.random.randint(key, (p_count,), minval=0, maxval=num_sprites)
vid_dim = 1080
frames = []
for i in range(400):
  test_r = draw_sprites_jit(
      positions * i * 1.0 + (vid_dim - sprite_dim)//2,
      test_sprite_indices,
      rgb_sprites,
      (vid_dim, vid_dim, 3)
  )
  test_r = jnp.minimum(test_r, 255).astype(jnp.uint8)
  frames.append(np.asarray(test_r))
