# Source: https://github.com/secretflow/spu/blob/84965d67d4737a81ff7ec96d214b927b7804b5a9/sml/sml/manifold/dijkstra.py
# Title: sml/sml/manifold/dijkstra.py (SPU sml, before SML moved to its own repository)
# Cut: license header and docstrings shortened; code kept as written.
import jax.numpy as jnp
import numpy as np


def set_value(x, index, value):
    n = x.shape[0]
    perm = jnp.arange(n)
    perm_2 = jnp.ones(n) * index

    set_x = jnp.where(perm == perm_2, value, x)

    return set_x


def get_value_1(x, index):

    n = x.shape[0]
    perm = jnp.arange(n)
    perm_2 = jnp.ones(n) * index
    flag = jnp.equal(perm, perm_2)
    return jnp.sum(flag * x)


def mpc_dijkstra(adj_matrix, start):

    num_samples = adj_matrix.shape[0]

    # Initialize with Inf value
    sinf = np.inf
    distances = jnp.full(num_samples, np.inf)

    # Calculate the shortest path from the starting point to other points using Dijkstra's algorithm
    distances = distances.at[start].set(0)
    visited = jnp.zeros(num_samples, dtype=bool)  # Initialize an array to False

    for i in range(num_samples):
        # Find the nearest node that is not currently visited

        min_distance = sinf
        min_index = -1
        for v in range(num_samples):
            flag = (visited[v] == 0) * (distances[v] < min_distance)
            min_distance = min_distance + flag * (distances[v] - min_distance)
            min_index = min_index + flag * (v - min_index)

        visited = set_value(visited, min_index, True)

        # Update the distance between adjacent nodes
        temp_dis = get_value_1(distances, min_index)

        for v in range(num_samples):
            temp_adj = get_value_1(adj_matrix[:, v], min_index)
            dist_new = temp_dis + temp_adj
            distances = distances.at[v].set(
                distances[v]
                + (temp_adj != 0)
                * (visited[v] == 0)
                * (dist_new < distances[v])
                * (dist_new - distances[v])
            )
    return distances
