# Source: https://github.com/lockwo/isax/blob/dfb5976cfacac036cfc20580dec623bc93b575a3/isax/sample.py
# Title: isax/sample.py (block Gibbs sampling of Ising models)
# Cut: kept IsingModel, SamplingArgs, concat_state, sample_blocks and sample_chain; dropped the
#      sampler classes (IsingSampler.sample is a vectorised per-block Gibbs update) and docstrings.
from abc import abstractmethod
from typing import Callable, Generic, TypeVar

import equinox as eqx
import jax
from jax import numpy as jnp
from jaxtyping import Array, Float, Int, Key, PyTree

EqxGraph = object  # from .block import EqxGraph

_State = TypeVar("_State")


class IsingModel(eqx.Module):
    weights: Float[Array, " num_edges"]
    biases: Float[Array, " num_nodes"]

    def energy(
        self,
        state: Int[Array, " num_nodes"],
        edge_indices: Int[Array, "num_edges max_k"],
        edge_mask: Int[Array, "num_edges max_k"],
    ) -> Float[Array, ""]:
        edge_spins = state[edge_indices]
        # Replace padded positions with 1 (multiplicative identity)
        masked_spins = jnp.where(edge_mask, edge_spins, 1)
        spin_products = jnp.prod(masked_spins, axis=-1)
        edge_energy = jnp.sum(self.weights * spin_products)
        field_energy = jnp.sum(self.biases * state)
        return -(edge_energy + field_energy)

    def to_sample_params(
        self, graph: EqxGraph, edge_info: list[Int[Array, "nodes max_edges"]]
    ) -> list[tuple[Float[Array, " num_edges"], Float[Array, " num_nodes"]]]:
        params = []
        # could be called in sampling if memory too large
        for i, block in enumerate(graph.block_to_global):
            # Get weights for edges incident to this block
            # and biases for nodes in this block
            params.append((self.weights[edge_info[i]], self.biases[block]))
        return params



class AbstractSampler(eqx.Module, Generic[_State]):
    pass


class SamplingArgs(eqx.Module):
    """Configuration and data for block-wise Gibbs sampling."""

    gibbs_steps: int
    blocks_to_sample: list[int]
    adjs: list[Int[Array, "nodes max_edges max_k-1"]]
    masks: list[Int[Array, "nodes max_edges max_k-1"]]
    edge_ids: list[Int[Array, "nodes max_edges"]]
    eqx_graph: EqxGraph

    def __init__(self, gibbs_steps, blocks_to_sample, data) -> None:
        self.gibbs_steps = gibbs_steps
        self.blocks_to_sample = blocks_to_sample
        (self.adjs, self.masks, self.edge_ids), self.eqx_graph = data


def concat_state(states: list[Int[Array, " block_size"]]) -> Int[Array, " total_size"]:
    """Concatenate block states into global state array."""
    if states[0].shape == ():
        return jnp.stack(states)
    return jnp.concatenate(states, axis=0)


def sample_blocks(
    block_states: list[Int[Array, " block_size"]],
    sampler_states: list[PyTree],
    samplers: list[AbstractSampler],
    params: list[tuple[Float[Array, " num_edges"], Float[Array, " num_nodes"]]],
    sampling_args: SamplingArgs,
    key: Key[Array, ""],
) -> tuple[list[Int[Array, " block_size"]], list[PyTree]]:
    """Sequentially update specified blocks using their samplers."""
    for i in sampling_args.blocks_to_sample:
        neighbors = jax.tree.map(
            lambda x: x[sampling_args.adjs[i]], concat_state(block_states)
        )
        new_state, new_sampler_state = samplers[i].sample(
            block_states[i],
            neighbors,
            sampling_args.masks[i],
            params[i],
            None,
            sampler_states[i],
            key,
        )
        block_states[i] = new_state
        sampler_states[i] = new_sampler_state
        key = jax.random.fold_in(key, i)

    return block_states, sampler_states


def sample_chain(
    block_states: list[Int[Array, " block_size"]],
    samplers: list[AbstractSampler],
    model: IsingModel,
    sampling_args: SamplingArgs,
    key: Key[Array, ""],
) -> list[Int[Array, "gibbs_steps block_size"]]:
    keys = jax.random.split(key, sampling_args.gibbs_steps)
    params = model.to_sample_params(sampling_args.eqx_graph, sampling_args.edge_ids)

    sampler_states = [sampler.initialize_state() for sampler in samplers]

    def _sample(carry, key):
        states, sampler_states = carry
        new_states, new_sampler_states = sample_blocks(
            states, sampler_states, samplers, params, sampling_args, key
        )
        return (new_states, new_sampler_states), new_states

    _, block_states_history = jax.lax.scan(
        _sample, (block_states, sampler_states), keys
    )
    return block_states_history
