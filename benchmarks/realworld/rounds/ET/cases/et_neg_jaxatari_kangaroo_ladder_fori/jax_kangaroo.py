# Source: https://github.com/k4ntz/JAXAtari/blob/9066d9eb66c01952ed8351591244e146d9125fe5/jax_kangaroo.py
# Title: jax_kangaroo.py (JAXAtari Kangaroo, parent of commit 39d40a1 "Changed some sequential
#        functions used by fori_loops to a vectorized approach with vmap")
# Cut: kept the two jitted ladder-collision checks; entities_collide_with_threshold,
#      get_level_constants, PLAYER_WIDTH and the game state are referenced, not shown.
from functools import partial

import jax
import jax.numpy as jnp
import chex

@partial(jax.jit, static_argnums=())
def player_is_above_ladder(
    state: GameState,
    threshold: float = 0.3,
    virtual_hitbox_height: float = 12.0,
) -> chex.Array:
    """Checks collision between a virtual hitbox below player and ladders."""

    level_constants = get_level_constants(state.current_level)

    def check_single_collision(i, collisions):
        ladder_pos = level_constants.ladder_positions[i]
        ladder_size = level_constants.ladder_sizes[i]

        collision = entities_collide_with_threshold(
            state.player.x,
            state.player.y + state.player.height,
            PLAYER_WIDTH,
            virtual_hitbox_height,
            ladder_pos[0],
            ladder_pos[1],
            ladder_size[0],
            ladder_size[1],
            threshold,
        )

        return collisions.at[i].set(collision)

    num_ladders = level_constants.ladder_positions.shape[0]
    initial_collisions = jnp.zeros(num_ladders, dtype=bool)
    return jax.lax.fori_loop(0, num_ladders, check_single_collision, initial_collisions)


@partial(jax.jit, static_argnums=())
def check_ladder_collisions(
    state: GameState, level_constants: LevelConstants, threshold: float = 0.3
) -> chex.Array:
    """Vectorized ladder collision checking."""

    def check_single_ladder(i, collisions):
        ladder_pos = level_constants.ladder_positions[i]
        ladder_size = level_constants.ladder_sizes[i]

        collision = entities_collide_with_threshold(
            state.player.x,
            state.player.y,
            PLAYER_WIDTH,
            state.player.height,
            ladder_pos[0],
            ladder_pos[1],
            ladder_size[0],
            ladder_size[1],
            threshold,
        )

        return collisions.at[i].set(collision)

    num_ladders = level_constants.ladder_positions.shape[0]
    collisions = jnp.zeros(num_ladders, dtype=bool)
    return jax.lax.fori_loop(0, num_ladders, check_single_ladder, collisions)
