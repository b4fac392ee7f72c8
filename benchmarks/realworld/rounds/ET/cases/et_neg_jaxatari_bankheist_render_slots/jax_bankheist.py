# Source: https://github.com/k4ntz/JAXAtari/blob/fcae502bc341c77f14805cf596b0a23063ef756f/src/jaxatari/games/jax_bankheist.py
# Title: src/jaxatari/games/jax_bankheist.py (JAXAtari Bank Heist renderer)
# Cut: kept the jitted render method up to the batched stamp; asset setup, the fuel-tank helper
#      and the palette flash at the end dropped.
from functools import partial

import jax
import jax.numpy as jnp


class BankHeistRenderer:
    @partial(jax.jit, static_argnums=(0,))
    def render(self, state):
        # 1. Start with the pre-rendered city background (including baked fuel tank outline)
        raster = self.SHAPE_MASKS['city_maps'][state.map_id % self.SHAPE_MASKS['city_maps'].shape[0]]
        
        # 2. Collect ALL dynamic objects for a single vectorized batch render
        # We'll build arrays of (x, y) and (mask) for every possible object
        # and hide inactive ones by placing them off-screen.
        
        xs = []
        ys = []
        masks = []
        
        # --- Player ---
        p_dir = jax.lax.select(state.player.direction == 4, 2, state.player.direction)
        xs.append(state.player.position[0])
        ys.append(state.player.position[1])
        masks.append(self.PLAYER_BATCH_MASKS[p_dir])
        
        # --- Fuel Tank Gauge ---
        fuel_gauge_y_offset = jax.lax.dynamic_index_in_dim(self.consts.TANK_LEVELS, state.bank_heists, axis=0, keepdims=False)
        # Use -100 to hide if gauge is 0
        xs.append(jax.lax.select(fuel_gauge_y_offset > 0, self.consts.FUEL_TANK_POSITION[0]+8, -100))
        ys.append(self.consts.FUEL_TANK_POSITION[1] + (self.consts.TANK_HEIGHT - fuel_gauge_y_offset))
        masks.append(pad_to_shape(self.SHAPE_MASKS['fuel_gauge'], self.BATCH_SHAPE, self.jr.TRANSPARENT_ID))
        
        # --- Lives (Unrolled into list) ---
        life_mask = self.PLAYER_BATCH_MASKS[2]
        for i in range(len(self.consts.LIFE_POSITIONS)):
            xs.append(jax.lax.select(i < state.player_lives, self.consts.LIFE_POSITIONS[i][0], -100))
            ys.append(self.consts.LIFE_POSITIONS[i][1])
            masks.append(life_mask)
            
        # --- Banks ---
        for i in range(3):
            xs.append(jax.lax.select(state.bank_positions.visibility[i] != 0, state.bank_positions.position[i, 0], -100))
            ys.append(state.bank_positions.position[i, 1])
            masks.append(self.BANK_BATCH_MASK)
            
        # --- Pending Bank Scores ---
        for i in range(3):
            s_idx = jnp.clip(state.pending_police_scores[i] - 1, 0, 8)
            xs.append(jax.lax.select(state.pending_police_spawns[i] > 0, state.pending_police_spawn_positions[i, 0], -100))
            ys.append(state.pending_police_spawn_positions[i, 1])
            masks.append(self.SCORE_BATCH_MASKS[s_idx])
            
        # --- Killed Police Scores ---
        for i in range(3):
            s_idx = jnp.clip(state.killed_police_scores[i] - 1, 0, 8)
            visible = state.bank_spawn_timers[i] > (self.consts.BANK_RESPAWN_TIME - 120)
            xs.append(jax.lax.select(visible, state.enemy_positions.position[i, 0], -100))
            ys.append(state.enemy_positions.position[i, 1])
            masks.append(self.SCORE_BATCH_MASKS[s_idx])
            
        # --- Police Cars ---
        for i in range(3):
            p_dir = jax.lax.select(state.enemy_positions.direction[i] == 4, 2, state.enemy_positions.direction[i])
            xs.append(jax.lax.select(state.enemy_positions.visibility[i] != 0, state.enemy_positions.position[i, 0], -100))
            ys.append(state.enemy_positions.position[i, 1])
            masks.append(self.POLICE_BATCH_MASKS[p_dir])
            
        # --- Dynamite ---
        dynamite_active = ~jnp.all(state.dynamite_position == jnp.array([-1, -1]))
        dynamite_visible = dynamite_active & ((state.dynamite_timer[0] % 8) < 4)
        xs.append(jax.lax.select(dynamite_visible, state.dynamite_position[0], -100))
        ys.append(state.dynamite_position[1])
        masks.append(self.DYNAMITE_BATCH_MASK)
        
        # --- Score ---
        is_negative = state.money < 0
        abs_money = jnp.abs(state.money)
        score_digits = self.jr.int_to_digits(abs_money, max_digits=4)
        
        minus_mask = jnp.full(self.BATCH_SHAPE, self.jr.TRANSPARENT_ID, dtype=jnp.uint8)
        minus_mask = minus_mask.at[3, 1:5].set(jnp.uint8(self.black_color_id))
        
        xs.append(jax.lax.select(is_negative, jnp.array(74), jnp.array(-100)))
        ys.append(jnp.array(179))
        masks.append(minus_mask)
        
        for i in range(4):
            xs.append(jnp.array(90 + i * 12))
            ys.append(jnp.array(179))
            masks.append(self.DIGIT_BATCH_MASKS[score_digits[i]])
            
        # 3. Execution of single vectorized batch stamp
        raster = self.jr.render_at_batch(
            raster, 
            jnp.stack(xs), 
            jnp.stack(ys), 
            jnp.stack(masks)
        )
        return raster
