# Source: https://github.com/k4ntz/JAXAtari/blob/eeb84b8542efedbf5b36b0e9620691eeebe6b4af/jax_skiing.py
# Title: jax_skiing.py (early JAX Skiing: scrolling trees, rocks and flags in the jitted step)
# Cut: kept the config/state/observation types, the start of the jitted step up to the object scrolling loops, and the jitted
#      _get_observation; reset, collision checks, rendering and the pygame main dropped; the JaxEnvironment base replaced by a plain class.
from functools import partial
import chex
import jax
import jax.numpy as jnp
from dataclasses import dataclass
from typing import Tuple, NamedTuple

NOOP = 0
LEFT = 1
RIGHT = 2


@dataclass
class GameConfig:
    """Game configuration parameters"""

    screen_width: int = 160
    screen_height: int = 210
    skier_width: int = 10
    skier_height: int = 18
    skier_y: int = 40
    flag_width: int = 5
    flag_height: int = 14
    flag_distance: int = 20
    tree_width: int = 16
    tree_height: int = 30
    rock_width: int = 16
    rock_height: int = 7
    max_num_flags: int = 2
    max_num_trees: int = 4
    max_num_rocks: int = 3
    speed: float = 1.0


class GameState(NamedTuple):
    """Represents the current state of the game"""

    skier_x: chex.Array
    skier_pos: chex.Array  # --> --_  \   |   |   /  _-- <-- States are doubles in ALE
    skier_fell: chex.Array
    skier_x_speed: chex.Array
    skier_y_speed: chex.Array
    flags: chex.Array
    trees: chex.Array
    rocks: chex.Array
    score: chex.Array
    time: chex.Array
    direction_change_counter: chex.Array
    game_over: chex.Array
    key: chex.Array


class EntityPosition(NamedTuple):
    x: jnp.ndarray
    y: jnp.ndarray
    width: jnp.ndarray
    height: jnp.ndarray


class SkiingObservation(NamedTuple):
    skier: EntityPosition
    flags: jnp.ndarray
    trees: jnp.ndarray
    rocks: jnp.ndarray
    score: jnp.ndarray


class SkiingInfo(NamedTuple):
    time: jnp.ndarray


class SkiingGameLogic:
    def __init__(self):
        self.config = GameConfig()

    @partial(jax.jit, static_argnums=(0,))
    def step(self, state: GameState, action: int) -> GameState:
        #                              -->  --_      \     |     |    /    _-- <--
        side_speed = jnp.array(
            [-1.0, -0.5, -0.333, 0.0, 0.0, 0.333, 0.5, 1], jnp.float32
        )

        #                              -->  --_   \     |    |     /    _--  <--
        down_speed = jnp.array(
            [0.0, 0.5, 0.875, 1.0, 1.0, 0.875, 0.5, 0.0], jnp.float32
        )

        """Take a step in the game given an action"""

        new_skier_pos = jax.lax.cond(
            jnp.equal(action, LEFT),
            lambda _: state.skier_pos - 1,
            lambda _: state.skier_pos,
            operand=None,
        )
        new_skier_pos = jax.lax.cond(
            jnp.equal(action, RIGHT),
            lambda _: state.skier_pos + 1,
            lambda _: new_skier_pos,
            operand=None,
        )
        skier_pos = jnp.clip(new_skier_pos, 0, 7)

        skier_pos, direction_change_counter = jax.lax.cond(
            jnp.greater(state.direction_change_counter, 0),
            lambda _: (state.skier_pos, state.direction_change_counter - 1),
            lambda _: (skier_pos, 0),
            operand=None,
        )

        direction_change_counter = jax.lax.cond(
            jnp.logical_and(
                jnp.not_equal(skier_pos, state.skier_pos),
                jnp.equal(direction_change_counter, 0),
            ),
            lambda _: 16,
            lambda _: direction_change_counter,
            operand=None,
        )

        dy = down_speed.at[skier_pos].get()

        dx = side_speed.at[skier_pos].get()

        new_skier_x_speed = state.skier_x_speed + ((dx - state.skier_x_speed) * 0.1)

        new_skier_y_speed = state.skier_y_speed + ((dy - state.skier_y_speed) * 0.05)

        new_x = jnp.clip(
            state.skier_x + new_skier_x_speed,
            self.config.skier_width / 2,
            self.config.screen_width - self.config.skier_width / 2,
        )

        new_trees = state.trees
        for i in range(len(state.trees)):
            new_trees = new_trees.at[i, 1].set(state.trees[i][1] - new_skier_y_speed)

        new_rocks = state.rocks
        for i in range(len(state.rocks)):
            new_rocks = new_rocks.at[i, 1].set(state.rocks[i][1] - new_skier_y_speed)

        new_flags = state.flags
        for i in range(len(state.flags)):
            new_flags = new_flags.at[i, 1].set(state.flags[i][1] - new_skier_y_speed)
        return state._replace(skier_x=new_x, trees=new_trees, rocks=new_rocks, flags=new_flags)

    @partial(jax.jit, static_argnums=(0,))
    def _get_observation(self, state: GameState):
        # create skier
        skier = EntityPosition(
            x=state.skier_x,
            y=jnp.array(self.config.skier_y),
            width=jnp.array(self.config.skier_width),
            height=jnp.array(self.config.skier_height),
        )

        # create trees
        trees = jnp.zeros((self.config.max_num_trees, 4))
        for i in range(self.config.max_num_trees):
            tree_pos = state.trees.at[i].get()
            trees = trees.at[i].set(
                jnp.array(
                    [
                        tree_pos.at[0].get(),  # x position
                        tree_pos.at[1].get(),  # y position
                        self.config.tree_width,  # width
                        self.config.tree_height,  # height
                    ]
                )
            )

        # create flags
        flags = jnp.zeros((self.config.max_num_flags, 4))
        for i in range(self.config.max_num_flags):
            flag_pos = state.flags.at[i].get()
            flags = flags.at[i].set(
                jnp.array(
                    [
                        flag_pos.at[0].get(),  # x position
                        flag_pos.at[1].get(),  # y position
                        self.config.flag_width,  # width
                        self.config.flag_height,  # height
                    ]
                )
            )

        # create rocks
        rocks = jnp.zeros((self.config.max_num_rocks, 4))
        for i in range(self.config.max_num_rocks):
            rock_pos = state.rocks.at[i].get()
            rocks = rocks.at[i].set(
                jnp.array(
                    [
                        rock_pos.at[0].get(),  # x position
                        rock_pos.at[1].get(),  # y position
                        self.config.rock_width,  # width
                        self.config.rock_height,  # height
                    ]
                )
            )

        return SkiingObservation(
            skier=skier, trees=trees, flags=flags, rocks=rocks, score=state.score
        )
