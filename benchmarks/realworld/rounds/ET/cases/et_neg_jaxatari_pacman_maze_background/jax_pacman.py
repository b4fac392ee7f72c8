# Source: https://github.com/k4ntz/JAXAtari/blob/437aaff69f18d16054f7d44ded5df43b23614824/src/jaxatari/games/jax_pacman.py
# Title: src/jaxatari/games/jax_pacman.py (JAXAtari Pac-Man renderer, commit "update code")
# Cut: kept the numpy background builder (run once in the renderer constructor) and the head of
#      the jitted render with its per-tile body; constants class trimmed to the fields used.
from functools import partial

import jax
import jax.numpy as jnp


class PacmanConstants:
    TILE_SIZE: int = 8
    MAZE_WIDTH: int = 28  # 28 tiles wide
    MAZE_HEIGHT: int = 31  # 31 tiles tall
    WIDTH: int = 224
    HEIGHT: int = 248


class PacmanRenderer:
    def __init__(self, consts=None):
        self.consts = consts or PacmanConstants()
        self.BACKGROUND = self._create_maze_background()

        """Create static background with maze walls."""
        import numpy as np
        bg = np.zeros((self.consts.HEIGHT, self.consts.WIDTH, 3), dtype=np.uint8)
        
        for row in range(self.consts.MAZE_HEIGHT):
            for col in range(self.consts.MAZE_WIDTH):
                tile_val = int(self.consts.MAZE_LAYOUT[row, col])
                if tile_val == 1:  # Wall
                    x, y = col * self.consts.TILE_SIZE, row * self.consts.TILE_SIZE
                    for dy in range(self.consts.TILE_SIZE):
                        for dx in range(self.consts.TILE_SIZE):
                            px, py = x + dx, y + dy
                            if px < self.consts.WIDTH and py < self.consts.HEIGHT:
                                bg[py, px] = [33, 33, 222]  # Blue walls
        
        return jnp.array(bg, dtype=jnp.uint8)

    @partial(jax.jit, static_argnums=(0,))
    def render(self, state):
        # Init raster
        raster = self.jr.create_object_raster(self.BACKGROUND)
        
        # Render maze elements
        wall_mask = self.SHAPE_MASKS["wall"]
        pellet_dot_mask = self.SHAPE_MASKS["pellet_dot"]
        pellet_power_mask = self.SHAPE_MASKS["pellet_power"]
        
        # Draw tiles
        def render_tile(i, raster_state):
            row = i // self.consts.MAZE_WIDTH
            col = i % self.consts.MAZE_WIDTH
            tile_val = self.consts.MAZE_LAYOUT[row, col]
            x = col * self.consts.TILE_SIZE
            y = row * self.consts.TILE_SIZE
            
            # Draw wall
            raster_state = jax.lax.cond(
                tile_val == 1,
                lambda r: self.jr.render_at(r, x, y, wall_mask),
                lambda r: r,
                raster_state
            )
            
            # Draw dot
            is_dot = jnp.logical_and(tile_val == 2, state.pellets_collected[row, col] == 0)
            raster_state = jax.lax.cond(
                is_dot,
                lambda r: self.jr.render_at(r, x, y, pellet_dot_mask),
                lambda r: r,
                raster_state
            )
            
            # Draw power pellet  
            is_power = jnp.logical_and(tile_val == 3, state.pellets_collected[row, col] == 0)
            raster_state = jax.lax.cond(
                is_power,
                lambda r: self.jr.render_at(r, x, y, pellet_power_mask),
                lambda r: r,
                raster_state
            )
            
            return raster_state
        
        # Draw all tiles
        num_tiles = self.consts.MAZE_HEIGHT * self.consts.MAZE_WIDTH
        raster = jax.lax.fori_loop(0, num_tiles, render_tile, raster)
        return raster
