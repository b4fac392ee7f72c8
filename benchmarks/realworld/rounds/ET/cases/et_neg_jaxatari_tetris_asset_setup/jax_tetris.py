# Source: https://github.com/k4ntz/JAXAtari/blob/fcae502bc341c77f14805cf596b0a23063ef756f/src/jaxatari/games/jax_tetris.py
# Title: src/jaxatari/games/jax_tetris.py (JAXAtari Tetris renderer)
# Cut: kept the renderer constructor (asset setup for the 22 row colours), the colour-map
#      precomputation and the head of the jitted render; the rest of render dropped.
import os
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import chex

from jaxatari.renderers import JAXGameRenderer
import jaxatari.rendering.jax_rendering_utils as render_utils


class TetrisRenderer(JAXGameRenderer):
    def __init__(self, consts: TetrisConstants = None, config: render_utils.RendererConfig = None):
        self.consts = consts or TetrisConstants()
        super().__init__(self.consts)
        
        # Use injected config if provided, else default
        if config is None:
            self.config = render_utils.RendererConfig(
                game_dimensions=(210, 160),
                channels=3,
                downscale=None
            )
        else:
            self.config = config
        self.jr = render_utils.JaxRenderingUtils(self.config)

        # 1. Start from (possibly modded) asset config provided via constants
        final_asset_config = list(self.consts.ASSET_CONFIG)
        
        # 2. Create procedural assets using modded constants
        # Procedurally generate 1x1 pixel sprites for each of the 22 row colors.
        # This ensures they are all included in the final color palette.
        sprite_path = os.path.join(render_utils.get_base_sprite_dir(), "tetris")
        for i in range(22):
            # The file is loaded here to get the color, then converted to a procedural sprite.
            color_rgba = self.jr.loadFrame(
                f"{sprite_path}/height_colors/h_{i}.npy"
            )[0, 0] # Get the color from the top-left pixel
            final_asset_config.append({
                'name': f'row_color_{i}',
                'type': 'procedural',
                'data': color_rgba.reshape(1, 1, 4)
            })
        
        # 3. Load all assets, create palette, and generate ID masks
        (
            self.PALETTE,
            self.SHAPE_MASKS,
            self.BACKGROUND,
            self.COLOR_TO_ID,
            self.FLIP_OFFSETS,
        ) = self.jr.load_and_setup_assets(final_asset_config, sprite_path)

        # 4. Precompute the color map for the board grid
        self.BOARD_COLOR_MAP = self._precompute_board_color_map()

    def _precompute_board_color_map(self) -> jnp.ndarray:
        """Creates a lookup table mapping a row's object ID to its color ID."""
        # Object ID 0 is transparent/background.
        # Object ID 1 will map to the color of row_color_0, ID 2 to row_color_1, and so on.
        color_ids = [self.jr.TRANSPARENT_ID]
        for i in range(22):
            # Load the color, convert to a tuple, and look up its ID in the generated map.
            color_rgba = self.jr.loadFrame(
                f"{os.path.join(render_utils.get_base_sprite_dir(), 'tetris')}/height_colors/h_{i}.npy"
            )[0, 0]
            rgb_tuple = tuple(np.array(color_rgba[:3]))
            color_ids.append(self.COLOR_TO_ID[rgb_tuple])
        return jnp.array(color_ids)

    @partial(jax.jit, static_argnums=(0,))
    def get_piece_shape(self, piece_idx: chex.Array, rotation_idx: chex.Array) -> chex.Array:
        return self.consts.TETROMINOS[piece_idx, rotation_idx]

    @partial(jax.jit, static_argnums=(0,))
    def render(self, state: TetrisState):
        # --- 1. Initialize Raster & Static Elements ---
        raster = self.jr.create_object_raster(self.BACKGROUND)
        raster = self.jr.render_at(
            raster, self.consts.BOARD_X, self.consts.BOARD_Y, self.SHAPE_MASKS['board_overlay']
        )

        # Get the shape of the current piece
        piece_shape = self.get_piece_shape(state.piece_type, state.rot)
        H_board, W_board = state.board.shape

        # Create coordinate grids for the entire board
        board_rows, board_cols = jnp.mgrid[:H_board, :W_board]
        return board_rows, board_cols
