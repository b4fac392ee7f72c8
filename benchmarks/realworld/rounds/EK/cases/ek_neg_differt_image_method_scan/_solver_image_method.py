# Source: https://github.com/jeertmans/DiffeRT/blob/d22adc7c5c273680cf008a9dfd4a3db1a34354fa/differt/src/differt/geometry/_solver_image_method.py
# Title: DiffeRT differt/src/differt/geometry/_solver_image_method.py (image method)
# Cut: docstrings and doctest examples removed; helpers, the two scans over mirrors and the jitted entry point kept.
import jax
import jax.numpy as jnp
from jaxtyping import Array, ArrayLike, Float


@jax.jit(inline=True)
def image_of_vertex_with_respect_to_mirror(
    vertex: Float[ArrayLike, "*#batch 3"],
    mirror_vertex: Float[ArrayLike, "*#batch 3"],
    mirror_normal: Float[ArrayLike, "*#batch 3"],
) -> Float[Array, "*batch 3"]:
    vertex = jnp.asarray(vertex)
    mirror_vertex = jnp.asarray(mirror_vertex)
    mirror_normal = jnp.asarray(mirror_normal)

    # [*batch num_mirrors ]
    incident = vertex - mirror_vertex  # incident vectors
    return (
        vertex
        - 2.0
        * jnp.sum(incident * mirror_normal, axis=-1, keepdims=True)
        * mirror_normal
    )


@jax.jit(inline=True)
def intersection_of_ray_with_plane(
    ray_origin: Float[ArrayLike, "*#batch 3"],
    ray_direction: Float[ArrayLike, "*#batch 3"],
    plane_vertex: Float[ArrayLike, "*#batch 3"],
    plane_normal: Float[ArrayLike, "*#batch 3"],
) -> Float[Array, "*batch 3"]:
    ray_origin = jnp.asarray(ray_origin)
    ray_direction = jnp.asarray(ray_direction)
    plane_vertex = jnp.asarray(plane_vertex)
    plane_normal = jnp.asarray(plane_normal)

    # [*batch 3]
    u = ray_direction
    v = plane_vertex - ray_origin
    # [*batch 1]
    un = jnp.sum(u * plane_normal, axis=-1, keepdims=True)
    # [*batch 1]
    vn = jnp.sum(v * plane_normal, axis=-1, keepdims=True)

    parallel = un == 0.0
    un = jnp.where(parallel, jnp.ones_like(un), un)

    t = vn / un

    shape = jnp.broadcast_shapes(ray_origin.shape, ray_direction.shape, t.shape)
    dtype = jnp.result_type(ray_origin, ray_direction, t)

    return jnp.where(
        parallel & (vn != 0.0),
        jnp.full(shape, jnp.inf, dtype=dtype),
        ray_origin + ray_direction * t,
    )


def _forward(
    previous_image: Float[Array, "3"],
    mirror_vertex_and_normal: tuple[Float[Array, "3"], Float[Array, "3"]],
) -> tuple[Float[Array, "3"], Float[Array, "3"]]:
    # Perform forward pass on vertices by computing consecutive images.
    mirror_vertex, mirror_normal = mirror_vertex_and_normal
    image = image_of_vertex_with_respect_to_mirror(
        previous_image,
        mirror_vertex,
        mirror_normal,
    )
    return image, image


def _backward(
    previous_intersection: Float[Array, "3"],
    mirror_vertex_normal_and_image: tuple[
        Float[Array, "3"],
        Float[Array, "3"],
        Float[Array, "3"],
    ],
) -> tuple[Float[Array, "3"], Float[Array, "3"]]:
    # Perform backward pass on images by computing the intersection with mirrors.
    mirror_vertex, mirror_normal, image = mirror_vertex_normal_and_image

    # We avoid NaNs (caused by subtraction of two infinities) by replacing
    # previous_intersections with zeros when they are infinite.
    no_previous_intersection = jnp.isinf(previous_intersection)
    previous_intersection = jnp.where(
        no_previous_intersection,
        jnp.zeros_like(previous_intersection),
        previous_intersection,
    )
    intersection = intersection_of_ray_with_plane(
        previous_intersection,
        image - previous_intersection,
        mirror_vertex,
        mirror_normal,
    )
    intersection: Array = jnp.where(
        no_previous_intersection,
        jnp.full_like(intersection, jnp.inf),
        intersection,
    )
    return intersection, intersection


def _image_method(
    from_vertex: Float[Array, "3"],
    to_vertex: Float[Array, "3"],
    mirror_vertices: Float[Array, "num_mirrors 3"],
    mirror_normals: Float[Array, "num_mirrors 3"],
) -> Float[Array, "num_mirrors 3"]:
    _, images = jax.lax.scan(
        _forward,
        init=from_vertex,
        xs=(mirror_vertices, mirror_normals),
    )
    _, paths = jax.lax.scan(
        _backward,
        init=to_vertex,
        xs=(mirror_vertices, mirror_normals, images),
        reverse=True,
    )

    return paths


@jax.jit
def image_method(
    from_vertex: Float[ArrayLike, "*#batch 3"],
    to_vertex: Float[ArrayLike, "*#batch 3"],
    mirror_vertices: Float[ArrayLike, "*#batch num_mirrors 3"],
    mirror_normals: Float[ArrayLike, "*#batch num_mirrors 3"],
) -> Float[Array, "*batch num_mirrors 3"]:
    from_vertex = jnp.asarray(from_vertex)
    to_vertex = jnp.asarray(to_vertex)
    mirror_vertices = jnp.asarray(mirror_vertices)
    mirror_normals = jnp.asarray(mirror_normals)

    if mirror_vertices.shape[-2] == 0:
        # If there are no mirrors, return empty array.
        batch = jnp.broadcast_shapes(
            from_vertex.shape[:-1],
            to_vertex.shape[:-1],
            mirror_vertices.shape[:-2],
            mirror_normals.shape[:-2],
        )
        dtype = jnp.result_type(from_vertex, to_vertex, mirror_vertices, mirror_normals)
        return jnp.empty((*batch, 0, 3), dtype=dtype)

    return jnp.vectorize(
        _image_method,
        signature="(3),(3),(n,3),(n,3)->(n,3)",
    )(from_vertex, to_vertex, mirror_vertices, mirror_normals)
