# Source: https://github.com/DifferentiableUniverseInitiative/jax_cosmo/blob/c8f417006b91d8f75985b733351fd970736bde4b/jax_cosmo/scipy/integrate.py
# Title: jax_cosmo/scipy/integrate.py (Romberg quadrature ported from scipy to jax.numpy)
# Cut: docstrings shortened; simps() removed; otherwise as written.
from functools import partial

import jax.numpy as np
from jax import vmap, jit
import jax


def _difftrap1(function, interval):
  return 0.5*(function(interval[0])+function(interval[1]))

def _difftrapn(function, interval, numtraps):
  numtosum = numtraps//2
  h = (1.*interval[1]-1.*interval[0])/numtosum
  lox = interval[0] + 0.5 * h
  points = lox + h * np.arange(0, numtosum)
  s = np.sum(function(points))
  return s

def _romberg_diff(b, c, k):
  """
  Compute the differences for the Romberg quadrature corrections.
  See Forman Acton's "Real Computing Made Real," p 143.
  """
  tmp = 4.0**k
  return (tmp * c - b)/(tmp - 1.0)

def romb(function, a, b, args=(), divmax=6, return_error=False):
  """
  Romberg integration of a callable function or method.
  """
  vfunc = jit(lambda x: function(x, *args))

  n = 1
  interval = [a,b]
  intrange = b-a
  ordsum = _difftrap1(vfunc, interval)
  result = intrange * ordsum
  state = np.repeat(np.atleast_1d(result), divmax+1, axis=-1)
  err = np.inf

  def scan_fn(carry, y):
    x, k = carry
    x = _romberg_diff(y, x, k+1)
    return (x, k+1), x

  for i in range(1, divmax+1):
    n = 2**i
    ordsum = ordsum + _difftrapn(vfunc, interval, n)

    x = intrange * ordsum / n
    _, new_state = jax.lax.scan(scan_fn, (x, 0), state[:-1])

    new_state = np.concatenate([np.atleast_1d(x), new_state])

    err = np.abs(state[i-1] - new_state[i])
    state = new_state

  if return_error:
    return state[i], err
  else:
    return state[i]
