# Source: https://github.com/secretflow/spu/blob/c18d77356c8112d4f23e4aae37cc50b1f81a333f/sml/manifold/floyd.py
# Title: sml/manifold/floyd.py (SPU, commit "problem_jacobi", 2024-11-12)
# Cut: license header, the unused unoptimised floyd() and commented-out lines dropped; floyd_opt kept.
import jax.numpy as jnp
import numpy


def floyd_opt(
    dist
):
    dist = (dist == 0) * jnp.inf + dist
    dist = jnp.where(jnp.eye(dist.shape[0]), 0, dist)
    n = len(dist)

    for k in range(n):
        batch_2 = dist
        batch_2 = jnp.delete(batch_2, k, axis=0)
        col_k_without_dkk = batch_2[:, k]
        batch_2 = jnp.delete(batch_2, k, axis=1)
        dist_ik = jnp.zeros_like(batch_2)
        dist_kj = jnp.zeros_like(batch_2)

        for i in range(n-1):
            if(i < k):
                dist_ik = dist_ik.at[i].set(jnp.full(n-1, dist[i][k]))
            else:
                dist_ik = dist_ik.at[i].set(jnp.full(n-1, dist[i+1][k]))

        for j in range(n-1):
            if(j < k):
                dist_kj = dist_kj.at[:, j].set(jnp.full(n-1, dist[k][j]))
            else:
                dist_kj = dist_kj.at[:, j].set(jnp.full(n-1, dist[k][j+1]))

        # work on the upper triangle only
        indices = numpy.triu_indices(batch_2.shape[0], k=1)
        batch_2_upper_triangle = batch_2[indices]
        dist_ik_upper_triangle = dist_ik[indices]
        dist_kj_upper_triangle = dist_kj[indices]

        batch_2_upper_triangle = jnp.minimum(batch_2_upper_triangle, dist_ik_upper_triangle + dist_kj_upper_triangle)

        batch_2 = jnp.zeros_like(batch_2)
        batch_2 = batch_2.at[indices].set(batch_2_upper_triangle)
        batch_2 += batch_2.T

        batch_2 = jnp.insert(batch_2, k, col_k_without_dkk, axis=1)
        batch_2 = jnp.insert(batch_2, k, dist[k], axis=0)
        dist = batch_2

    return dist
