# Source: https://github.com/mmdeuss/meq_jax/blob/d593d3325b215b9e86b38db4c9453f4f2ad8feb2/meq_jax/_src/gszr.py
# Title: meq_jax (JAX port of the MEQ MATLAB equilibrium code) -- meq_jax/_src/gszr.py ("JAX implementations of the GSZR MATLAB function")
# Cut: license header, gszrmex/gszr_operator variants and the dz shift helper cut; gszrjax, _initialise_grid and _gsp kept.
"""JAX implementations of the GSZR MATLAB function."""

import jax
import jax.numpy as jnp
import jaxtyping as jt


@jax.jit
def gszrjax(
    boundary_conditions: jt.Float[jt.Array, '2*nz2+2*nr2+4'],
    filament_currents: jt.Float[jt.Array, 'nr2 nz2'],
    cx: jt.Float[jt.Array, 'nr2'],
    cq: jt.Float[jt.Array, 'nz2 nr2'],
    cr: jt.Float[jt.Array, 'nz2 nr2'],
    cs: jt.Float[jt.Array, 'nz2 nr2'],
    ci: jt.Float[jt.Array, ''],
    co: jt.Float[jt.Array, ''],
    dz: jt.Float[jt.Array, ''],
) -> jt.Float[jt.Array, 'nr2+2 nz2+2']:
  """JAX implementation of the GSZRMEX MATLAB function.

  Solves the Poisson equation:
    Delta'(F(z,r) = -2*pi*mu0*r*(I/dr/dz).
  where F is the flux [Wb]
  """
  fx = _initialise_grid(boundary_conditions, filament_currents, cx, ci, co)

  nr, nz = fx.shape
  nz1 = nz - 1

  l = nz1 // 2 - 1
  j = jnp.arange(2, nz1, 2)
  i = slice(1, -1)
  jp = j - 1

  vmap_gsp = jax.vmap(_gsp, in_axes=(1, None, None, None), out_axes=1)

  def for_body_fun(l, val):
    p, lo, cq, cr, cs = val
    p_new = jax.lax.cond(
        l % (2 * lo) == (lo - 1) % (2 * lo),
        lambda p: vmap_gsp(p, cq[l, :], cr[l, :], cs[l, :]),
        lambda p: p,
        p)
    return p_new, lo, cq, cr, cs

  # Multigrid V cycle - GSP loop
  p_init = vmap_gsp(2.0 * fx[i, j], cq[l, :], cr[l, :], cs[l, :])
  fx = fx.at[i, j].set(fx[i, j + 1] + fx[i, jp] + p_init)

  p = jnp.zeros((nr - 2, nz - 2))
  p = p.at[:, jp].set(p_init)

  jh = 1
  lo = nz1 // 4
  while lo > 1:
    jd_offset = 2 * jh
    jo_step = 4 * jh
    ji_offset = 3 * jh

    j = jnp.arange(jo_step, nz1, jo_step)

    fx_update_vals = (
        fx[i, j]
        - fx[i, j + jh]
        - fx[i, j - jh]
        + fx[i, j + jd_offset]
        + fx[i, j - jd_offset]
    )

    p_loop = (
        fx[i, j] - fx[i, j + ji_offset] - fx[i, j - ji_offset] + fx_update_vals
    )

    p_loop, *_ = jax.lax.fori_loop(
        lo - 1, nz1, for_body_fun, (p_loop, lo, cq, cr, cs))

    p = p.at[:, j - 1].set(p_loop)
    fx = fx.at[i, j].set(fx_update_vals + p_loop)  # gsu

    jh = jh * 2
    lo = lo // 2

  # Multigrid V cycle - Up loop
  while jh >= 1:
    jo_step = 2 * jh
    j = jnp.arange(jo_step, nz1, 2 * jo_step)
    p_loop = 2 * fx[i, j] + fx[i, j + jo_step] + fx[i, j - jo_step]

    p_loop, *_ = jax.lax.fori_loop(
        lo - 1, nz1, for_body_fun, (p_loop, lo, cq, cr, cs))

    p = p.at[:, j - 1].set(p_loop)
    fx = fx.at[i, j].set(fx[i, j] - fx[i, j + jh] - fx[i, j - jh] + p_loop)
    jh = jh // 2
    lo = lo * 2

  # Multigrid V cycle - Final step
  l = nz1 // 2 - 1
  j = jnp.arange(1, nz1, 2)
  p_final = 2.0 * fx[i, j] + fx[i, j + 1] + fx[i, j - 1]
  fx = fx.at[i, j].set(vmap_gsp(p_final, cq[l, :], cr[l, :], cs[l, :]))
  return fx


def _initialise_grid(boundary_conditions, filament_currents, cx, ci, co):
  """Create the initial grid."""
  # Get input dimensions from the 2D Iy matrix
  nr2, nz2 = filament_currents.shape
  nz = nz2 + 2
  nb = 2 * (nz + nr2)

  # ([nz], [2 nr2], [nz])
  top, l_r, bottom = jnp.split(boundary_conditions, (nz, nb - nz), axis=0)
  left, right = l_r[::2, None], l_r[1::2, None]

  fx = jnp.block([
      [top[None, :]],
      [left, cx[:, None] * filament_currents, right],
      [bottom[None, :]],
  ])

  # Inner boundaries with additions
  j = slice(1, -1)
  fx = fx.at[1, j].add(ci * top[j])
  fx = fx.at[-2, j].add(co * bottom[j])

  return fx


def _gsp(
    p: jt.Float[jt.Array, 'nr2'],
    cq: jt.Float[jt.Array, 'nr2'],
    cr: jt.Float[jt.Array, 'nr2'],
    cs: jt.Float[jt.Array, 'nr2'],
) -> jt.Float[jt.Array, 'nr2']:
  """JAX translation of the gsp MATLAB function.

  Unlike the MATLAB function, this function is not batched. We can vmap the gsp
  function in the caller to mimic the original behaviour.
  """

  def backward_scan_body(prev_row, carry):
    new_row = carry[0] + carry[1] * prev_row
    return new_row, new_row

  _, computed_rows_rev = jax.lax.scan(
      backward_scan_body,
      p[-1],
      (p[:-1], cr[:-1]),
      reverse=True,
  )

  p = jnp.concatenate([computed_rows_rev, p[-1:]], axis=0) * cq

  def forward_scan_body(prev_row, carry):
    new_row = carry[0] + carry[1] * prev_row
    return new_row, new_row

  _, computed_rows = jax.lax.scan(forward_scan_body, p[0], (p[1:], cs[1:]))

  return jnp.concatenate([p[:1], computed_rows], axis=0)
