# Source: https://github.com/meliao/jaxhps/blob/1e12a122d9c77b890ec88572e37bedf18fee0b1f/src/jaxhps/quadrature/_interpolation.py
# Title: src/jaxhps/quadrature/_interpolation.py (barycentric Lagrange interpolation between quadrature grids), parent of commit 8a984f1 "Vectorized the barycentric lagrange interpolation matrix code"
# Cut: kept barycentric_lagrange_interpolation_matrix_1D as it was before the vectorising commit; module docstring, debug prints and the 2D/3D versions dropped.
import jax.numpy as jnp
import jax


jax.config.update("jax_enable_x64", True)

EPS = jnp.finfo(jnp.float64).eps


@jax.jit
def barycentric_lagrange_interpolation_matrix_1D(
    from_pts: jax.Array, to_pts: jax.Array
) -> jax.Array:
    """
    Generates a Lagrange 1D polynomial interpolation matrix, which interpolates
    from the points in from_pts to the points in to_pts.

    This function uses the barycentric formula for Lagrange interpolation, from [1]_

    Args:
        from_pts (jax.Array): Has shape (n,)
        to_pts (jax.Array): Has shape (p,)

    Returns:
        jax.Array: Has shape (p,n)
    """
    p = from_pts.shape[0]
    n = to_pts.shape[0]

    # Compute the inverses of the Barycentric weights
    w = jnp.ones(p, dtype=jnp.float64)
    for j in range(p):
        for k in range(p):
            if j != k:
                w = w.at[j].mul(from_pts[j] - from_pts[k])


    # Normalizing factor is sum_j w_j / (x - x_j)
    norm_factors = jnp.zeros(n, dtype=jnp.float64)
    for i in range(p):
        norm_factors += 1 / (w[i] * (to_pts - from_pts[i]))


    # Compute the matrix
    matrix = jnp.zeros((n, p), dtype=jnp.float64)
    for i in range(n):
        for j in range(p):
            matrix = matrix.at[i, j].set(
                1 / ((to_pts[i] - from_pts[j]) * w[j] * norm_factors[i])
            )

    # Check if any of the source and target points overlap
    # This code is semantically the same as what comes after.
    # The code below is vectorized and is able to be compiled because it does not
    # use the conditionals on to_pts and from_pts.

    # for i in range(n):
    #     for j in range(p):
    #         if to_pts[i] == from_pts[j]:
    #             matrix = matrix.at[i, :].set(0)
    #             matrix = matrix.at[i, j].set(1)

    # Create a boolean mask for matching points
    matches = to_pts[:, None] == from_pts[None, :]  # Shape: (n, p)

    # Create row masks for any matching points
    has_match = matches.any(axis=1)  # Shape: (n,)

    # Update the matrix
    matrix = jnp.where(
        has_match[:, None],  # Broadcasting to shape (n, p)
        jnp.where(
            matches,
            1.0,  # Where points match
            0.0,  # Where points don't match but row has a match
        ),
        matrix,  # Keep original values where row has no matches
    )


    return matrix
