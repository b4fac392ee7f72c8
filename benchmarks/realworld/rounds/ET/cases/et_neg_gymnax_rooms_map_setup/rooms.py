# Source: https://github.com/RobertTLange/gymnax/blob/086ad95697d5898b95ce3b14fa25f2b0bae4a1fc/gymnax/environments/misc/rooms.py
# Title: gymnax/environments/misc/rooms.py (Four Rooms gridworld in JAX)
# Cut: kept the map string, string_to_bool_map, the constructor that enumerates free cells once on
#      the host, and step_env (which gymnax's Environment.step jits); reset, observation helpers,
#      spaces and rendering dropped; EnvState reduced to a NamedTuple.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    pos: jax.Array
    goal: jax.Array
    time: int


four_rooms_map = """
xxxxxxxxxxxxx
x     x     x
x     x     x
x           x
x     x     x
x     x     x
xx xxxx     x
x     xxx xxx
x     x     x
x     x     x
x           x
x     x     x
xxxxxxxxxxxxx"""


def string_to_bool_map(str_map: str) -> jax.Array:
    """Convert string map into boolean walking map."""
    bool_map = []
    for row in str_map.split("\n")[1:]:
        bool_map.append([r == " " for r in row])
    return jnp.array(bool_map)


class FourRooms:
    """JAX implementation of Four Rooms environment (Sutton et al., 1999)."""

    def __init__(
        self,
        use_visual_obs: bool = False,
        goal_fixed: list[int] | None = None,
        pos_fixed: list[int] | None = None,
    ):
        self.env_map = string_to_bool_map(four_rooms_map)
        self.occupied_map = 1 - self.env_map
        coords = []
        for y in range(self.env_map.shape[0]):
            for x in range(self.env_map.shape[1]):
                if self.env_map[y, x]:  # If it's an open space
                    coords.append([y, x])
        self.coords = jnp.array(coords)
        self.directions = jnp.array([[-1, 0], [0, 1], [1, 0], [0, -1]])

        # Any open space in the map can be a goal for the agent
        self.available_goals = self.coords


    def step_env(
        self,
        key: jax.Array,
        state: EnvState,
        action: int | float | jax.Array,
        params,
    ) -> tuple[jax.Array, EnvState, jax.Array, jax.Array, dict]:
        """Perform single timestep state transition."""
        key_random, key_action = jax.random.split(key)
        # Sample whether to choose a random action
        choose_random = jax.random.uniform(key_random, ()) < params.fail_prob * 4 / 3
        action = jax.lax.select(
            choose_random, self.action_space(params).sample(key_action), action
        )

        p = state.pos + self.directions[action]
        in_map = self.env_map[p[0], p[1]]
        new_pos = jax.lax.select(in_map, p, state.pos)
        reward = jnp.logical_and(
            new_pos[0] == state.goal[0], new_pos[1] == state.goal[1]
        ).astype(jnp.float32)

        # Update state dict and evaluate termination conditions
        state = EnvState(pos=new_pos, goal=state.goal, time=state.time + 1)
        done = self.is_terminal(state, params)
        return (
            jax.lax.stop_gradient(self.get_obs(state)),
            jax.lax.stop_gradient(state),
            reward,
            done,
            {"discount": self.discount(state, params)},
        )
