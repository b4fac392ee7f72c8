# Source: https://github.com/sail-sg/jrystal/blob/f29fc6e4a32397178a2c58468fa44ae4b106260d/jrystal/_src/xc.py
# Title: jrystal/_src/xc.py (xc_density)
# Cut: _lda/_gga, sigma_r_fn and vxc helpers imported; body of xc_density kept.
from jax.lax import stop_gradient

from .xc_kernels import _gga, _lda, sigma_r_fn, vxc_gga, vxc_lda


def xc_density(
  density_grid,
  g_vector_grid,
  kohn_sham: bool = False,
  xc_type: str = "lda_x"
):
  if "gga" in xc_type:
    exc_fn = lambda density, grad: sum(
      [_gga(xc_type_, density, grad) for xc_type_ in xc_type.split('+')]
    )
    grad = sigma_r_fn(density_grid, g_vector_grid)

    if kohn_sham:
      density_grid = stop_gradient(density_grid)
      vxc_r = vxc_gga(exc_fn, density_grid, grad, g_vector_grid)
      return vxc_r

    else:
      return exc_fn(density_grid, grad)

  else:  # LDA
    exc_fn = lambda density: sum(
      [_lda(xc_type_, density) for xc_type_ in xc_type.split('+')]
    )

    if kohn_sham:
      density_grid = stop_gradient(density_grid)
      vxc_r = vxc_lda(exc_fn, density_grid)
      return vxc_r

    else:
      return exc_fn(density_grid)
