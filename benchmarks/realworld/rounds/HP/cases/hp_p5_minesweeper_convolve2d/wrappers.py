# Source: https://github.com/bolt-research/popgym-arcade/blob/d061b611718ae55d095791b4ea7046b5266cafd4/popgym_arcade/wrappers.py
# Title: popgym_arcade/wrappers.py
# Cut: kept GymnaxWrapper and LogWrapper.reset, the jitted entry point that traces
#      MineSweeper.reset -> reset_env -> convolve2d; dropped step() and the other wrappers.
from functools import partial
from typing import Optional, Tuple

import chex
import jax
from chex import dataclass
from gymnax.environments import environment


class GymnaxWrapper(object):
    """Base class for Gymnax wrappers."""

    def __init__(self, env):
        self._env = env

    # provide proxy access to regular attributes of wrapped object
    def __getattr__(self, name):
        return getattr(self._env, name)


@dataclass(frozen=True)
class LogEnvState:
    env_state: environment.EnvState
    episode_returns: float
    episode_lengths: int
    returned_episode_returns: float
    returned_episode_lengths: int
    timestep: int


class LogWrapper(GymnaxWrapper):
    """Log the episode returns and lengths."""

    def __init__(self, env: environment.Environment):
        super().__init__(env)

    @partial(jax.jit, static_argnums=(0,))
    def reset(
        self, key: chex.PRNGKey, params: Optional[environment.EnvParams] = None
    ) -> Tuple[chex.Array, environment.EnvState]:
        obs, env_state = self._env.reset(key, params)
        state = LogEnvState(
            env_state=env_state,
            episode_returns=0.0,
            episode_lengths=0,
            returned_episode_returns=0.0,
            returned_episode_lengths=0,
            timestep=0,
        )
        return obs, state
