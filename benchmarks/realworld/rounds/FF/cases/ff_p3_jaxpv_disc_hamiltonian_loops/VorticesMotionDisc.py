# Source: https://github.com/clearya1/jax-pv/blob/e4f141f3b44b592ee75390081dd6913ee32e611b/VorticesMotionDisc.py
# Title: VorticesMotionDisc.py (point vortices in a rotating, disc-bounded domain)
# Cut: _induced_velocity, the RK2 integrators and most VorticesDisc methods cut; kept the
#      jitted Hamiltonian, angular momentum and free energy and the class that calls them.
#      n is the number of vortices (the state has 2n entries).
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


@partial(jit, static_argnums=2)
def _return_H(state: Array, gammas: Array, n: int) -> float:
  """ Returns the Hamiltonian of the system - matching the units in Campbell&Ziff (1979)"""

  H_temp = 0.0
  for i in range(n):
    # self ghost vortex
    H_temp += gammas[i] * gammas[i] * jnp.log( (1 - state[i]**2. - state[n+i]**2.) )
    for j in range(i+1,n):
      # real vortices
      H_temp -= gammas[i] * gammas[j] * jnp.log( _r_squared(state,i,j) )
      # ghost vortices (not including self-ghost)
      H_temp += gammas[i] * gammas[j] * jnp.log( (1 - state[i]*state[j] - state[n+i]*state[n+j])**2. + (state[i]*state[n+j] - state[j]*state[n+i])**2. )

  return H_temp / (4. * jnp.pi)
  
@partial(jit, static_argnums=2)
def _return_L(state: Array, gammas: Array, n: int) -> float:
  """ Returns the angular momentum of the system. """

  L_temp = 0.0
  for i in range(n):
    L_temp += gammas[i] * (1. - (state[i]**2. + state[n+i]**2.))

  return L_temp * 0.5
  
@partial(jit, static_argnums=2)
def _return_F(state: Array, gammas: Array, n: int, omega: float) -> float:
  """ Returns the angular momentum of the system """

  return _return_H(state,gammas,n) - omega * _return_L(state,gammas,n)
  

class VorticesDisc:
  """ state: 2n dimensional vector (x coordinates, then y coordinates); gammas: n circulations. """
  def __init__(self, state: Array, gammas: Array, omega: float=0.):

    self.n = int(len(state)/2)
    self.state = jnp.array(state)
    self.gammas = jnp.array(gammas)
    self.omega = omega

  def return_H(self) -> float:
    """ Compute the dimensional Hamiltonian"""
    return _return_H(self.state,self.gammas,self.n)

  def return_F(self, omega: float) -> float:
    """ Compute the dimensional free energy"""
    return _return_F(self.state,self.gammas,self.n,omega)
