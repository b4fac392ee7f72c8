# Source: https://github.com/strakam/generals-bots/blob/9e3b9d13cca51caa1bb07db48bb85c9e90ce0462/generals/core/grid.py
# Title: generals/core/grid.py (jitted map generator for the Generals.io RL environment)
# Cut: kept the BFS helpers and dilation, and the part of generate_grid that dilates the castle mask and vmaps one BFS per spawn candidate; terrain/castle placement and fairness checks cut (marked)
from functools import partial

import jax
import jax.numpy as jnp


def _bfs_field_from_mask(passable: jax.Array, start: jax.Array) -> jax.Array:
    """bfs_distance_field, seeded by a boolean mask so it can be vmapped."""
    h, w = passable.shape
    unreachable = h * w
    dist = jnp.where(start, 0, unreachable).astype(jnp.int32)

    def cond_fn(state):
        _, _, _, grew = state
        return grew

    def body_fn(state):
        reached, dist, step, _ = state
        grown = _dilate4(reached) & passable
        newly = grown & ~reached
        return (grown, jnp.where(newly, step, dist), step + 1, jnp.any(newly))

    _, dist, _, _ = jax.lax.while_loop(
        cond_fn, body_fn, (start, dist, jnp.int32(1), jnp.bool_(True))
    )
    return dist


def bfs_distance_field(passable: jax.Array, start_pos: tuple[int, int]) -> jax.Array:
    """Step distance from `start_pos` to every cell, over 4-connected open ground.

    One breadth-first dilation: each round expands the reached set by one step
    and stamps that round's number onto the cells newly touched, so the value
    left behind IS the shortest path length. Unreachable cells (and cells behind
    mountains) keep the sentinel h*w, which is larger than any real path.

    Same loop as bfs_distance, but it answers "how far is everything" in one
    pass rather than "how far is that one cell" — which is what makes spawn
    placement a single BFS instead of one per candidate.

    Args:
        passable: (h, w) boolean mask of walkable cells; start_pos must be True
        start_pos: source (i, j)

    Returns:
        (h, w) int32 array of step distances, h*w where unreachable.
    """
    start = jnp.zeros(passable.shape, dtype=jnp.bool_).at[start_pos].set(True)
    return _bfs_field_from_mask(passable, start)


def _dilate4(mask: jax.Array) -> jax.Array:
    """Expand a boolean mask to its 4-neighbours (no wrap-around at the borders)."""
    up = jnp.roll(mask, -1, axis=0).at[-1, :].set(False)
    down = jnp.roll(mask, 1, axis=0).at[0, :].set(False)
    left = jnp.roll(mask, -1, axis=1).at[:, -1].set(False)
    right = jnp.roll(mask, 1, axis=1).at[:, 0].set(False)
    return mask | up | down | left | right


# How many spots to try for general A before settling. Each costs one bounded
# dilation and they run batched, so trying more is cheap insurance on two counts:
# random mountains leave the odd sealed pocket (a general stranded in one has
# nowhere far to put its opponent), and a cramped A may have no partner that is
# both distant AND comparable. At 4 candidates one board in 300 missed the
# fairness tolerance; at 6 none did.
SPAWN_CANDIDATES = 8


@partial(jax.jit, static_argnames=['grid_dims', 'pad_to', 'mountain_density_range', 'num_castles_range',
                                    'min_generals_distance', 'max_generals_distance', 'castle_val_range'])
def generate_grid(
    key: jax.random.PRNGKey,
    grid_dims: tuple[int, int] = (23, 23),
    pad_to: int | None = None,
    mountain_density_range: tuple[float, float] = (0.18, 0.26),
    num_castles_range: tuple[int, int] = (9, 11),
    min_generals_distance: int = 17,
    max_generals_distance: int | None = None,
    castle_val_range: tuple[int, int] = (40, 51),
) -> jnp.ndarray:
    """Generate grid using JAX-optimal algorithm with guaranteed validity (docstring cut)."""
    num_tiles = grid_dims[0] * grid_dims[1]
    keys = jax.random.split(key, 8)
    grid = jnp.zeros(grid_dims, dtype=jnp.int32)  # terrain, mountains and castles placed here (cut)
    passable = grid != -2                      # castles included: they are walkable
    near_castle = grid > 2
    for _ in range(6):
        near_castle = _dilate4(near_castle) & passable

    # Random mountains leave the odd sealed-off pocket, and a general stranded in
    # one has nowhere far to put its opponent. Draw SPAWN_CANDIDATES spots at
    # once (Gumbel top-k over open ground, biased toward an early castle) and
    # keep the first that can actually seat an opponent at range. Fixed work, no
    # rejection loop: this is why the L-path carve could be dropped, and with it
    # the repair step that used to shorten the very distance being enforced.
    logits = jnp.where(passable, jnp.where(near_castle, 20.0, 0.0), -jnp.inf).reshape(-1)
    _, cand_flat = jax.lax.top_k(logits + jax.random.gumbel(keys[2], shape=(num_tiles,)),
                                 SPAWN_CANDIDATES)

    # =================================================================
    # Step 4: One BFS dilation per candidate — step distance to every cell.
    # =================================================================
    unreachable = num_tiles  # the field's "no route" sentinel

    def field_from_flat(idx):
        start = (jnp.arange(num_tiles) == idx).reshape(grid_dims) & passable
        return _bfs_field_from_mask(passable, start)

    fields = jax.vmap(field_from_flat)(cand_flat)              # (K, h, w)
    reach = (fields < unreachable) & passable[None]
    return fields
