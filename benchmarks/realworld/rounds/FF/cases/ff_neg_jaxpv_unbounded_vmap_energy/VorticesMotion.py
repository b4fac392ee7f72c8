# Source: https://github.com/clearya1/jax-pv/blob/e4f141f3b44b592ee75390081dd6913ee32e611b/VorticesMotion.py
# Title: VorticesMotion.py (point vortices in the unbounded domain)
# Cut: kept _r_squared, _induced_velocity, _return_H, _return_L, _return_F,
#      _every_induced_velocity, _rk2_step and _rk2_finalN; velocity_field, the
#      omega-fixed free-energy helpers and the Vortices class cut.
import numpy as np
import jax
from jax import jit
import jax.numpy as jnp
from functools import partial
from typing import Callable, Tuple, List, Union

Array = Union[np.ndarray, jnp.ndarray]

from jax import config
config.update("jax_enable_x64", True)

@jit
def _r_squared(state: Array, i: int, j: int) -> float:
  """ Returns the squared distance between the vortices at index i and index j """

  n = int(len(state)/2)
  return (state[i] - state[j])**2 + (state[n+i] - state[n+j])**2

@jit
def _induced_velocity(state: Array, gammas: Array, indices: Array) -> Array:
  """ Calculates the total induced velocity for a vortex due to all the other vortices """
  
  n = int(len(state)/2)
  
  def _f(inds):

    index = inds[0]
    j = inds[1]
    r_sq = _r_squared(state, index, j)
    # changed sign convention to match with C&Z
    u = -1.0 * gammas[j] * (state[n+index] - state[n+j]) / r_sq
    v = gammas[j] * (state[index] - state[j]) / r_sq
    
    return jnp.array([u, v])
    
  vmapped_f = jax.vmap(_f)
  uv_all = vmapped_f(indices)
  uv_final = jnp.sum(uv_all, axis=0)
  return uv_final / (2 * jnp.pi)

@partial(jit, static_argnums=2)
def _return_H(state: Array, gammas: Array, n: int) -> float:
  """ Returns the Hamiltonian of the system"""
  
  indices1, indices2 = jnp.triu_indices(n, k=1)
  
  def _f(i, j):
    return gammas[i] * gammas[j] * jnp.log(_r_squared(state,i,j))
    
  vmapped_f = jax.vmap(_f)
  
  return jnp.sum(vmapped_f(indices1, indices2)) / (-4. * jnp.pi)


@partial(jit, static_argnums=2)
def _return_L(state: Array, gammas: Array, n: int) -> float:
  """ Returns the angular momentum of the system """

  def _f(x,y,g):
    return g * (1. - (x**2. + y**2.))
    
  vmapped_f = jax.vmap(_f)
    
  return 0.5 * jnp.sum(vmapped_f(state[:n], state[n:], gammas))
  
@partial(jit, static_argnums=2)
def _return_F(state: Array, gammas: Array, n: int, omega: float) -> float:
  """ Returns the free energy of the system (dimensional) """

  return _return_H(state,gammas,n) - omega * _return_L(state,gammas,n)
  
@jit
def _every_induced_velocity(state: Array, gammas: Array, indices: Array) -> Array:
  """ Returns the induced velocity for every vortex in the system """
  
  vmapped_induced_velocity = jax.vmap(_induced_velocity, (None, None, 0))
  uv_final = vmapped_induced_velocity(state, gammas, indices)
  return uv_final.T.flatten()

  
@jit
def _rk2_step(state: Array, gammas: Array, indices: Array, dt: float) -> Array:
  """ Performs a single RK2 step """
  
  k1 = _every_induced_velocity(state, gammas, indices)

  # k2
  state = state + k1 * dt
  
  k2 = _every_induced_velocity(state, gammas, indices)

  # update positions
  state = state + (k2 - k1) * dt * 0.5

  return state
  
@partial(jit, static_argnums=(3))
def _rk2_finalN(state: Array, gammas: Array, indices: Array, N: int, dt: float) -> Array:

  """ Helper function to perform N RK2 steps """
  
  # function to perform rk2 step
  def _f(carry, x):
    out = _rk2_step(carry, gammas, indices, dt)
    return out, None
  
  final_positions, _ = jax.lax.scan(_f, state, None, length=N)
  
  return final_positions
