# Source: https://github.com/sail-sg/jrystal/blob/f29fc6e4a32397178a2c58468fa44ae4b106260d/jrystal/_src/hamiltonian.py
# Title: jrystal/_src/hamiltonian.py (_hamiltonian_matrix_basis)
# Cut: docstring and dtype dispatch shortened; hamiltonian_matrix_trace and utils imported as in the source.
import jax
import jax.numpy as jnp

from . import utils
from .hamiltonian_trace import hamiltonian_matrix_trace
from .hessian import complex_hessian


def _hamiltonian_matrix_basis(
  freq_mask,
  positions,
  charges,
  effictive_density_grid,
  g_vector_grid,
  kpts,
  vol,
  xc: str = 'lda_x',
  kohn_sham: bool = True,
):
  """Hamiltonian matrix in the plane wave basis, one row per plane wave."""
  num_basis = jnp.sum(freq_mask)
  _dtype = jnp.complex128

  def hamil_k(k):
    k = k.reshape([-1, 3])

    def efun(u):
      u = jnp.expand_dims(u, axis=(0, 1, 3))  # add spin, kpt, and band axes

      _coeff = utils.expand_coefficient(u, freq_mask)
      hamil_trace = hamiltonian_matrix_trace(
        _coeff,
        positions,
        charges,
        effictive_density_grid,
        g_vector_grid,
        k,
        vol,
        xc,
        kohn_sham,
      )
      return 0.5 * jnp.sum(hamil_trace).astype(_dtype)

    x = jnp.ones(num_basis, dtype=_dtype)
    return complex_hessian(efun, x)

  hamil_basis = jax.vmap(hamil_k)(kpts)
  return hamil_basis
