# Source: https://github.com/NTT123/a0-jax/blob/1badadf05a11a9ff358561cf18c239d0b4420102/games/go_game.py
# Title: games/go_game.py (Go board gym-like environment), NTT123/a0-jax
# Cut: reset() and the DSU part of step(); stone removal, scoring, rendering and symmetries dropped.
# The commit that introduced get_all_roots_freq: "speed-up dsu on GPU by using python for loop
# instead of jax while loop" (02db55a).
import jax
import jax.numpy as jnp
import pax

from games.dsu import DSU
from utils import select_tree


class GoBoard(pax.Module):
    def __init__(self, board_size: int = 5, komi: float = 0.5, num_recent_positions: int = 8):
        super().__init__()
        self.board_size = board_size
        self.num_recent_positions = num_recent_positions
        self.komi = komi
        self.reset()

    def reset(self):
        self.board = jnp.zeros((self.board_size, self.board_size), dtype=jnp.int8)
        self.turn = jnp.array(1, dtype=jnp.int8)
        # we call `dsu.get_all_roots` for every 4 dsu updates,
        # this allows dsu to use `for` loop instead of `while` loop.
        # It improves performance on GPU (~2x speedup).
        self.dsu = DSU(self.board_size**2, get_all_roots_freq=4)

    @pax.pure
    def step(self, action):
        action = jnp.clip(action, a_min=0, a_max=self.board_size**2 - 1)
        i, j = jnp.divmod(action, self.board_size)
        board = self.board.at[i, j].set(self.turn).reshape((-1,))

        def update_dsu(s, loc):
            update = pax.pure(lambda s: (s, s.union_sets(action, loc))[0])
            return select_tree(board[action] == board[loc], update(s), s)

        def board_clip(x):
            return jnp.clip(x, a_min=0, a_max=self.board_size - 1)

        dsu = self.dsu
        l1 = board_clip(i - 1) * self.board_size + j
        l2 = board_clip(i + 1) * self.board_size + j
        l3 = i * self.board_size + board_clip(j - 1)
        l4 = i * self.board_size + board_clip(j + 1)
        dsu = update_dsu(dsu, l1)
        dsu = update_dsu(dsu, l2)
        dsu = update_dsu(dsu, l3)
        dsu = update_dsu(dsu, l4)
        dsu, roots = pax.pure(lambda s: (s, s.get_all_roots()))(dsu)
        self.dsu = dsu
        self.board = board.reshape(self.board.shape)
        return self, roots


_env_step = jax.jit(pax.pure(lambda e, a: e.step(a)))
