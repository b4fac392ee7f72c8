# Source: https://github.com/FLAIROx/Kinetix/blob/fac744975567154a90e4d378ced1ad3f143d57c0/kinetix/environment/ued/mutators.py
# Title: kinetix/environment/ued/mutators.py (level mutators for unsupervised environment design)
# Cut: kept mutate_swap_role verbatim; count_roles and the other mutators are referenced, not shown.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(3, 4))
def mutate_swap_role(
    rng, state, env_params, static_env_params, ued_params
):
    def _cr(*args):
        return count_roles(*args, include_static_polys=False)

    role_counts = jax.vmap(_cr, (None, None, 0))(state, static_env_params, jnp.arange(4))
    are_there_multiple_roles = (role_counts > 0).sum() > 1

    def dummy(rng, state):
        return state

    def do_swap(rng, state):
        rng, _rng = jax.random.split(rng)
        rngs = jax.random.split(_rng, 2)
        all_roles = jnp.concatenate([state.polygon_shape_roles, state.circle_shape_roles])

        p = (
            (jnp.concatenate([state.polygon.active, state.circle.active]))
            .astype(jnp.float32)
            .at[: static_env_params.num_static_fixated_polys]
            .set(0.0)
        )
        shape_idx_a = jax.random.choice(
            rngs[0], jnp.arange(static_env_params.num_polygons + static_env_params.num_circles), p=p
        )
        role_a = all_roles[shape_idx_a]
        p = jnp.where(all_roles == role_a, 0.0, p)
        shape_idx_b = jax.random.choice(
            rngs[1], jnp.arange(static_env_params.num_polygons + static_env_params.num_circles), p=p
        )
        role_b = all_roles[shape_idx_b]
        role_a, role_b = role_b, role_a

        for idx, role in [(shape_idx_a, role_a), (shape_idx_b, role_b)]:
            is_rect = idx < static_env_params.num_polygons
            state = state.replace(
                polygon_shape_roles=jax.lax.select(
                    is_rect, state.polygon_shape_roles.at[idx].set(role), state.polygon_shape_roles
                ),
                circle_shape_roles=jax.lax.select(
                    jnp.logical_not(is_rect),
                    state.circle_shape_roles.at[idx - static_env_params.num_polygons].set(role),
                    state.circle_shape_roles,
                ),
            )
        return state

    return jax.lax.cond(are_there_multiple_roles, do_swap, dummy, rng, state)
