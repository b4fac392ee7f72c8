# Source: https://github.com/MichaelTMatthews/Jax2D/blob/480b3b4852d9afaf284f20ae12726b425324fefd/jax2d/collision.py
# Title: jax2d/collision.py (Jax2D rigid-body engine: separating-axis test for polygons)
# Cut: kept _calc_normals and find_axis_of_least_penetration verbatim; the manifold builders that
#      call it (vmapped over polygon pairs inside the jitted engine step) are not reproduced.
import math
import jax
import jax.numpy as jnp
from jax2d.maths import rmat, zero_to_one


def _calc_normals(matrix, next_vert, vert):
    delta = next_vert - vert
    norm = jax.vmap(jnp.linalg.norm)(delta)

    def _matmul(mat, v, norm):
        return jnp.matmul(mat, v) / zero_to_one(norm)

    return jax.vmap(_matmul, (None, 0, 0))(matrix, delta, norm)


def find_axis_of_least_penetration(a: RigidBody, b: RigidBody):
    # Transform B in A's model space
    # We can then use A without rotation as area and basis vectors as normals

    b_M = rmat(b.rotation)
    a_M = rmat(a.rotation)

    b_v_world_space = (
        jnp.array(
            [
                jnp.matmul(b_M, b.vertices[0]),
                jnp.matmul(b_M, b.vertices[1]),
                jnp.matmul(b_M, b.vertices[2]),
                jnp.matmul(b_M, b.vertices[3]),
            ]
        )
        + b.position
    )

    b_v_a_space = jnp.array(
        [
            jnp.matmul(a_M.transpose((1, 0)), b_v_world_space[0] - a.position),
            jnp.matmul(a_M.transpose((1, 0)), b_v_world_space[1] - a.position),
            jnp.matmul(a_M.transpose((1, 0)), b_v_world_space[2] - a.position),
            jnp.matmul(a_M.transpose((1, 0)), b_v_world_space[3] - a.position),
        ]
    )

    a_v_a_space = a.vertices

    rot_left = rmat(math.pi / 2.0)
    next_a_vertices = jnp.concatenate([a.vertices[1:], a.vertices[:1]])
    next_a_vertices = next_a_vertices.at[a.n_vertices - 1].set(a.vertices[0])

    next_b_vertices = jnp.concatenate([b.vertices[1:], b.vertices[:1]])
    next_b_vertices = next_b_vertices.at[b.n_vertices - 1].set(b.vertices[0])

    a_normals = _calc_normals(rot_left, next_a_vertices, a.vertices)

    highest_separation = -99999
    highest_sep_axis_index = -1
    highest_sep_incident_face_indexes = jnp.array([0, 0], dtype=jnp.int32)

    for i, (normal_a) in enumerate(a_normals):
        a_v_on_axis = jnp.array(
            [
                jnp.dot(normal_a, a_v_a_space[0]),
                jnp.dot(normal_a, a_v_a_space[1]),
                jnp.dot(normal_a, a_v_a_space[2]),
                jnp.dot(normal_a, a_v_a_space[3]),
            ]
        )

        b_v_on_axis = jnp.array(
            [
                jnp.dot(normal_a, b_v_a_space[0]),
                jnp.dot(normal_a, b_v_a_space[1]),
                jnp.dot(normal_a, b_v_a_space[2]),
                jnp.dot(normal_a, b_v_a_space[3]),
            ]
        )

        a_v_on_axis = a_v_on_axis.at[3].set(
            jax.lax.select(
                a.n_vertices == 3,
                a_v_on_axis[:3].min() - 1,
                a_v_on_axis[3],  # -1 for epsilon to ensure that the min/max is not affected
            )
        )
        b_v_on_axis = b_v_on_axis.at[3].set(
            jax.lax.select(
                b.n_vertices == 3,
                b_v_on_axis[:3].max() + 1,
                b_v_on_axis[3],  # +1 for epsilon to ensure that the min/max is not affected
            )
        )

        separation = b_v_on_axis.min() - a_v_on_axis.max()

        incident_face_indexes = b_v_on_axis.argsort()[:2]

        is_highest = separation > highest_separation
        is_highest &= i < a.n_vertices

        highest_separation = is_highest * separation + (1 - is_highest) * highest_separation
        highest_sep_axis_index = is_highest * i + (1 - is_highest) * highest_sep_axis_index
        highest_sep_incident_face_indexes = (
            is_highest * incident_face_indexes + (1 - is_highest) * highest_sep_incident_face_indexes
        )

    highest_sep_incident_face = jnp.array(
        [
            b_v_world_space[highest_sep_incident_face_indexes[0]],
            b_v_world_space[highest_sep_incident_face_indexes[1]],
        ]
    )

    return highest_separation, highest_sep_axis_index, highest_sep_incident_face
