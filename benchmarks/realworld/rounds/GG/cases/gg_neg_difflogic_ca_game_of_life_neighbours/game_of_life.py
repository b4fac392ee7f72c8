# Source: https://github.com/google-research/self-organising-systems/blob/3d5547ca48b60ecac459834e2c05c9ff5df87991/notebooks/diffLogic_CA.ipynb
# Title: notebooks/diffLogic_CA.ipynb (Differentiable Logic Cellular Automata), "Learning game of life"
# Cut: code cells 14, 15 and 18 converted to a module: the reference Game-of-Life step, the
#      training-trajectory generator and the host-side 300-step rollout of the learned circuit;
#      visualisation calls and prints dropped (frames kept unzoomed); run_sync is defined in the notebook's cell 12 (not copied).
from functools import partial

import jax
import jax.numpy as jnp
import jax.random as random

hyperparams = {}
hyperparams['seed'] = 23
hyperparams['batch_size'] = 20
hyperparams['num_steps'] = 1
hyperparams['channels'] = 1

key = random.PRNGKey(hyperparams['seed'])
key, subkey = random.split(key, 2)


@jax.jit
def step(board):
  """Applies one step of Conway's Game of Life rules to the board.

  Args:
    board: A 2D array representing the game board (1 = live, 0 dead)

  Returns:
    board after one step of the game.

  """
  # Calculate the number of live neighbors for each cell.
  # jnp.roll shifts the board by the specified offsets (d)
  # to count neighbors in all 8 directions.
  n = sum(
      jnp.roll(board, d, (0, 1))
      for d in [
          (1, 0),  # Right
          (-1, 0),  # Left
          (0, 1),  # Down
          (0, -1),  # Up
          (1, 1),  # Down-right
          (-1, -1),  # Up-left
          (1, -1),  # Down-left
          (-1, 1),  # Up-right
      ]
  )

  # GOL rules:
  # - Birth: A dead cell with exactly 3 live neighbors becomes alive.
  # - Survive: A live cell with 2 or 3 live neighbors stays alive.
  # - Death: All other cells die.
  return (n == 3) | (board & (n == 2))  # Using bitwise OR and AND for efficiency




@partial(jax.jit, static_argnums=(1,))
def simulate_batch(boards, steps):
  def simulate_one(board):
    states = [board]
    for _ in range(steps):
      board = step(board)
      states.append(board)
    return jnp.stack(states)

  return jax.vmap(simulate_one)(boards)


def generate_binary_tensor():
  # Generate all possible combinations of 0s and 1s for 9 positions
  binary_numbers = jnp.arange(512)
  # Convert to binary and pad to 9 bits
  binary_array = (
      (binary_numbers[:, None] & (1 << jnp.arange(8, -1, -1))) > 0
  ).astype(jnp.float32)
  # Reshape to (512, 9, 1)
  tensor = binary_array.reshape(512, 9, 1)
  return tensor

initial_boards = generate_binary_tensor().reshape(-1, 3, 3).astype(jnp.uint8)

def sample_batch(key, trajectories, batch_size, state_size):
  n_samples = trajectories.shape[0]
  sample_idx = jax.random.randint(
      key, minval=0, maxval=n_samples, shape=(batch_size,)
  )
  init = jnp.zeros(
      (*trajectories[sample_idx, 0].shape, state_size), dtype=jnp.float32
  )
  init = init.at[..., 0].set(trajectories[sample_idx, 0])
  return init, trajectories[sample_idx, 1:, ..., None].astype(jnp.float32)


trajectories = simulate_batch(initial_boards, hyperparams['num_steps'])
batch_input, batch_output = sample_batch(
    subkey, trajectories, hyperparams['batch_size'], hyperparams['channels']
)


N = 128
grid = random.randint(key, (N, N, 1), minval=0, maxval=2).astype(jnp.float32)

params, opt_state, key = train_state
training = False
periodic = True

frames = []

nca_state = grid
frames.append(nca_state[:, :, 0])
for i in range(300):
  nca_state = run_sync(nca_state, params, wires, training, periodic)
  frames.append(nca_state[:, :, 0])

