# Source: https://github.com/clearya1/jax-pv/blob/e4f141f3b44b592ee75390081dd6913ee32e611b/dneb.py
# Title: dneb.py (Doubly Nudged Elastic Band search between point-vortex equilibria)
# Cut: kept the rotation-overlap optimisation, the Hungarian angle scan, the chain
#      interpolation and the tangent helper; the DNEB energy/spring functions and the
#      main DNEB loop cut.
import numpy as np
import jax
from jax import jit
import jax.numpy as jnp
from functools import partial
import optax

from typing import Callable, Tuple, List, Union, Sequence
Array = Union[np.ndarray, jnp.ndarray]

import loss_functions as lf
import utils
import hungarian as hun

def gaussian_overlap(theta: float, eq1: Array, grid: Array, smear2: Array, cov: float) -> float:
  """
      Compute the L2 difference (overlap) between the Gaussian smearing of eq1 and eq2, where eq1 is rotated by angle theta, and smear2 is Gaussian smearing of eq2 over the same grid
  """
  
  eq1 = utils._rotate(eq1, theta)
  
  smear1 = lf.gaussian_smear(eq1, grid, cov)
  
  return jnp.mean(jnp.square(smear2 - smear1))
  
# compiling optimiser steps
@jit
def gradfn(theta, eq1, grid, smear2, cov):
  return jax.value_and_grad(jax.remat(gaussian_overlap))(theta, eq1, grid, smear2, cov)
  
@partial(jit, static_argnums=(2))
def updatefn(theta, opt_state, optimizer, eq1, grid, smear2, cov):

  loss, grads = gradfn(theta, eq1, grid, smear2, cov)
  
  updates, opt_state = optimizer.update(grads, opt_state)

  theta = optax.apply_updates(theta, updates)
  
  return theta, opt_state, loss
    

def rotate_so_overlapping(eq1, eq2, grid, cov=1., opt_N=10):
  """
      Returns the equilibria eq1 and eq2 so that they overlap as much as possible.
      Using the Gaussian smearing loss function.
  """
  
  start_learning_rate = 1e-2
  optimizer = optax.adam(start_learning_rate)
  
  theta = 0.
  opt_state = optimizer.init(theta)
  
  smear2 = lf.gaussian_smear(eq2, grid, cov)
  
  for i in range(opt_N):
    theta, opt_state, loss = updatefn(theta, opt_state, optimizer, eq1, grid, smear2, cov)
    
  return utils._rotate(eq1, theta), eq2, loss
  
def rotate_so_overlapping_hungarian(eq1, eq2):
  """
      Discretises the symmetry reducing angle, and uses the Hungarian algorithm to overlap as much as possible.
  """
  
  # discretise the angle
  N_angles = 100
  thetas = np.linspace(0, 2.*jnp.pi, N_angles, endpoint = False)
  losses = np.zeros_like(thetas)
  
  for i, theta in enumerate(thetas):
    losses[i] = hun.hungarian_distance(eq1, utils._rotate(eq2, theta))
  
  best_angle_ind = np.argmin(losses)
  best_angle = thetas[best_angle_ind]
  eq2 = utils._rotate(eq2, best_angle)
  
  return eq1, eq2

  
# ------------------------------ DNEB METHOD CODE -------------------------------

def interpolate_between_minima(eq1: Array, eq2: Array, N: int) -> Sequence[Array]:
  """
      Use Hungarian Method to match up vortices in eq1 to closest vortices in eq2.
      Linearlly interpolate between these assignments with N states.
      Return N+2 states, 0-th index = eq1, N+1-th index = eq2, N interpolations in between.
  """
  
  n = int(0.5*len(eq1))
  
  # reorder eq1 so that indices of closest vortices in eq1 and eq2 match up
  eq2, _ = hun.hungarian_sorting(eq2, eq1)
  
  full_chain = np.zeros((N+2, 2*n))
  
  for i in range(2*n):
    full_chain[:,i] = np.linspace(eq1[i], eq2[i], N+2)    # this includes endpoints
    
  return full_chain


def tangent_to_pathway(full_chain: Array, energies: Array) -> Array:
  """
      Compute the tangent to the full pathway.
  """
  
  N_energies = len(energies)
  n = full_chain.shape[1]
  tangents = np.zeros((N_energies-2, n))
  for i in range(1, N_energies-1):
    tangents[i-1] = tangent_to_pathway_at_index(full_chain, energies, i)
  
  return tangents
