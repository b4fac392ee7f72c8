# Source: https://github.com/kevinlmf/Jax-Lob-Deep-RL/blob/696b12cb469cf4727c9490a7f520ce0d44829ab7/env/base_env.py
# Title: Jax-Lob-Deep-RL - env/base_env.py (stateful order-book environment)
# Cut: Colab import path replaced by a local import; Chinese docstrings translated to English.
import jax.numpy as jnp
from jax_order_book_arrays import apply_message, get_l2_state


class OrderBookEnv:
    def __init__(self, price_levels=100, l2_depth=5, max_steps=1000):
        """Initialise environment parameters."""
        self.price_levels = price_levels
        self.l2_depth = l2_depth
        self.max_steps = max_steps
        self.reset()

    def reset(self):
        """Reset the environment state."""
        self.book = jnp.zeros((self.price_levels, 2))
        self.pos = 0
        self.current_step = 0
        obs = self.get_obs()
        return obs

    def step(self, action):
        """
        Apply the agent's action and update the environment state.
        action: jnp.array([type, side, price, size])
        """
        self.book = apply_message(self.book, action)

        # update position
        side = action[1]
        size = action[3]
        self.pos += jnp.where(side == 1, size, -size)

        # reward (logic can be tuned)
        reward = -jnp.abs(self.pos) * 0.01

        # step count
        self.current_step += 1
        done = self.current_step >= self.max_steps

        obs = self.get_obs()
        return obs, reward, done, {}

    def get_obs(self):
        """L2 order book state."""
        return get_l2_state(self.book, depth=self.l2_depth)
