# Source: https://github.com/bolt-research/popgym-arcade/blob/d061b611718ae55d095791b4ea7046b5266cafd4/popgym_arcade/environments/countrecall.py
# Title: popgym_arcade/environments/countrecall.py
# Cut: kept __init__, setup_render_templates, _create_card_templates, the jitted render()
#      (its template reads and history compositing) and get_obs; the colour/size tables are
#      reduced to the two canvas sizes, step_env/reset_env and the score/name drawing are cut; the
#      value/query template corners are the 256-px table's positions written inline.
import functools

import chex
import jax
import jax.numpy as jnp
from gymnax.environments import environment

from popgym_arcade.environments.draw_utils import (
    draw_club,
    draw_diamond,
    draw_heart,
    draw_spade,
    draw_sub_canvas,
)


class CountRecall(environment.Environment):
    color = {
        "red": jnp.array([255, 0, 0], dtype=jnp.uint8),
        "black": jnp.array([0, 0, 0], dtype=jnp.uint8),
        "light_gray": jnp.array([245, 245, 245], dtype=jnp.uint8),
        "muted_blue": jnp.array([153, 179, 204], dtype=jnp.uint8),
    }

    size = {
        256: {"canvas_size": 256, "small_canvas_size": 192},
        128: {"canvas_size": 128, "small_canvas_size": 96},
    }

    def __init__(
        self,
        num_decks=1,
        num_types=2,
        partial_obs: bool = False,
        obs_size: int = 128,
    ):
        self.obs_size = obs_size
        self.partial_obs = partial_obs
        self.decksize = 26
        self.num_decks = num_decks
        self.num_types = num_types
        self.num_cards = self.decksize * self.num_decks
        self.max_num = self.num_cards // self.num_types  # number of every type of card
        self.reward_scale = 1.0 / self.num_cards

        self.max_steps_in_episode = 100 + self.num_cards

        self.canvas_size = self.size[obs_size]["canvas_size"]
        self.small_canvas_size = self.size[obs_size]["small_canvas_size"]
        self.canvas_color = self.color["light_gray"]
        self.large_canvas = (
            jnp.zeros((self.canvas_size, self.canvas_size, 3), dtype=jnp.uint8)
            + self.canvas_color
        )
        self.small_canvas = (
            jnp.zeros(
                (self.small_canvas_size, self.small_canvas_size, 3), dtype=jnp.uint8
            )
            + self.color["muted_blue"]
        )

        self.setup_render_templates()

    def setup_render_templates(self):
        """Precompute all possible card templates once during init"""
        if self.canvas_size == 256:
            hist_positions_adjust = 20
            hist_endings_adjust = jnp.array([12, 20])
        elif self.canvas_size == 128:
            hist_positions_adjust = 10
            hist_endings_adjust = jnp.array([8, 12])
        else:
            pass
        # Value/Query card templates
        self.value_templates = self._create_card_templates((0, 0), (20, 40))
        self.query_templates = self._create_card_templates((234, 0), (254, 40))

        # History templates with proper vmap dimensions
        num_history = self.decksize * self.num_decks
        hist_positions = jnp.array(
            [
                ((i % 9) * hist_positions_adjust, (i // 9) * hist_positions_adjust)
                for i in range(num_history)
            ]
        )
        hist_endings = hist_positions + hist_endings_adjust

        # Create base canvas for each history position
        base_canvases = jnp.tile(self.small_canvas[None], (num_history, 1, 1, 1))

        # Create vmap with proper axis mapping
        vmap_draw = lambda fn: jax.vmap(fn, in_axes=(0, 0, None, 0))

        self.history_templates = jnp.stack(
            [
                vmap_draw(draw_heart)(
                    hist_positions, hist_endings, self.color["red"], base_canvases
                ),
                vmap_draw(draw_spade)(
                    hist_positions, hist_endings, self.color["black"], base_canvases
                ),
                vmap_draw(draw_club)(
                    hist_positions, hist_endings, self.color["black"], base_canvases
                ),
                vmap_draw(draw_diamond)(
                    hist_positions, hist_endings, self.color["red"], base_canvases
                ),
            ],
            axis=1,
        )

    def _create_card_templates(self, top_left, bottom_red):
        """Create templates for a card position (value/query)"""
        bottom_black = (bottom_red[0], bottom_red[1] - 6)
        base = self.large_canvas.copy()
        return jnp.stack(
            [
                draw_heart(top_left, bottom_red, self.color["red"], base),
                draw_spade(top_left, bottom_black, self.color["black"], base),
                draw_club(top_left, bottom_black, self.color["black"], base),
                draw_diamond(top_left, bottom_red, self.color["red"], base),
            ]
        )

    @functools.partial(jax.jit, static_argnums=(0,))
    def render(self, state) -> chex.Array:
        large_canvas = self.large_canvas.copy()
        small_canvas = self.small_canvas.copy()

        valid_value = state.timestep < len(state.value_cards)
        value_idx = state.value_cards[state.timestep]
        value_template = self.value_templates[value_idx]
        value_mask = (value_template != self.large_canvas).any(axis=-1, keepdims=True)
        large_canvas = jnp.where(valid_value & value_mask, value_template, large_canvas)

        valid_query = state.timestep < len(state.query_cards)
        query_idx = state.query_cards[state.timestep]
        query_template = self.query_templates[query_idx]
        query_mask = (query_template != self.large_canvas).any(axis=-1, keepdims=True)
        large_canvas = jnp.where(valid_query & query_mask, query_template, large_canvas)

        if not self.partial_obs:
            valid_mask = jnp.arange(len(state.history)) < state.timestep
            card_indices = state.history.astype(int)

            selected = self.history_templates[
                card_indices, jnp.arange(len(state.history))
            ]
            valid_symbols = valid_mask[:, None, None] & jnp.any(
                selected != self.small_canvas[0, 0], axis=-1
            )

            priority = jnp.arange(len(state.history))[:, None, None] * valid_symbols
            last_idx = jnp.argmax(priority, axis=0)
            h, w = jnp.indices(small_canvas.shape[:2])
            small_canvas = jnp.where(
                jnp.any(valid_symbols, axis=0)[..., None],
                selected[last_idx, h, w],
                small_canvas,
            )

        return draw_sub_canvas(small_canvas, large_canvas)

    def get_obs(self, state) -> chex.Array:
        """Returns observation from the state."""
        obs = self.render(state)
        return obs


class CountRecallEasy(CountRecall):
    def __init__(self, partial_obs: bool = False, **kwargs):
        super().__init__(num_decks=1, num_types=2, partial_obs=partial_obs, **kwargs)


class CountRecallHard(CountRecall):
    def __init__(self, partial_obs: bool = False, **kwargs):
        super().__init__(num_decks=3, num_types=4, partial_obs=partial_obs, **kwargs)
