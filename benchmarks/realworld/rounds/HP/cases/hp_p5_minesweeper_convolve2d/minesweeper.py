# Source: https://github.com/bolt-research/popgym-arcade/blob/d061b611718ae55d095791b4ea7046b5266cafd4/popgym_arcade/environments/minesweeper.py
# Title: popgym_arcade/environments/minesweeper.py
# Cut: kept the imports, EnvState, the hand-written convolve2d, MineSweeper.__init__,
#      reset_env (the traced caller) and the Easy/Medium/Hard board sizes; dropped step_env,
#      rendering dictionaries and render(); draw_utils imports removed.
from typing import Tuple

import chex
import jax
import jax.numpy as jnp
from chex import dataclass
from gymnax.environments import environment


@dataclass(frozen=True)
class EnvState:
    action_x: chex.Array
    action_y: chex.Array
    timestep: int
    score: int
    mine_grid: chex.Array
    neighbor_grid: chex.Array
    viewed_count: int


@dataclass(frozen=True)
class EnvParams:
    pass


def convolve2d(input: jnp.ndarray, kernel: jnp.ndarray) -> jnp.ndarray:

    # Ensure inputs are JAX arrays and have the correct dtype
    input = jnp.asarray(input, dtype=jnp.float32)
    kernel = jnp.asarray(kernel, dtype=jnp.float32)

    # Get input and kernel shapes
    input_height, input_width = input.shape
    kernel_height, kernel_width = kernel.shape

    # Calculate padding sizes
    pad_height = (kernel_height - 1) // 2
    pad_width = (kernel_width - 1) // 2

    # Pad the input array
    padded_input = jnp.pad(
        input, ((pad_height, pad_height), (pad_width, pad_width)), mode="constant"
    )

    # Initialize the output array
    output = jnp.zeros_like(input)

    # Perform convolution
    for i in range(input_height):
        for j in range(input_width):
            # Extract the region of interest from the padded input
            region = padded_input[i : i + kernel_height, j : j + kernel_width]
            # Compute the dot product between the region and the kernel
            output = output.at[i, j].set(jnp.sum(region * kernel))

    return output


class MineSweeper(environment.Environment):
    def __init__(
        self,
        board_size: int,
        num_mines: int = 2,
        partial_obs: bool = False,
        obs_size: int = 128,
    ):
        super().__init__()
        self.obs_size = obs_size
        self.board_size = board_size
        self.num_mines = num_mines
        self.partial_obs = partial_obs
        self.max_episode_length = self.board_size * self.board_size * 2

    @property
    def default_params(self) -> EnvParams:
        return EnvParams()

    def reset_env(
        self, key: chex.PRNGKey, params: EnvParams
    ) -> Tuple[chex.Array, EnvState]:
        """Performs resetting of environment."""
        hidden_grid = jnp.zeros((self.board_size * self.board_size,), dtype=jnp.int8)
        mines_flat = jax.random.choice(
            key, hidden_grid.shape[0], shape=(self.num_mines,), replace=False
        )
        hidden_grid = hidden_grid.at[mines_flat].set(1)
        hidden_grid = hidden_grid.reshape((self.board_size, self.board_size))
        neighbor_grid = convolve2d(hidden_grid, jnp.ones((3, 3)))
        neighbor_grid = jnp.array(neighbor_grid, dtype=jnp.int8)
        x_key, y_key = jax.random.split(key)
        action_x = jax.random.randint(x_key, (), 0, self.board_size - 1)
        action_y = jax.random.randint(y_key, (), 0, self.board_size - 1)
        state = EnvState(
            action_x=action_x,
            action_y=action_y,
            timestep=0,
            score=0,
            mine_grid=hidden_grid,
            neighbor_grid=neighbor_grid,
            viewed_count=0,
        )
        return self.get_obs(state), state


class MineSweeperEasy(MineSweeper):
    def __init__(self, **kwargs):
        super().__init__(board_size=4, num_mines=2, **kwargs)


class MineSweeperMedium(MineSweeper):
    def __init__(self, **kwargs):
        super().__init__(board_size=6, num_mines=6, **kwargs)


class MineSweeperHard(MineSweeper):
    def __init__(self, **kwargs):
        super().__init__(board_size=8, num_mines=10, **kwargs)
