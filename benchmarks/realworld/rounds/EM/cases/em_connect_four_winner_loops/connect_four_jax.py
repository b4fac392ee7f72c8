# Source: https://github.com/jhtschultz/openspiel-jax-games/blob/db05872918b7c233d8bd1a46de4375969c6081c0/_archive/experiments/connect_four_jax.py
# Title: JAX-accelerated Connect Four for OpenSpiel (_archive/experiments/connect_four_jax.py)
# Cut: kept the module docstring, constants, check_winner_full, step and the vmapped batch helpers; check_line/legal-move helpers and the OpenSpiel wrapper classes cut
"""JAX-accelerated Connect Four for OpenSpiel.

This implements Connect Four with a JAX core for fast batched simulation,
wrapped in an OpenSpiel-compatible Python game interface.

The game matches the original connect_four exactly:
- Actions: 0-6 (column to drop piece)
- Observation: [3, 6, 7] tensor (empty, player0, player1 planes)
- Board: 6 rows x 7 cols, row 0 = top, row 5 = bottom
"""

from typing import List, Tuple
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial

ROWS = 6
COLS = 7
NUM_ACTIONS = 7
EMPTY = 0
PLAYER0 = 1
PLAYER1 = 2


@jax.jit
def check_winner_full(board):
    """Check entire board for a winner. Returns -1 (none), 0, 1, or 2 (draw)."""
    # Check for player 0 win
    p0_wins = False
    p1_wins = False

    for r in range(ROWS):
        for c in range(COLS):
            # Horizontal
            if c <= COLS - 4:
                p0_wins = p0_wins | ((board[r, c] == 1) & (board[r, c+1] == 1) &
                                      (board[r, c+2] == 1) & (board[r, c+3] == 1))
                p1_wins = p1_wins | ((board[r, c] == 2) & (board[r, c+1] == 2) &
                                      (board[r, c+2] == 2) & (board[r, c+3] == 2))
            # Vertical
            if r <= ROWS - 4:
                p0_wins = p0_wins | ((board[r, c] == 1) & (board[r+1, c] == 1) &
                                      (board[r+2, c] == 1) & (board[r+3, c] == 1))
                p1_wins = p1_wins | ((board[r, c] == 2) & (board[r+1, c] == 2) &
                                      (board[r+2, c] == 2) & (board[r+3, c] == 2))
            # Diagonal down-right
            if r <= ROWS - 4 and c <= COLS - 4:
                p0_wins = p0_wins | ((board[r, c] == 1) & (board[r+1, c+1] == 1) &
                                      (board[r+2, c+2] == 1) & (board[r+3, c+3] == 1))
                p1_wins = p1_wins | ((board[r, c] == 2) & (board[r+1, c+1] == 2) &
                                      (board[r+2, c+2] == 2) & (board[r+3, c+3] == 2))
            # Diagonal down-left
            if r <= ROWS - 4 and c >= 3:
                p0_wins = p0_wins | ((board[r, c] == 1) & (board[r+1, c-1] == 1) &
                                      (board[r+2, c-2] == 1) & (board[r+3, c-3] == 1))
                p1_wins = p1_wins | ((board[r, c] == 2) & (board[r+1, c-1] == 2) &
                                      (board[r+2, c-2] == 2) & (board[r+3, c-3] == 2))

    # -1 = no winner, 0 = player0, 1 = player1, 2 = draw
    is_full = jnp.all(board != 0)
    winner = jnp.where(p0_wins, jnp.int8(0),
                       jnp.where(p1_wins, jnp.int8(1),
                                 jnp.where(is_full, jnp.int8(2), jnp.int8(-1))))
    return winner


@jax.jit
def step(state, action):
    """Apply action and return new state. Pure function."""
    board = state['board']
    col_heights = state['column_heights']
    current_player = state['current_player']

    # Get row where piece lands (from bottom: row 5 - height)
    height = col_heights[action]
    row = ROWS - 1 - height

    # Place piece (player 0 -> 1, player 1 -> 2)
    piece = current_player + 1
    new_board = board.at[row, action].set(piece)
    new_heights = col_heights.at[action].set(height + 1)

    # Check for winner
    winner = check_winner_full(new_board)
    done = winner >= 0

    # Switch player
    new_player = 1 - current_player

    return {
        'board': new_board,
        'column_heights': new_heights,
        'current_player': jnp.where(done, current_player, new_player),
        'done': done,
        'winner': winner,
    }



batched_init = jax.vmap(lambda _: init_state())
batched_step = jax.vmap(step)
batched_legal_actions_mask = jax.vmap(legal_actions_mask)
batched_get_observation = jax.vmap(get_observation, in_axes=(0, None))
batched_get_returns = jax.vmap(get_returns)


def init_batch(batch_size):
    """Initialize a batch of games."""
    return batched_init(jnp.arange(batch_size))
