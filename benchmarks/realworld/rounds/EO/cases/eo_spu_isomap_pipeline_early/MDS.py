# Source: https://github.com/secretflow/spu/blob/c18d77356c8112d4f23e4aae37cc50b1f81a333f/sml/manifold/MDS.py
# Title: sml/manifold/MDS.py (SPU, commit "problem_jacobi", 2024-11-12)
# Cut: license header dropped, comments translated; body kept.
import jax
import jax.numpy as jnp

from sml.manifold.jacobi import Jacobi


def mds(D, num_samples, n_components):
    D_2 = jnp.square(D)
    B = jnp.zeros((num_samples, num_samples))
    B = -0.5 * D_2
    # row sums
    dist_2_i = jnp.sum(B, axis=1)
    dist_2_i = dist_2_i / num_samples
    # column sums
    dist_2_j = dist_2_i.T
    # total sum
    dist_2 = jnp.sum(dist_2_i)
    dist_2 = dist_2 / (num_samples)
    for i in range(num_samples):
        for j in range(num_samples):
            B = B.at[i, j].set(B[i][j] - dist_2_i[i] - dist_2_j[j] + dist_2)

    values, vectors = Jacobi(B, num_samples)
    values = jnp.diag(values)
    values = jnp.array(values)
    values = jnp.expand_dims(values, axis=1).repeat(vectors.shape[1], axis=1)
    values, vectors = jax.lax.sort_key_val(values.T, vectors.T)
    vectors = vectors[:, num_samples - n_components:num_samples]
    values = values[0, num_samples - n_components:num_samples]
    values = jnp.sqrt(jnp.diag(values))

    ans = jnp.dot(vectors, values)

    return B, ans, values, vectors
