# Source: https://github.com/mmdeuss/meq_jax/blob/fb0ca7afb26d8ce3ccb92315d63ed95f3ece1939/meq_jax/_src/bspsum.py
# Title: meq_jax -- meq_jax/_src/bspsum.py ("JAX implementation of bspsum", output "reversed from the Matlab implementation")
# Cut: license header cut; bspsum2/bspsum3 wrappers cut; the rest verbatim.
"""JAX implementation of bspsum."""

import jax
import jax.numpy as jnp
import jaxtyping as jt


at = lambda x, i: jax.lax.dynamic_slice(x, (i,), (1,))[0]


# pylint: disable=invalid-name
def _bspsum_single(t, c, x, d):
  """Evaluates a B-spline combination for a single point."""
  nT = t.shape[0]
  nC = c.shape[0]
  k = nT - nC

  # Find the index j in t such that t[j] <= x < t[j+1]
  j = jnp.argmin(x > t, axis=0) - 1
  j = jnp.clip(j, k-1, nT-k)

  # Load coefficients into w
  w = jax.lax.dynamic_slice(jnp.pad(c, (k-1, 0)), (j,), (k,))[::-1]

  # Derivatives
  def body_fun_deriv(r, w_r):
    kk = k-1-r
    def body_fun_inner_deriv(s, w_s):
      o = at(t, j-s+kk) - at(t, j-s)
      term = jnp.where(o == 0, 0, (w_s[s] - w_s[s + 1]) * kk / o)
      return w_s.at[s].set(term)

    w_r = jax.lax.fori_loop(0, k-r-1, body_fun_inner_deriv, w_r)
    return w_r

  w = jax.lax.fori_loop(0, d, body_fun_deriv, w)

  # Evaluation
  def body_fun_eval(r, w_r):
    kk = k-d-r
    # Inner loop for evaluation
    def body_fun_inner_eval(s, w_s):
      ti = at(t, j-s)
      tj = at(t, j-s+kk-1)
      o = tj-ti
      o = jnp.where(o == 0, 0, (x-ti) / o)
      term = w_s[s] * o + (1-o) * w_s[s+1]
      return w_s.at[s].set(term)

    w_r = jax.lax.fori_loop(0, kk-1, body_fun_inner_eval, w_r)
    return w_r

  w = jax.lax.fori_loop(0, k-d-1, body_fun_eval, w)

  return w[0]


def bspsum(
    T: jt.Float[jax.Array, "nT"],
    C: jt.Float[jax.Array, "mC nC"],
    X: jt.Float[jax.Array, "nX"],
    d: jnp.float64 = 0,
    p: jnp.float64 = 0,
    npar: jnp.float64 = 1,
) -> jt.Float[jax.Array, "mC nX"]:
  """Evaluates B-spline base function combinations."""
  del p, npar

  # C is [mC, nC], X is [nX]
  # Output should be [mC, nX]
  # (This is reversed from the Matlab implementation)
  def eval_single_c(c_col):
    return jax.vmap(_bspsum_single,
                    in_axes=(None, None, 0, None))(
                        T, c_col, X, jnp.array(d).astype(jnp.int32))

  # Vectorize over the columns of C
  return jax.vmap(eval_single_c, in_axes=0, out_axes=0)(C)
