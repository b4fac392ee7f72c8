# Source: https://github.com/tinker495/JAxtar/blob/8002d06806aec49073b202be171ec5515f797a80/JAxtar/astar.py
# Title: JAxtar/astar.py (commit "jitable astar"), tinker495/JAxtar
# Cut: astar_builder up to the first heuristic evaluation; the main search loop dropped. main.py builds
# it with SlidePuzzle(4) and SlidePuzzleHeuristic(puzzle).distance as heuristic_fn.
from functools import partial

import chex
import jax
import jax.numpy as jnp

from JAxtar.bgpq import BGPQ
from JAxtar.hash import HashTable, hash_func_builder
from puzzle.puzzle_base import Puzzle


def astar_builder(puzzle: Puzzle, heuristic_fn: callable, batch_size: int = 1024, max_nodes: int = int(1e6), astar_weight : float = 1.0 - 1e-6):
    '''
    astar_builder is a function that returns a partial function of astar.
    '''
    hash_func = hash_func_builder(puzzle.State)
    parallel_insert = jax.jit(partial(HashTable.parallel_insert, hash_func))
    def cond_heuristic_fn(states, cond, target):
        # if cond is True, return the heuristic value, otherwise return infinity.
        # this is used to avoid the computation of the heuristic value when the state is not valid.
        return jax.lax.cond(cond, lambda x: heuristic_fn(x, target), lambda x: jnp.full((), jnp.inf, dtype=jnp.float32), states)
    heuristic = jax.jit(jax.vmap(cond_heuristic_fn, in_axes=(0, 0, None)))

    def astar(
        astar_result,
        start: Puzzle.State,
        filled: chex.Array,
        target: Puzzle.State,
    ):
        states = start
        astar_result.hashtable, inserted, idx, table_idx = parallel_insert(astar_result.hashtable, states, filled)
        cost_val = jnp.where(filled, 0, jnp.inf)
        heur_val = heuristic(states, filled, target)
        total_cost = cost_val + heur_val
        astar_result.priority_queue = BGPQ.insert(astar_result.priority_queue, total_cost, idx)
        return astar_result

    return astar
