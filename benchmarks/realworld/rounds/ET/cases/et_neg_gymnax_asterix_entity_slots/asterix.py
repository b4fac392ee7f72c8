# Source: https://github.com/RobertTLange/gymnax/blob/086ad95697d5898b95ce3b14fa25f2b0bae4a1fc/gymnax/environments/minatar/asterix.py
# Title: gymnax/environments/minatar/asterix.py (MinAtar Asterix in JAX)
# Cut: kept step_entities (8 entity slots, unrolled) and get_obs; step_env calls step_entities and
#      gymnax's Environment.step is jitted (not reproduced); spawning, timers and spaces dropped.
import jax
import jax.numpy as jnp


def get_obs(state, params=None, key=None) -> jax.Array:
    """Return observation from raw state trafo."""
    # Add a 5th channel to help with not used entities
    obs = jnp.zeros((10, 10, 5), dtype=jnp.int32)
    # Set the position of the agent in the grid
    obs = obs.at[state.player_y, state.player_x, 0].set(1)
    # Loop over entity identities and set entity locations
    for i in range(state.entities.shape[0]):
        x = state.entities[i, :]
        # Enemy channel 1, Trail channel 2, Gold channel 3, Not used 4
        c = 3 * x[3] + 1 * (1 - x[3])
        c_eff = c * x[4] + 4 * (1 - x[4])
        obs = obs.at[x[1], x[0], c_eff].set(1)

        back_x = (x[0] - 1) * x[2] + (x[0] + 1) * (1 - x[2])
        leave_trail = jnp.logical_and(back_x >= 0, back_x <= 9)
        c_eff = 2 * x[4] + 4 * (1 - x[4])
        obs = obs.at[x[1], back_x, c_eff].set(leave_trail)
    return obs[:, :, :4].astype(jnp.float32)


def step_entities(
    state: EnvState,
) -> tuple[EnvState, jax.Array, bool]:
    """Update positions of the entities and return reward, done."""
    done, reward = 0, jnp.array(0)
    # Loop over entities and check for collisions - either gold or enemy
    entities = state.entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        # Get boolean for any collision with either gold or enemy
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        # If collision with gold: empty gold and give positive reward
        collision_gold = jnp.logical_and(collision, x[3])
        reward += collision_gold
        # Set row i to zeros if collision with gold
        entities = entities.at[i].set(x * (1 - collision_gold))

        # If collision with enemy: terminate the episode
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += collision_enemy

    # Loop over entities and move them in direction
    time_to_move = state.move_timer == 0
    move_timer = jax.lax.select(time_to_move, state.move_speed, state.move_timer)

    old_entities = entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        lr = x[2]
        # Update position left and right move
        x = x.at[0].set(jax.lax.select(slot_filled, x[0] + 1 * lr - 1 * (1 - lr), x[0]))

        # Update if entity moves out of the frame - reset everything to zeros
        outside_of_frame = jnp.logical_or(x[0] < 0, x[0] > 9)
        entities = jax.lax.select(
            time_to_move,
            entities.at[i].set(x * slot_filled * (1 - outside_of_frame)),
            old_entities,
        )

        # Update if entity moves into the player after its state is updated
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        # If collision with gold: empty gold and give positive reward
        collision_gold = jnp.logical_and(collision, x[3])
        reward += jax.lax.select(time_to_move, collision_gold, False) * 1
        entities = jax.lax.select(
            time_to_move,
            entities.at[i].set(entities[i] * (1 - collision_gold)),
            old_entities,
        )
        # If collision with enemy: terminate the episode
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += jax.lax.select(time_to_move, collision_enemy, False)
    return (
        state.replace(entities=entities, move_timer=move_timer),
        reward,
        jnp.bool_(done > 0),
    )

