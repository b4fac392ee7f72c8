# Source: https://github.com/clearya1/jax-pv/blob/e4f141f3b44b592ee75390081dd6913ee32e611b/utils.py
# Title: utils.py (helpers for systems of point vortices)
# Cut: kept _rotate, _pullback, polygon, indices and rel_indices; the other helpers cut.
#      The Vortices class at the end is reduced from VorticesMotion.py: indices(n) is built
#      once in its constructor and then passed to the jitted integrators.
import numpy as np
import jax
from jax import jit
import jax.numpy as jnp
from typing import Callable, Tuple, List, Union

Array = Union[np.ndarray, jnp.ndarray]

@jit
def _rotate(state: Array, theta: float) -> Array:
  """ Helper function to rotate vortices by theta """
  
  rotation_matrix = jnp.array([[jnp.cos(theta), -1.* jnp.sin(theta)],
                              [jnp.sin(theta), jnp.cos(theta)    ]])
  n = int(len(state)/2)
  positions = jnp.c_[state[:n], state[n:]]

  # function to rotate each vortex position by theta
  def _f(x):
    return rotation_matrix @ x
  vmapped_f = jax.vmap(_f)
  
  slice_positions = vmapped_f(positions)
  return jnp.transpose(slice_positions).flatten()
  
@jit
def _pullback(state: Array, index: int) -> Array:
  """ Helper function to perform pullback so that the vortex at index `index` has x = 0 """
  
  n = int(len(state)/2)
  theta = jnp.arctan2(state[index], state[n+index])
  
  statehat = _rotate(state, theta)
  
  return statehat
  
def polygon(n: int, radius: float=1, rotation: float=0) -> Array:
  """ Creates an n-gon of specified radius and returns the x and y co-ordinates of the points """

  one_segment = np.pi * 2 / n

  state = np.zeros(2*n)

  for i in range(n):
    state[i] = np.sin(one_segment * i + rotation) * radius
    state[n+i] = np.cos(one_segment * i + rotation) * radius

  return state
  
def indices(n: int) -> Array:
  """ Returns the array of indices needed for jitting the total_angular_velocity function """
  
  indices = jnp.zeros((n, n, 2), dtype=int)
  for i in range(0,n):
    for j in range(0,n):
      indices = indices.at[i,j].set([i,j])

  indices2 = jnp.zeros((n, n-1, 2), dtype=int)

  for i in range(n):
    indices2 = indices2.at[i].set(jnp.delete(indices[i], i, axis=0))
    
  return indices2

  
def rel_indices(n: int) -> Array:
  """ Returns the n(n-1)/2 combinations: (1,2), (1,3), ..., (1, n), (2, 3), ..., (n-1, n). """
  
  return np.transpose(np.triu_indices(n, 1))


class Vortices:
  def __init__(self, state: Array, gammas: Array):
    self.n = int(len(state)/2)
    self.state = jnp.array(state)
    self.gammas = jnp.array(gammas)
    self.indices = indices(self.n)
    self.rel_indices = rel_indices(self.n)
