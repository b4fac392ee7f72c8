# Source: https://github.com/sail-sg/jrystal/blob/f29fc6e4a32397178a2c58468fa44ae4b106260d/jrystal/_src/grid.py
# Title: jrystal/_src/grid.py (_vector_grid, g_vectors)
# Cut: docstrings shortened; other grid helpers cut.
import jax.numpy as jnp


def _vector_grid(basis, grid_sizes, normalize: bool = False):
  dim = len(grid_sizes)
  assert basis.shape[0] == basis.shape[1] == dim
  components = []
  for i in range(dim):
    shape = (*((grid_sizes[i] if _ == i else 1) for _ in range(dim)), dim)
    fftfreq = jnp.fft.fftfreq(
      grid_sizes[i], 1 if normalize else 1 / grid_sizes[i]
    )
    components.append(jnp.reshape(jnp.outer(fftfreq, basis[i]), shape))
  return sum(components)


def g_vectors(cell_vectors, grid_sizes):
  """G vectors on the FFT grid; cell_vectors is [3, 3]."""
  from .utils import reciprocal_vectors
  return _vector_grid(reciprocal_vectors(cell_vectors), grid_sizes, True)
