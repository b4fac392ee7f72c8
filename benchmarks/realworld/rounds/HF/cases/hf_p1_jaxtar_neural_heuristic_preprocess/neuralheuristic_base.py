# Source: https://github.com/tinker495/JAxtar/blob/21ac28ef0b00a164110b0d8fd9dd3ffd226af809/heuristic/neuralheuristic/neuralheuristic_base.py
# Title: heuristic/neuralheuristic/neuralheuristic_base.py, tinker495/JAxtar
# Cut: init, param_distance and the abstract hooks; model loading/saving and the default ResBlock model dropped.
from abc import abstractmethod, ABC

import chex
import jax
import jax.numpy as jnp
from flax import linen as nn

from puzzle.puzzle_base import Puzzle


class NeuralHeuristicBase(ABC):

    def __init__(self, puzzle: Puzzle, model: nn.Module, init_params: bool = True):
        self.puzzle = puzzle
        self.model = model
        dummy_current = self.puzzle.State.default()
        dummy_target = self.puzzle.State.default()
        if init_params:
            self.params = self.model.init(jax.random.PRNGKey(0), self.pre_process(dummy_current, dummy_target))

    def distance(self, current: Puzzle.State, target: Puzzle.State) -> float:
        return self.param_distance(self.params, current, target)

    def param_distance(self, params, current: Puzzle.State, target: Puzzle.State) -> chex.Array:
        equal = self.puzzle.is_solved(current, target) #if equal, return 0
        x = self.pre_process(current, target)
        x = self.model.apply(params, x).squeeze()
        return jnp.where(equal, 0.0, self.post_process(x))

    @abstractmethod
    def pre_process(self, current: Puzzle.State, target: Puzzle.State) -> chex.Array:
        pass

    def post_process(self, x: chex.Array) -> float:
        return x
