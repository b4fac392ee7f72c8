# Source: https://github.com/andrinr/jaxcad/blob/5113de7d552c055825c41990e43459b40a6b48c6/jaxcad/render/raymarch.py
# Title: jaxcad jaxcad/render/raymarch.py (sphere-tracing renderer)
# Cut: kept the soft-shadow and sphere-trace helpers and a condensed pixel renderer; shading,
#      refraction, materials and antialiasing dropped.
from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
from jax import Array


def _soft_shadow(sdf: Callable, pos: Array, normal: Array, light_dir: Array, steps: int, hardness: float) -> Array:
    # Offset along the normal so the shadow ray starts clearly outside the surface
    origin = pos + normal * 2e-3

    def f(carry, _):
        t, shadow = carry
        h = sdf(origin + light_dir * t)
        # Clamp step to positive to prevent the ray going backwards inside geometry
        return (t + jnp.maximum(h, 1e-5), jnp.clip(hardness * h / t, 0.0, shadow)), None

    (_, shadow), _ = jax.lax.scan(f, (jnp.array(1e-2), jnp.array(1.0)), None, length=steps)
    return shadow


def _sphere_trace(
    sdf: Callable, origin: Array, direction: Array, steps: int
) -> tuple[Array, Array]:
    """Sphere trace from origin along direction for `steps` iterations.

    Returns:
        (t_hit, d_min): t at closest approach and the minimum SDF distance seen.
    """

    def march(carry, _):
        t, t_hit, d_min = carry
        d = sdf(origin + t * direction)
        # Guard against inf/NaN from smooth_min(inf, inf) when rays miss all geometry
        d_safe = jnp.where(jnp.isfinite(d), d, jnp.array(1e9))
        t_next = t + jnp.maximum(d_safe, 1e-5)
        closer = d_safe < d_min
        return (t_next, jnp.where(closer, t, t_hit), jnp.minimum(d_safe, d_min)), None

    (_, t_hit, d_min), _ = jax.lax.scan(
        march, (jnp.array(0.0), jnp.array(0.0), jnp.array(1e9)), None, length=steps
    )
    return t_hit, d_min


def render(sdf, camera_pos, rays, light_dir, max_steps=64, shadow_steps=32, shadow_hardness=8.0):
    def _render_pixel(ray_dir):
        t_hit, d_min = _sphere_trace(sdf, camera_pos, ray_dir, max_steps)
        pos = camera_pos + t_hit * ray_dir
        normal = jax.grad(sdf)(pos)
        normal = normal / jnp.linalg.norm(normal)
        shadow = _soft_shadow(sdf, pos, normal, light_dir, shadow_steps, shadow_hardness)
        return jnp.where(d_min < 1e-3, shadow * jnp.maximum(normal @ light_dir, 0.0), 0.0)

    render_fn = jax.jit(jax.vmap(_render_pixel))
    return render_fn(rays)
