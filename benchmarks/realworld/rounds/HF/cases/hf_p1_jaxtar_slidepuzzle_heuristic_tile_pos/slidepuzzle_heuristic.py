# Source: https://github.com/tinker495/JAxtar/blob/8002d06806aec49073b202be171ec5515f797a80/heuristic/slidepuzzle_heuristic.py
# Title: heuristic/slidepuzzle_heuristic.py (sliding-puzzle A* heuristic), tinker495/JAxtar
# Cut: distance, _diff_pos and _manhattan_distance kept; the linear-conflict term (a lax.while_loop)
# replaced by 0.
import chex
import jax
import jax.numpy as jnp

from puzzle.slidepuzzle import SlidePuzzle


class SlidePuzzleHeuristic:
    puzzle: SlidePuzzle # The puzzle rule object
    base_xy : chex.Array # The coordinates of the numbers in the puzzle

    def __init__(self, puzzle: SlidePuzzle):
        self.puzzle = puzzle
        x = jnp.tile(jnp.arange(self.puzzle.size)[:, jnp.newaxis, jnp.newaxis], (1, self.puzzle.size, 1))
        y = jnp.tile(jnp.arange(self.puzzle.size)[jnp.newaxis, :, jnp.newaxis], (self.puzzle.size, 1, 1))
        self.base_xy = jnp.stack([x, y], axis=2).reshape(-1, 2)

    def distance(self, current: SlidePuzzle.State, target: SlidePuzzle.State) -> int:
        """
        This function should return the distance between the state and the target.
        """
        diff, tpos = self._diff_pos(current, target)
        not_empty = (current.board != 0)
        return (self._manhattan_distance(not_empty, diff) + 0).astype(jnp.float32)

    def _diff_pos(self, current: SlidePuzzle.State, target: SlidePuzzle.State) -> chex.Array:
        """
        This function should return the difference between the state and the target.
        """
        def to_xy(index):
            return index // self.puzzle.size, index % self.puzzle.size

        def pos(num, board):
            return to_xy(jnp.argmax(board == num))

        tpos = jnp.array([pos(i, target.board) for i in current.board], dtype=jnp.int8)
        diff = self.base_xy - tpos
        return (diff, tpos)

    def _manhattan_distance(self, not_empty, diff) -> int:
        """
        This function should return the manhattan distance between the state and the target.
        """
        return jnp.sum(not_empty * jnp.sum(jnp.abs(diff),axis=1))
