# Source: https://github.com/NTT123/a0-jax/blob/1badadf05a11a9ff358561cf18c239d0b4420102/games/go_game.py
# Title: games/go_game.py (Go board gym-like environment), NTT123/a0-jax
# Cut: kept count_eyes (traced, vectorised with shifted slices) and symmetries (numpy, called from the
# host-side data preparation); step() and rendering dropped.
import jax.numpy as jnp
import numpy as np
import pax


class GoBoard(pax.Module):
    def __init__(self, board_size: int = 5):
        super().__init__()
        self.board_size = board_size

    def count_eyes(self, board, turn):
        """Count number of eyes for a player."""
        board = board.reshape((self.board_size, self.board_size))
        padded_board = jnp.pad(board == turn, ((1, 1), (1, 1)), constant_values=True)
        x1 = padded_board[:-2, 1:-1]
        x2 = padded_board[2:, 1:-1]
        x3 = padded_board[1:-1, :-2]
        x4 = padded_board[1:-1, 2:]
        x12 = jnp.logical_and(x1, x2)
        x34 = jnp.logical_and(x3, x4)
        x1234 = jnp.logical_and(x12, x34)
        x = jnp.logical_and(x1234, board == 0)
        return jnp.sum(x)

    def symmetries(self, state, action_weights):
        N = self.board_size
        action_no_pass = action_weights[:-1].reshape((N, N))
        pass_move = action_weights[-1:]
        out = []
        for rotate in range(4):
            rotated_state = np.rot90(state, rotate, axes=(0, 1))
            rotated_action = np.rot90(action_no_pass, rotate, axes=(0, 1))
            rotated_action_pass = np.concatenate(
                (rotated_action.reshape((-1,)), pass_move)
            )
            out.append((rotated_state, rotated_action_pass))

            flipped_state = np.fliplr(rotated_state)
            flipped_action = np.fliplr(rotated_action)
            flipped_action_pass = np.concatenate(
                (flipped_action.reshape((-1,)), pass_move)
            )
            out.append((flipped_state, flipped_action_pass))
        return out
