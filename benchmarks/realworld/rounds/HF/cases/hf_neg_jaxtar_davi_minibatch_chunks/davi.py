# Source: https://github.com/tinker495/JAxtar/blob/21ac28ef0b00a164110b0d8fd9dd3ffd226af809/heuristic/neuralheuristic/davi.py
# Title: heuristic/neuralheuristic/davi.py (deep approximate value iteration), tinker495/JAxtar
# Cut: the target part of davi(): neighbour heuristics evaluated with the frozen target parameters in
# minibatch_size chunks (each chunk one vmapped call), concatenated, min over neighbours; training loop dropped.
from functools import partial

import chex
import jax
import jax.numpy as jnp

from puzzle.puzzle_base import Puzzle
from typing import Callable


def davi_builder(puzzle: Puzzle, total_batch_size: int, shuffle_length: int, minibatch_size: int, heuristic_fn: Callable):

    create_shuffled_path_fn = partial(create_shuffled_path, puzzle, shuffle_length, total_batch_size // shuffle_length)

    def davi_targets(key: chex.PRNGKey, target_heuristic_params):
        tiled_targets, shuffled_path = create_shuffled_path_fn(key) # [batch_size, shuffle_length] [batch_size, shuffle_length]
        neighbors, cost = jax.vmap(jax.vmap(puzzle.get_neighbours))(shuffled_path) # [batch_size, shuffle_length, 4] [batch_size, shuffle_length, 4]
        original_shape = cost.shape
        neighbor_len = cost.shape[-1]
        next_tiled_targets = jax.tree_util.tree_map(lambda x: jnp.tile(x[:, :, jnp.newaxis, ...], (1, 1, neighbor_len) + (x.ndim - 2) * (1,)), tiled_targets)

        neighbors_flatten = jax.tree_util.tree_map(lambda x: x.reshape((-1, *x.shape[3:])), neighbors)
        target_flatten = jax.tree_util.tree_map(lambda x: x.reshape((-1, *x.shape[3:])), next_tiled_targets)
        cost_flatten = cost.reshape((-1,))
        flatten_size = cost_flatten.shape[0]

        neighbors_heuristics = []
        for i in range(0, flatten_size, minibatch_size):
            neighbors_heuristic = jax.vmap(
                heuristic_fn,
                in_axes=(None, 0, 0)
            )(target_heuristic_params, neighbors_flatten[i:i+minibatch_size], target_flatten[i:i+minibatch_size])
            neighbors_heuristics.append(neighbors_heuristic)
        neighbors_heuristics = jnp.concatenate(neighbors_heuristics, axis=0)
        neighbors_heuristics = neighbors_heuristics.reshape(original_shape)

        target_heuristic = jnp.min(neighbors_heuristics + cost, axis=2)
        return jax.lax.stop_gradient(target_heuristic.reshape((-1,)))

    return jax.jit(davi_targets)


@partial(jax.jit, static_argnums=(0, 1, 2))
def create_shuffled_path(puzzle: Puzzle, shuffle_length: int, batch_size: int, key: chex.PRNGKey):
    targets = jax.vmap(puzzle.get_target_state)(jax.random.split(key, batch_size))

    def get_trajectory_key(target: Puzzle.State, key: chex.PRNGKey):
        def _scan(carry, _):
            state, key = carry
            neighbor_states, cost = puzzle.get_neighbours(state, filled=True)
            filled = jnp.isfinite(cost).astype(jnp.float32)
            prob = filled / jnp.sum(filled)
            key, subkey = jax.random.split(key)
            idx = jax.random.choice(subkey, jnp.arange(cost.shape[0]), p=prob)
            next_state = neighbor_states[idx]
            return (next_state, key), next_state

        _, moves = jax.lax.scan(_scan, (target, key), None, length=shuffle_length)
        return moves

    moves = jax.vmap(get_trajectory_key)(targets, jax.random.split(key, batch_size)) # [batch_size, shuffle_length][state...]
    tiled_targets = jax.tree_util.tree_map(lambda x: jnp.tile(x[:, jnp.newaxis, ...], (1, shuffle_length) + (x.ndim - 1) * (1,)), targets)
    return tiled_targets, moves
