# Source: https://github.com/tinker495/JAxtar/blob/21ac28ef0b00a164110b0d8fd9dd3ffd226af809/heuristic/neuralheuristic/davi.py
# Title: heuristic/neuralheuristic/davi.py (deep approximate value iteration), tinker495/JAxtar
# Cut: davi_loss and the scanned, jitted training loop; target computation (bootstrapped neighbour
# heuristics) replaced by an argument. heuristic_fn is SlidePuzzleNeuralHeuristic.param_distance.
import chex
import jax
import jax.numpy as jnp
import optax

from puzzle.puzzle_base import Puzzle
from typing import Callable


def davi_builder(puzzle: Puzzle, steps: int, heuristic_fn: Callable, heuristic_params):

    def davi_loss(heuristic_params, targets: Puzzle.State, current: Puzzle.State, targets_heuristic: chex.Array):
        current_heuristic = jax.vmap(
            heuristic_fn,
            in_axes=(None, 0, 0) # axis - None, 0, 0
        )(heuristic_params, current, targets)
        diff = targets_heuristic - current_heuristic
        loss = jnp.mean(jnp.square(diff))
        return loss

    optimizer = optax.adabelief(1e-4)
    opt_state = optimizer.init(heuristic_params)

    def davi(key, heuristic_params, opt_state, target_flatten, flatten_shuffled_path, flatten_target_heuristic):
        def train_loop(carry, _):
            heuristic_params, opt_state, key = carry
            key, subkey = jax.random.split(key)
            indexs = jax.random.choice(subkey, flatten_target_heuristic.shape[0], (256,))
            loss, grads = jax.value_and_grad(davi_loss)(heuristic_params, target_flatten[indexs], flatten_shuffled_path[indexs], flatten_target_heuristic[indexs])
            updates, opt_state = optimizer.update(grads, opt_state, params=heuristic_params)
            heuristic_params = optax.apply_updates(heuristic_params, updates)
            return (heuristic_params, opt_state, key), loss

        (heuristic_params, opt_state, key), losses = jax.lax.scan(train_loop, (heuristic_params, opt_state, key), None, length=steps)
        return heuristic_params, opt_state, jnp.mean(losses)

    return jax.jit(davi), opt_state
