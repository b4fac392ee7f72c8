# Source: https://github.com/HFooladi/molax/blob/8e3e88ccf801716d88e28a78f8b58906f0789146/molax/models/graph_transformer.py
# Title: molax/models/graph_transformer.py (Graph Transformer using jraph; random-walk positional encoding)
# Cut: kept the imports, the config and RandomWalkPositionalEncoding; dropped the Laplacian encoding, attention layers, the model and training helpers.
from dataclasses import dataclass
from typing import Literal, Sequence, Tuple

import flax.nnx as nnx
import jax
import jax.numpy as jnp
import jraph
import optax


@dataclass
class GraphTransformerConfig:
    """Configuration for Graph Transformer.

    Attributes:
        node_features: Input node feature dimension (default: 6 for atom features)
        edge_features: Edge feature dimension for attention bias (default: 1)
        hidden_features: List of hidden layer dimensions (transformer dims)
        out_features: Output dimension
        n_heads: Number of attention heads
        ffn_ratio: Ratio of FFN hidden dim to model dim (default: 4.0)
        dropout_rate: Dropout rate for node features
        attention_dropout_rate: Dropout rate for attention weights
        pe_type: Positional encoding type ('rwpe', 'laplacian', 'none')
        pe_dim: Positional encoding dimension (default: 16)
    """

    node_features: int = 6
    edge_features: int = 1
    hidden_features: Sequence[int] = (64, 64)
    out_features: int = 1
    n_heads: int = 4
    ffn_ratio: float = 4.0
    dropout_rate: float = 0.1
    attention_dropout_rate: float = 0.1
    pe_type: Literal["rwpe", "laplacian", "none"] = "rwpe"
    pe_dim: int = 16


class RandomWalkPositionalEncoding(nnx.Module):
    """Random Walk Positional Encoding.

    Computes landing probabilities from random walks of different lengths.
    More scalable than Laplacian eigenvectors and captures both local
    and global graph structure.

    For each node i, computes [A^1_ii, A^2_ii, ..., A^k_ii] where A is
    the row-normalized adjacency matrix.
    """

    def __init__(self, pe_dim: int, hidden_dim: int, rngs: nnx.Rngs):
        """Initialize the RWPE module.

        Args:
            pe_dim: Number of random walk steps (landing probabilities)
            hidden_dim: Output dimension after linear projection
            rngs: Random number generators
        """
        self.pe_dim = pe_dim
        self.linear = nnx.Linear(pe_dim, hidden_dim, rngs=rngs)

    def __call__(self, graph: jraph.GraphsTuple) -> jnp.ndarray:
        """Compute random walk positional encodings.

        Args:
            graph: Input graph

        Returns:
            Positional encodings of shape [n_nodes, hidden_dim]
        """
        n_nodes = graph.nodes.shape[0]

        # Build row-normalized adjacency matrix
        # First, compute degree for each node (number of outgoing edges from senders)
        ones = jnp.ones((graph.senders.shape[0],))
        degree = jraph.segment_sum(ones, graph.senders, num_segments=n_nodes)
        degree = jnp.maximum(degree, 1.0)  # Avoid division by zero

        # Create sparse adjacency representation
        # A[receivers, senders] = 1 / degree[senders]
        # We'll compute A^k iteratively using message passing

        # Initialize landing probabilities: p_0 = identity (node is at itself)
        # We'll store diagonal of A^k for k = 1, ..., pe_dim
        pe_features = []

        # Current node probability distribution (initially identity)
        # For each node i, prob[i, j] = probability of being at j starting from i
        # We track the diagonal only by iterating message passing
        current_prob = jnp.eye(n_nodes)

        for k in range(self.pe_dim):
            # Message passing: new_prob[i, :] = sum_j A[i,j] * prob[j, :]
            # Using graph structure: aggregate from receivers to senders
            # normalized by sender degree

            # Gather probabilities from sender nodes
            sender_probs = current_prob[graph.senders]  # [n_edges, n_nodes]
            normalized = sender_probs / degree[graph.senders, None]

            # Aggregate at receiver nodes
            new_prob = jraph.segment_sum(
                normalized,
                graph.receivers,
                num_segments=n_nodes,
            )

            current_prob = new_prob
            # Extract diagonal (landing probability at starting node)
            pe_features.append(jnp.diag(current_prob))

        # Stack and project
        pe = jnp.stack(pe_features, axis=-1)  # [n_nodes, pe_dim]
        return self.linear(pe)

