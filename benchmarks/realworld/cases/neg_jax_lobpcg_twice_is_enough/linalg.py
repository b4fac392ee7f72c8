# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/jax/experimental/sparse/linalg.py
# Title: jax-ml/jax jax/experimental/sparse/linalg.py (LOBPCG: _project_out, _orthonormalize)
# Cut: kept _project_out and _orthonormalize with their comments shortened; _svqb is reduced to its
#      signature and the jitted entry point to a stub.
import functools

import jax
import jax.numpy as jnp


def _mm(a, b, precision=jax.lax.Precision.HIGHEST):
  return jax.lax.dot(a, b, (precision, precision))


def _svqb(X):
  """Derives a truncated orthonormal basis for `X`."""
  w, V = jnp.linalg.eigh(_mm(X.T, X))
  return _mm(X, V) / jnp.sqrt(jnp.maximum(w, 1e-12))


def _project_out(basis, U):
  # "twice is enough" approach is due to Kahan.
  for _ in range(2):
    U -= _mm(basis, _mm(basis.T, U))
    U = _orthonormalize(U)

  # It's crucial to end on a subtraction of the original basis.
  for _ in range(2):
    U -= _mm(basis, _mm(basis.T, U))
  normU = jnp.linalg.norm(U, ord=2, axis=0, keepdims=True)
  U *= (normU >= 0.99).astype(U.dtype)

  return U

def _orthonormalize(basis):
  # Twice is enough, again.
  for _ in range(2):
    basis = _svqb(basis)
  return basis


@jax.jit
def project_step(basis, U):
  return _project_out(basis, U)
