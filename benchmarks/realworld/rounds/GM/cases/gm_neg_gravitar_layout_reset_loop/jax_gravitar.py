# Source: https://github.com/k4ntz/JAXAtari/blob/fcae502bc341c77f14805cf596b0a23063ef756f/src/jaxatari/games/jax_gravitar.py
# Title: src/jaxatari/games/jax_gravitar.py (JAX Gravitar: level reset called from the jitted step)
# Cut: kept the object-placement loop of JaxGravitar.reset_level (up to the counters) and the branch of the jitted step_full
#      that calls it; LEVEL_LAYOUTS holds at most 6 objects per level, so jax_layout["types"].shape[1] is 6; create_empty_enemies, FuelTanks and SpriteIdx are defined elsewhere in the file; the rest of the file dropped.
from functools import partial

import jax
import jax.numpy as jnp

MAX_ENEMIES = 4  # GravitarConstants.MAX_ENEMIES default ("reduced from 16 for faster compilation")


class JaxGravitar:
    def reset_level(self, key: jnp.ndarray, level_id: jnp.ndarray, prev_env_state: EnvState):
        level_id = jnp.asarray(level_id, dtype=jnp.int32)
        level_offset = self.jax_level_offsets[level_id]
        terrain_sprite_idx = self.jax_level_to_terrain[level_id]
        bank_idx = self.jax_level_to_bank[level_id]
        transform = self.jax_level_transforms[level_id]
        scale, ox, oy = transform[0], transform[1], transform[2]

        init_enemies = create_empty_enemies()
        init_tanks = FuelTanks(x=jnp.full((MAX_ENEMIES,), -1.0), y=jnp.full((MAX_ENEMIES,), -1.0),
                               w=jnp.zeros((MAX_ENEMIES,)), h=jnp.zeros((MAX_ENEMIES,)),
                               sprite_idx=jnp.full((MAX_ENEMIES,), -1), active=jnp.zeros((MAX_ENEMIES,), dtype=bool))
        enemies, fuel_tanks, e_idx, t_idx = init_enemies, init_tanks, 0, 0
        terrain_sprite = self.jax_level_to_terrain[level_id]
        tank_w, tank_h = self.jax_sprite_dims[int(SpriteIdx.FUEL_TANK)]
        for i in range(self.jax_layout["types"].shape[1]):
            obj_type = self.jax_layout["types"][level_id, i]
            should_place = obj_type != -1
            orig_idx = jnp.where(obj_type == SpriteIdx.ENEMY_ORANGE_FLIPPED, SpriteIdx.ENEMY_ORANGE, obj_type)
            w, h = self.jax_sprite_dims[orig_idx]
            x = self.jax_layout["coords_x"][level_id, i]
            y = self.jax_layout["coords_y"][level_id, i]
            is_tank = should_place & (obj_type == SpriteIdx.FUEL_TANK)
            is_green_enemy = should_place & (obj_type == SpriteIdx.ENEMY_GREEN)
            spawn_tank = is_tank | is_green_enemy
            spawn_enemy = should_place & (~is_tank)
            spawned_tank_active = is_tank

            enemies = enemies.replace(
                x=enemies.x.at[e_idx].set(jnp.where(spawn_enemy, x, enemies.x[e_idx])),
                y=enemies.y.at[e_idx].set(jnp.where(spawn_enemy, y, enemies.y[e_idx])),
                w=enemies.w.at[e_idx].set(jnp.where(spawn_enemy, w, enemies.w[e_idx])),
                h=enemies.h.at[e_idx].set(jnp.where(spawn_enemy, h, enemies.h[e_idx])),
                sprite_idx=enemies.sprite_idx.at[e_idx].set(jnp.where(spawn_enemy, obj_type, enemies.sprite_idx[e_idx])),
                hp=enemies.hp.at[e_idx].set(jnp.where(spawn_enemy, 1, enemies.hp[e_idx])),
            )
            fuel_tanks = fuel_tanks.replace(
                x=fuel_tanks.x.at[t_idx].set(jnp.where(spawn_tank, x, fuel_tanks.x[t_idx])),
                y=fuel_tanks.y.at[t_idx].set(jnp.where(spawn_tank, y, fuel_tanks.y[t_idx])),
                w=fuel_tanks.w.at[t_idx].set(jnp.where(spawn_tank, tank_w, fuel_tanks.w[t_idx])),
                h=fuel_tanks.h.at[t_idx].set(jnp.where(spawn_tank, tank_h, fuel_tanks.h[t_idx])),
                sprite_idx=fuel_tanks.sprite_idx.at[t_idx].set(
                    jnp.where(spawn_tank, int(SpriteIdx.FUEL_TANK), fuel_tanks.sprite_idx[t_idx])
                ),
                active=fuel_tanks.active.at[t_idx].set(
                    jnp.where(spawn_tank, spawned_tank_active.astype(bool), fuel_tanks.active[t_idx])
                ),
            )
            e_idx = e_idx + spawn_enemy.astype(jnp.int32)
            t_idx = t_idx + spawn_tank.astype(jnp.int32)
        return enemies, fuel_tanks


@partial(jax.jit, static_argnums=(2,))
def step_full(env_state, action: int, env_instance: 'JaxGravitar'):
    """
    Executes a full step of game logic with flat transition routing.
    """
    ...

    def branch_enter_level(branch_args):
        _, st_b, rew_b, inf_b, key_b, lvl_b, _, _, rst_b = branch_args
        new_key, subkey = jax.random.split(key_b)
        new_obs, new_state = env_instance.reset_level(subkey, lvl_b, st_b)
        new_state = new_state.replace(key=new_key)
        return new_obs, new_state, rew_b, jnp.array(False), inf_b.replace(level_cleared=jnp.array(False)), rst_b, lvl_b
    return branch_enter_level
