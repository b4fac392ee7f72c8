# Source: https://github.com/meliao/jaxhps/blob/1e12a122d9c77b890ec88572e37bedf18fee0b1f/src/jaxhps/quadrature/_interpolation.py
# Title: src/jaxhps/quadrature/_interpolation.py (barycentric Lagrange interpolation between quadrature grids), parent of commit 8a984f1 "Vectorized the barycentric lagrange interpolation matrix code"
# Cut: kept barycentric_lagrange_interpolation_matrix_3D as it was before the vectorising commit, docstring shortened; the 1D and 2D versions dropped.
import jax.numpy as jnp
import jax


jax.config.update("jax_enable_x64", True)

EPS = jnp.finfo(jnp.float64).eps


@jax.jit
def barycentric_lagrange_interpolation_matrix_3D(
    from_pts_x: jax.Array,
    from_pts_y: jax.Array,
    from_pts_z: jax.Array,
    to_pts_x: jax.Array,
    to_pts_y: jax.Array,
    to_pts_z: jax.Array,
) -> jax.Array:
    """
    3D Barycentric Lagrange interpolation matrix. A generalization of [1]_.
    """
    n_x = from_pts_x.shape[0]
    p_x = to_pts_x.shape[0]
    n_y = from_pts_y.shape[0]
    p_y = to_pts_y.shape[0]
    n_z = from_pts_z.shape[0]
    p_z = to_pts_z.shape[0]

    # Compute the inverses of the barycentric weights for x, y, and z dimensions.
    w_x = jnp.ones(n_x, dtype=jnp.float64)
    for j in range(n_x):
        for k in range(n_x):
            if j != k:
                w_x = w_x.at[j].mul(from_pts_x[j] - from_pts_x[k])
    w_y = jnp.ones(n_y, dtype=jnp.float64)
    for j in range(n_y):
        for k in range(n_y):
            if j != k:
                w_y = w_y.at[j].mul(from_pts_y[j] - from_pts_y[k])
    w_z = jnp.ones(n_z, dtype=jnp.float64)
    for j in range(n_z):
        for k in range(n_z):
            if j != k:
                w_z = w_z.at[j].mul(from_pts_z[j] - from_pts_z[k])

    # Compute the normalization factors for x, y, and z dimensions.
    xdist = to_pts_x[None, :] - from_pts_x[:, None]
    ydist = to_pts_y[None, :] - from_pts_y[:, None]
    zdist = to_pts_z[None, :] - from_pts_z[:, None]

    # Replace 0's in the denominator with EPS to avoid division by zero.
    xdist = jnp.where(xdist == 0, EPS, xdist)
    ydist = jnp.where(ydist == 0, EPS, ydist)
    zdist = jnp.where(zdist == 0, EPS, zdist)

    norm_factors_x = jnp.sum(1 / (w_x[:, None] * xdist), axis=0)
    norm_factors_y = jnp.sum(1 / (w_y[:, None] * ydist), axis=0)
    norm_factors_z = jnp.sum(1 / (w_z[:, None] * zdist), axis=0)

    # Compute the matrix, iterating over the z_pts first.
    i, j, k, l, m, o = jnp.indices((p_x, p_y, p_z, n_x, n_y, n_z))

    matrix = 1 / (
        xdist[l, i]
        * ydist[m, j]
        * zdist[o, k]
        * w_x[l]
        * w_y[m]
        * w_z[o]
        * norm_factors_x[i]
        * norm_factors_y[j]
        * norm_factors_z[k]
    )

    mat_shape = (p_x * p_y * p_z, n_x * n_y * n_z)
    matrix = matrix.reshape(mat_shape)
    return matrix
