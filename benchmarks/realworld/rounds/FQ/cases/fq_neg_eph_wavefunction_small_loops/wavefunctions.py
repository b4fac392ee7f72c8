# Source: https://github.com/ankit76/nn_eph/blob/dfd71fd364661d40cb0b80249851a5007b1b885f/nn_eph/wavefunctions.py
# Title: nn_eph/wavefunctions.py (parent of "for to scan")
# Cut: the other wave-function classes cut; input builders, bm_ssh_merrifield.calc_overlap and
#      nn_jastrow kept. Loops run over lattice axes, phonon types, the bonds next to one site and the NN's parameter leaves.
import os
import numpy as np
os.environ['JAX_PLATFORM_NAME'] = 'cpu'
#os.environ['JAX_ENABLE_X64'] = 'True'
#os.environ['JAX_DISABLE_JIT'] = 'True'
from jax import random, lax, tree_util, grad, value_and_grad, vjp, jit, numpy as jnp
from flax import linen as nn
from typing import Sequence, Tuple, Callable, Any
from dataclasses import dataclass
from functools import partial
import pickle

# TODO: needs to be changed for 2 sites
@partial(jit, static_argnums=(2,))
def get_input_r(elec_pos, phonon_occ, lattice_shape):
  input_ar = phonon_occ.reshape(-1, *lattice_shape)
  for ax in range(len(lattice_shape)):
    for phonon_type in range(phonon_occ.shape[0]):
      input_ar = input_ar.at[phonon_type].set(input_ar[phonon_type].take(elec_pos[ax] + jnp.arange(lattice_shape[ax]), axis=ax, mode='wrap'))
  return jnp.stack([*input_ar], axis=-1)

# TODO: needs to be changed for 2 sites
@partial(jit, static_argnums=(2,))
def get_input_r_1(elec_pos, phonon_occ, lattice_shape):
  elec_ar = jnp.zeros(lattice_shape)
  elec_ar = elec_ar.at[tuple(0*jnp.array(elec_pos))].set(1)
  input_ar = phonon_occ.reshape(-1, *lattice_shape)
  for ax in range(len(lattice_shape)):
    for phonon_type in range(phonon_occ.shape[0]):
      input_ar = input_ar.at[phonon_type].set(input_ar[phonon_type].take(elec_pos[ax] + jnp.arange(lattice_shape[ax]), axis=ax, mode='wrap'))
  return jnp.stack([elec_ar, *input_ar], axis=-1)


class bm_ssh_merrifield():
  n_parameters: int

  def serialize(self, parameters):
    return parameters

  def update_parameters(self, parameters, update):
    parameters += update
    return parameters

  @partial(jit, static_argnums=(0, 4))
  def calc_overlap(self, elec_pos, phonon_occ, parameters, lattice):
    # carry : [ overlap, bond ]
    def scanned_fun(carry, x):
      dist, lr = lattice.get_bond_mode_distance(carry[1], x)
      # this deals with the strange 0^0 grad nan issue
      shift = lax.cond(phonon_occ[(*x,)] == 0, lambda w: 1., lambda w: parameters[dist], 0)
      carry[0] *= (lr * shift)**(phonon_occ[(*x,)])
      return carry, x

    overlap = 0.
    neighboring_bonds = lattice.get_neighboring_bonds(elec_pos)
    for bond in neighboring_bonds:
      overlap_bond = 1.
      [ overlap_bond, _ ], _ = lax.scan(scanned_fun, [ overlap_bond, bond ], jnp.array(lattice.bonds))
      overlap += overlap_bond

    return overlap


class nn_jastrow():
  nn_apply: Callable
  reference: Any
  n_parameters: int
  get_input: Callable = get_input_k

  def __post_init__(self):
    self.n_parameters += self.reference.n_parameters

  def serialize(self, parameters):
    flat_tree = tree_util.tree_flatten(parameters[1])[0]
    serialized = jnp.reshape(flat_tree[0], (-1))
    for params in flat_tree[1:]:
      serialized = jnp.concatenate((serialized, jnp.reshape(params, -1)))
    serialized = jnp.concatenate((self.reference.serialize(parameters[0]), serialized))
    return serialized

  # update is serialized, parameters are not
  def update_parameters(self, parameters, update):
    parameters[0] = self.reference.update_parameters(parameters[0], update[:self.reference.n_parameters])
    #parameters[1] = models.update_nn(parameters[1], update[parameters[0].size:])
    flat_tree, tree = tree_util.tree_flatten(parameters[1])
    counter = self.reference.n_parameters
    for i in range(len(flat_tree)):
      flat_tree[i] += update[counter: counter + flat_tree[i].size].reshape(flat_tree[i].shape)
      counter += flat_tree[i].size
    parameters[1] = tree_util.tree_unflatten(tree, flat_tree)
    return parameters

  @partial(jit, static_argnums=(0, 4))
  def calc_overlap(self, elec_pos, phonon_occ, parameters, lattice):
    nn = parameters[1]
    inputs = self.get_input(elec_pos, phonon_occ, lattice.shape)
    outputs = jnp.array(self.nn_apply(nn, inputs), dtype='float32')
    jastrow = jnp.exp(outputs[0])

    ref_overlap = self.reference.calc_overlap(elec_pos, phonon_occ, parameters[0], lattice)

    return jastrow * ref_overlap

  @partial(jit, static_argnums=(0, 6))
  def calc_overlap_ratio(self, elec_pos_old, elec_pos_new, phonon_pos, phonon_change, parameters, lattice, overlap_old, phonon_occ_new):
    overlap_new = self.calc_overlap(elec_pos_new, phonon_occ_new, parameters, lattice)
    return overlap_new / overlap_old

  @partial(jit, static_argnums=(0, 4))
  def calc_overlap_gradient(self, elec_pos, phonon_occ, parameters, lattice):
    value, gradient = value_and_grad(self.calc_overlap, argnums=2)(elec_pos, phonon_occ, parameters, lattice)
    gradient = self.serialize(gradient)
    gradient = jnp.where(jnp.isnan(gradient), 0., gradient)
    return gradient / value

