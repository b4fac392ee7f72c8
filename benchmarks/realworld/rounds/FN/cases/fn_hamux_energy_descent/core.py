# Source: https://github.com/bhoov/hamux/blob/9326531818c465f0cda47b79b63558271ff15544/hamux/core.py
# Title: hamux/core.py -- "The building blocks of energy-based Associative Memory"
# Cut: NeuronLayer methods, synapse classes and the VectorizedHAM wrapper cut; the HAM energy
#      functions kept.
from typing import *
import equinox as eqx
import jax, jax.numpy as jnp, jax.random as jr, jax.tree_util as jtu
from fastcore.basics import *
import functools as ft


class NeuronLayer(eqx.Module):
    """Neuron layers represent dynamic variables that evolve during inference (i.e., memory retrieval/error correction)"""
    lagrangian: Callable # The scalar-valued Lagrangian function:  x |-> R
    shape: Tuple[int] # The shape of the neuron layer

class HAM(eqx.Module): 
    "A Hypergraph wrapper connecting all dynamic states (neurons) and learnable parameters (synapses) for our associative memory" 
    neurons: Dict[str, NeuronLayer]
    hypersynapses: Dict[str, eqx.Module] 
    connections: List[Tuple[Tuple, str]]

# %% ../nbs/00_core.qmd 43
@patch(as_prop=True)
def n_neurons(self:HAM) -> int:
   "Total number of neurons"
   return len(self.neurons)

@patch(as_prop=True)
def n_hypersynapses(self:HAM) -> int:
   "Total number of hypersynapses"
   return len(self.hypersynapses)

@patch(as_prop=True)
def n_connections(self:HAM) -> int:
   "Total number of connections"
   return len(self.connections)

# %% ../nbs/00_core.qmd 44
@patch
def init_states(self: HAM, bs: Optional[int] = None):
    """Initialize all neuron states"""
    if bs is not None and bs > 0: warn("Vectorize with `ham.vectorize()` before processing batched states")
    xs = {k: v.init(bs) for k, v in self.neurons.items()}
    return xs

# %% ../nbs/00_core.qmd 50
@patch
def activations(self: HAM, xs):
    """Convert hidden states of each neuron into their activations"""
    xhats = {k: v.sigma(xs[k]) for k, v in self.neurons.items()}
    return xhats

# %% ../nbs/00_core.qmd 53
@patch
def neuron_energies(self: HAM, xhats, xs):
    """Retrieve the energies of each neuron in the HAM"""
    return {k: self.neurons[k].energy(xhats[k], xs[k]) for k in self.neurons.keys()}

@patch
def connection_energies(self: HAM, xhats):
    """Get the energy for each connection"""
    def get_energy(neuron_set, s):
        neighbor_xhats = [xhats[k] for k in neuron_set]
        return self.hypersynapses[s](*neighbor_xhats)
    return [get_energy(neuron_set, s) for neuron_set, s in self.connections]

@patch
def energy_tree(self: HAM, xhats, xs):
    """Return energies for each individual component"""
    neuron_energies = self.neuron_energies(xhats, xs)
    connection_energies = self.connection_energies(xhats)
    return {"neurons": neuron_energies, "connections": connection_energies}

@patch
def energy(self: HAM, xhats, xs):
    """The complete energy of the HAM"""
    energy_tree = self.energy_tree(xhats, xs)
    return jtu.tree_reduce(lambda E, acc: acc + E, energy_tree, 0)

# %% ../nbs/00_core.qmd 57
@patch
def dEdact(self: HAM, xhats, xs, return_energy=False):
    """Calculate gradient of system energy w.r.t. each activation"""
    if return_energy: return jax.value_and_grad(self.energy)(xhats, xs)
    return jax.grad(self.energy)(xhats, xs)

