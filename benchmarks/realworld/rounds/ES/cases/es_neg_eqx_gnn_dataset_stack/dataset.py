# Source: https://github.com/pierrot-lc/gnn-tuto/blob/3e9140465682d79c3ecc8bffca63d3193ca1079a/src/dataset.py
# Title: src/dataset.py
# Cut: GraphData (from_networkx, pad, stack) and Dataset.iter kept; split/generate removed.
from collections.abc import Iterator

import equinox as eqx
import jax.experimental.sparse as jsparse
import jax.numpy as jnp
import jax.random as jr
import networkx as nx
from beartype import beartype
from jaxtyping import Array, Bool, Float, Int, PRNGKeyArray, jaxtyped
from tqdm import tqdm


class GraphData(eqx.Module):
    adjacency: Int[
        jsparse.BCOO, "n_nodes n_nodes"
    ]  # a[i, j] = 1 <=> node j is link to node i.
    edges: Int[Array, "n_edges 2"]  # e[n] = (j, i) <=> node j is linked to node i.
    scores: Float[Array, " n_nodes"]
    mask: Bool[Array, " n_nodes"]

    @classmethod
    def from_networkx(cls, graph: nx.DiGraph) -> "GraphData":
        n_nodes = len(graph)
        edges = jnp.array(nx.edges(graph), dtype=jnp.int32)
        adjacency = jsparse.BCOO(
            (
                jnp.ones(len(edges), dtype=jnp.int32),
                jnp.flip(
                    edges, axis=1
                ),  # Recall that a[i, j] = 1 <=> node j is linked to node i.
            ),
            shape=(n_nodes, n_nodes),
        )
        scores = jnp.array([graph.nodes[i]["scores"] for i in range(len(graph))])
        mask = jnp.ones(n_nodes, dtype=jnp.bool_)
        return cls(adjacency, edges, scores, mask)

    @classmethod
    def pad(cls, graph: "GraphData", max_nodes: int, max_edges: int) -> "GraphData":
        """Add virtual nodes and edges to the given graph. The mask can be used to
        retrieve the original nodes.

        Make sure that at least one virtual node is added. Virtual edges point to the
        last virtual node (so that they do not interfere with real nodes).
        """
        n_nodes, n_edges = len(graph.adjacency), len(graph.edges)
        assert max_nodes > n_nodes, "At least one virtual node must be created."

        edges = jnp.pad(
            graph.edges,
            ((0, max_edges - n_edges), (0, 0)),
            mode="constant",
            constant_values=max_nodes - 1,  # Virtual node.
        )
        adjacency = jsparse.BCOO(
            (jnp.ones(max_edges, dtype=jnp.int32), jnp.flip(edges, axis=1)),
            shape=(max_nodes, max_nodes),
        )
        scores = jnp.pad(graph.scores, (0, max_nodes - n_nodes))
        mask = jnp.pad(
            graph.mask, (0, max_nodes - n_nodes), mode="constant", constant_values=False
        )
        return cls(adjacency, edges, scores, mask)

    @classmethod
    def stack(cls, graphs: list["GraphData"]) -> "GraphData":
        return cls(
            adjacency=jsparse.sparsify(jnp.stack)([g.adjacency for g in graphs]),
            edges=jnp.stack([g.edges for g in graphs]),
            scores=jnp.stack([g.scores for g in graphs]),
            mask=jnp.stack([g.mask for g in graphs]),
        )


class Dataset:
    graphs: list[GraphData]

    def __init__(self, graphs: list[GraphData]):
        self.graphs = graphs

    @jaxtyped(typechecker=beartype)
    def iter(
        self, batch_size: int, total_iters: int, key: PRNGKeyArray
    ) -> Iterator[GraphData]:
        for sk in jr.split(key, total_iters):
            batch_ids = jr.choice(sk, len(self), (batch_size,))
            samples = [self[i] for i in batch_ids]
            yield GraphData.stack(samples)

    def __len__(self) -> int:
        return len(self.graphs)

    def __getitem__(self, index: int) -> GraphData:
        return self.graphs[index]

