# Source: https://github.com/jeertmans/DiffeRT/blob/d22adc7c5c273680cf008a9dfd4a3db1a34354fa/differt/src/differt/geometry/_utils.py
# Title: DiffeRT differt/src/differt/geometry/_utils.py (min_distance_between_cells)
# Cut: only this function kept.
import jax
import jax.numpy as jnp
from jaxtyping import Array, ArrayLike, Float, Int


@jax.jit
def min_distance_between_cells(
    cell_vertices: Float[ArrayLike, "*batch 3"],
    cell_ids: Int[ArrayLike, "*batch"],
) -> Float[Array, "*batch"]:
    """
    Compute the minimal (Euclidean) distance between vertices in different cells.

    For every vertex, the minimum distance to another vertex that is not is the same
    cell is computed.

    For an actual application example, see :ref:`multipath_lifetime_map`.

    Args:
        cell_vertices: Vertex coordinates.
        cell_ids: Cell index for each vertex.

    Returns:
        Minimal (Euclidean) distance to a vertex in a different cell.
    """
    cell_vertices = jnp.asarray(cell_vertices)
    cell_ids = jnp.asarray(cell_ids)

    def scan_fun(
        _: None, vertex_and_cell_id: tuple[Float[Array, "3"], Int[Array, ""]]
    ) -> tuple[None, Float[Array, ""]]:
        vertex, cell_id = vertex_and_cell_id
        min_dist = jnp.min(
            jnp.linalg.norm(
                cell_vertices - vertex,
                axis=-1,
            ),
            initial=jnp.inf,
            where=(cell_id != cell_ids),
        )
        return None, min_dist

    return jax.lax.scan(
        scan_fun,
        init=None,
        xs=(
            cell_vertices.reshape(-1, 3),
            cell_ids.reshape(-1),
        ),
    )[1].reshape(cell_ids.shape)

