# Source: https://github.com/jeertmans/DiffeRT/blob/d22adc7c5c273680cf008a9dfd4a3db1a34354fa/differt/src/differt/geometry/_utils.py
# Title: DiffeRT differt/src/differt/geometry/_utils.py (ray_intersect_any_triangle)
# Cut: overloads, docstring and ray_intersect_triangle body dropped (stub kept); batching loop kept verbatim.
from typing import Any

import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array, ArrayLike, Bool, Float, Int


def ray_intersect_triangle(ray_origins, ray_directions, triangle_vertices, *, smoothing_factor=None, **kwargs):
    ...  # Moller-Trumbore test, returns (t, hit)


def smoothing_function(x, smoothing_factor):
    return jax.nn.sigmoid(x * smoothing_factor)


@eqx.filter_jit
def ray_intersect_any_triangle(
    ray_origins: Float[ArrayLike, "*#batch 3"],
    ray_directions: Float[ArrayLike, "*#batch 3"],
    triangle_vertices: Float[ArrayLike, "*#batch num_triangles 3 3"],
    active_triangles: Bool[ArrayLike, "*#batch num_triangles"] | None = None,
    *,
    hit_tol: Float[ArrayLike, ""] | None = None,
    smoothing_factor: Float[ArrayLike, ""] | None = None,
    batch_size: int | None = 512,
    **kwargs: Any,
) -> Bool[Array, " *batch"] | Float[Array, " *batch"]:
    ray_origins = jnp.asarray(ray_origins)
    ray_directions = jnp.asarray(ray_directions)
    triangle_vertices = jnp.asarray(triangle_vertices)

    if hit_tol is None:
        dtype = jnp.result_type(ray_origins, ray_directions, triangle_vertices)
        hit_tol = 100.0 * jnp.finfo(dtype).eps

    hit_threshold = 1.0 - jnp.asarray(hit_tol)

    num_triangles = triangle_vertices.shape[-3]
    if batch_size is None:
        batch_size = num_triangles
    batch_size = max(min(batch_size, num_triangles), 1)
    num_batches, rem = divmod(num_triangles, batch_size)

    if active_triangles is not None:
        active_triangles = jnp.asarray(active_triangles)

    # Combine the batch dimensions
    batch = jnp.broadcast_shapes(
        ray_origins.shape[:-1],
        ray_directions.shape[:-1],
        triangle_vertices.shape[:-3],
        active_triangles.shape[:-1] if active_triangles is not None else (),
    )

    if num_triangles == 0:
        # If there are no triangles, there are no intersections
        return (
            jnp.zeros(
                batch,
                dtype=jnp.result_type(ray_origins, ray_directions, triangle_vertices),
            )
            if smoothing_factor is not None
            else jnp.zeros(batch, dtype=bool)
        )

    def map_fn(
        ray_origins: Float[Array, "*#batch 3"],
        ray_directions: Float[Array, "*#batch 3"],
        triangle_vertices: Float[Array, "*#batch num_triangles 3 3"],
        active_triangles: Bool[Array, "*#batch num_triangles"] | None = None,
    ) -> Bool[Array, " *batch"] | Float[Array, " *batch"]:
        t, hit = ray_intersect_triangle(
            ray_origins[..., None, :],
            ray_directions[..., None, :],
            triangle_vertices,
            smoothing_factor=smoothing_factor,
            **kwargs,
        )
        if smoothing_factor is not None:
            return jnp.minimum(
                hit, smoothing_function(hit_threshold - t, smoothing_factor)
            ).sum(axis=-1, where=active_triangles)
        return ((t < hit_threshold) & hit).any(axis=-1, where=active_triangles)

    def reduce_fn(
        left: Bool[Array, " *batch"] | Float[Array, " *batch"],
        right: Bool[Array, " *batch"] | Float[Array, " *batch"],
    ) -> Bool[Array, " *batch"] | Float[Array, " *batch"]:
        if smoothing_factor is not None:
            return (left + right).clip(max=1.0)
        return left | right

    def body_fun(
        batch_index: Int[Array, ""],
        intersect: Bool[Array, " *batch"] | Float[Array, " *batch"],
    ) -> Bool[Array, " *batch"] | Float[Array, " *batch"]:
        start_index = batch_index * batch_size
        batch_of_triangle_vertices = jax.lax.dynamic_slice_in_dim(
            triangle_vertices,
            start_index,
            batch_size,
            axis=-3,
            allow_negative_indices=False,
        )
        batch_of_active_triangles = (
            jax.lax.dynamic_slice_in_dim(
                active_triangles,
                start_index,
                batch_size,
                axis=-1,
                allow_negative_indices=False,
            )
            if active_triangles is not None
            else None
        )
        return reduce_fn(
            intersect,
            map_fn(
                ray_origins=ray_origins,
                ray_directions=ray_directions,
                triangle_vertices=batch_of_triangle_vertices,
                active_triangles=batch_of_active_triangles,
            ),
        )

    init_val = (
        jnp.zeros(batch)
        if smoothing_factor is not None
        else jnp.zeros(batch, dtype=jnp.bool)
    )

    intersect = jax.lax.fori_loop(
        0,
        num_batches,
        body_fun,
        init_val=init_val,
    )

    if rem > 0:
        return reduce_fn(
            intersect,
            map_fn(
                ray_origins=ray_origins,
                ray_directions=ray_directions,
                triangle_vertices=triangle_vertices[..., -rem:, :, :],
                active_triangles=active_triangles[..., -rem:]
                if active_triangles is not None
                else None,
            ),
        )
    return intersect

