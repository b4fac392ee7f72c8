# Source: https://github.com/hbb1/NeTF/blob/6b87101cf33eaed758cc6736c0e46f2a47cba2c6/netf/utils.py
# Title: NeTF netf/utils.py (rendering of the learned transient volume)
# Cut: plotting of normals after the query loop dropped.
import jax.numpy as jnp
import numpy as np
from tqdm import tqdm


def rendering(model, variables, volume_box, resolutions, prefix):
  """Render the volme
  Args:
    model: NeTF model.
    variables: trained variables.
    volume_box: the bounding box for the volume.
    resolutions: the resolution for rendering (nx, ny, nz, length)
  """
  from .models_utils import posenc
  cx, cy, cz, length = volume_box
  xs = np.linspace(cx-length, cx+length, resolutions[0])
  ys = np.linspace(cy-length, cy+length, resolutions[1])
  zs = np.linspace(cz-length, cz+length, resolutions[2])
  xv, yv, zv = np.meshgrid(xs, ys, zs)
  points = np.stack([xv, yv, zv], axis=-1)
  views = np.zeros((*resolutions, 2))
  views[..., 0] = np.pi / 2
  views[..., 1] = -np.pi / 2
  points = points.reshape(-1, 3)
  views = views.reshape(-1, 2)
  raw_sigma = np.empty((len(points), 1, 1), dtype=np.float)
  raw_rho = np.empty((len(points), 1, 1), dtype=np.float)
  stride = 64**3

  for i in tqdm(range(0, len(points), stride)):
    vs = views[i:i+stride]
    pts = points[i:i+stride]
    if model.cond_normal:
      normals = model.apply(variables, pts, method=model.get_norm)
      vs = jnp.concatenate((vs, normals), axis=-1)
    enc_points = posenc(pts, model.min_deg_point, model.max_deg_point, True)
    enc_views = posenc(vs, 0, model.deg_view, legacy_posenc_order=True)
    enc_views = enc_views.reshape(-1, 1, enc_views.shape[-1])
    enc_points = enc_points.reshape(-1, 1, enc_points.shape[-1])
    raw_sigma[i:i+stride], raw_rho[i:i+stride] = model.apply(variables, enc_points, enc_views, method=model.coarse_encode)

  raw_sigma = raw_sigma.reshape(resolutions)
  raw_rho = raw_rho.reshape(resolutions)
  return raw_sigma, raw_rho
