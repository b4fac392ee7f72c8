# Source: https://github.com/instadeepai/jumanji/blob/590005b0fb305b1a98a4828bfb6b2ea28b47dd5b/jumanji/environments/routing/mmst/utils.py
# Title: jumanji/environments/routing/mmst/utils.py (MMST instance generator helpers)
# Cut: kept multi_random_walk (docstring shortened); random_walk, merge_graphs and the other helpers are imported.
from typing import List, Tuple

import chex
import jax
import numpy as np
from jax import numpy as jnp

from jumanji.environments.routing.mmst.types import Graph
from jumanji.environments.routing.mmst.utils import check_num_edges, correct_graph_offset, merge_graphs, random_walk


def multi_random_walk(
    nodes: chex.Array,
    num_edges: jnp.int32,
    num_agents: jnp.int32,
    max_degree: jnp.int32,
    key: chex.PRNGKey,
) -> Tuple[Graph, List[chex.Array]]:
    """Create a uniform spanning tree (UST) using a random walk by combining multiple spanning trees."""

    check_num_edges(nodes, num_edges)

    nodes_per_sub_graph = jnp.array_split(nodes, num_agents)
    nodes_offsets = [nodes_i[0] for nodes_i in nodes_per_sub_graph]
    nodes_per_sub_graph_offset = [
        nodes_per_sub_graph[i] - nodes_offsets[i] for i in range(num_agents)
    ]
    num_nodes_per_sub_graph = [len(nodes_i) for nodes_i in nodes_per_sub_graph]

    # We use the following code to compute the number of edges per subgraph.
    # min_edges = num_nodes - 1
    # max_edges = num_nodes * (num_nodes - 1) // 2
    # mean_edges = num_edges // num_agents // 2
    # num_edges_per_sub_graph = min(max(min_edges, mean_edges), max_edges

    total_edges_sub_graph = num_edges // 2
    edges_per_sub_graph = jnp.array_split(jnp.arange(total_edges_sub_graph), num_agents)
    num_edges_per_sub_graph_limits = [
        [num_nodes_i - 1, (num_nodes_i * (num_nodes_i - 1)) // 2]
        for num_nodes_i in num_nodes_per_sub_graph
    ]

    num_edges_per_sub_graph = [0] * num_agents
    for index in range(num_agents):
        num_edges_per_sub_graph[index] = min(
            num_edges_per_sub_graph_limits[index][1],
            max(
                num_edges_per_sub_graph_limits[index][0],
                len(edges_per_sub_graph[index]),
            ),
        )

    total_edges_merge_graph = num_edges - sum(num_edges_per_sub_graph)

    graph_key, base_key = jax.random.split(key)
    sub_graph_keys = jax.random.split(graph_key, num_agents)

    graphs = [
        random_walk(
            nodes_per_sub_graph_offset[i],
            num_edges_per_sub_graph[i],
            max_degree,
            sub_graph_keys[i],
        )
        for i in range(num_agents)
    ]

    # Get the total number of edges we need to add when merging the graphs.
    sum_ratio = np.arange(1, num_agents).sum()
    frac = np.cumsum(total_edges_merge_graph * np.arange(1, num_agents - 1) / sum_ratio).astype(
        np.int32
    )
    edges_per_merge_graph = jnp.split(jnp.arange(total_edges_merge_graph), frac)
    num_edges_per_merge_graph = [len(edges) for edges in edges_per_merge_graph]

    # Merge the graphs.
    graph, *graphs = graphs
    total_edges = num_edges_per_sub_graph[0]
    merge_graph_keys = jax.random.split(base_key, num_agents - 1)

    # TODO: could do a scan to speed up compilation
    for i in range(1, num_agents):
        total_edges += num_edges_per_sub_graph[i] + num_edges_per_merge_graph[i - 1]
        graph_i = correct_graph_offset(graphs[i - 1], nodes_offsets[i])
        graph = merge_graphs(graph, graph_i, total_edges, max_degree, merge_graph_keys[i])

