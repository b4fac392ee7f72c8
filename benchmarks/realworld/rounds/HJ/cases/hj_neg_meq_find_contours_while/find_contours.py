# Source: https://github.com/mmdeuss/meq_jax/blob/fb0ca7afb26d8ce3ccb92315d63ed95f3ece1939/meq_jax/_src/find_contours.py
# Title: meq_jax -- meq_jax/_src/find_contours.py ("This replaces the Matlab implementation in third_party/meq/find_contours.m")
# Cut: license header and the rtcics branch cut; the Newton while_loop branch kept.
"""find_contours jax implementation.

This replaces the Matlab implementation in
  third_party/meq/find_contours.m
"""

import jax
import jax.numpy as jnp
import jaxtyping as jt

from meq_jax._src import rtci
from meq_jax._src import types


# pylint: disable=invalid-name


def find_contours(
    L: types.StaticData,
    LY: types.OutputData,
    F: jt.Float[jt.Array, 'npq'],
    aq: jt.Float[jt.Array, 'npq noq'],
    rO: jt.Float[jt.Array, 'n'],
    zO: jt.Float[jt.Array, 'n'],
    crq: jt.Float[jt.Array, 'noq'],
    czq: jt.Float[jt.Array, 'noq'],
    Fo: jt.Float[jt.Array, 'n'],
    Opo: jt.Float[jt.Array, 'n'],
):
  """Flux contour finding algorithm based on Newton iterations."""
  ero = (rO - L.G.rx[0]) * L.idrx
  ezo = (zO - L.G.zx[0]) * L.idzx
  cdr = crq * L.idrx
  cdz = czq * L.idzx

  def cond_fun(state):
    k, _, daq = state
    assert L.P is not None
    is_converged = daq < L.drx * L.P.tolq
    continue_iterating = k < L.P.iterq

    # For the non-itert case, stop if converged.
    # For the itert case (L.liurtemu=True), always run the full loop.
    return jax.lax.cond(
        L.liurtemu,
        lambda: continue_iterating,
        lambda: continue_iterating & ~is_converged,
    )

  def body_fun(state):
    k, aq, _ = state
    # Call the core function to get the updated values
    aq_new, daq_new = rtci.rtcimex(
        a=aq,
        er0=ero,
        ez0=ezo,
        Fx=LY.Fx,
        F=F,
        c=cdr,
        s=cdz,
        Opy=LY.Opy,
        Fo=Fo,
        Opo=Opo,
        dap=L.drx,
    )
    # Return the updated state for the next iteration
    return (k + 1, aq_new, daq_new)

  initial_state = (0, aq, jnp.inf)
  _, aq, _ = jax.lax.while_loop(cond_fun, body_fun, initial_state)

  # compute r, z coordinates at the end
  rq = rO + crq * aq
  zq = zO + czq * aq
  return rq, zq, aq
