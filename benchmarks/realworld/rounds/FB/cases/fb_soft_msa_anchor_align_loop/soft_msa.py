# Source: https://github.com/avitai/DiffBio/blob/1ea84a3e4bd5e1c2abc688a5c5c042b63cb3f0e8/src/diffbio/operators/alignment/soft_msa.py
# Title: src/diffbio/operators/alignment/soft_msa.py (soft progressive multiple sequence alignment operator)
# Cut: SequenceEncoder and ProfileBuilder replaced by small stand-ins; kept _compute_pairwise_distances, _soft_align_pair and apply as written.
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
from datarax.core.config import OperatorConfig
from flax import nnx
from jaxtyping import Array, Float, PyTree

from diffbio.core.base_operators import TemperatureOperator


@dataclass(frozen=True)
class SoftProgressiveMSAConfig(OperatorConfig):
    max_seq_length: int = 100
    hidden_dim: int = 64
    num_layers: int = 2
    alphabet_size: int = 4
    temperature: float = 1.0
    gap_open_penalty: float = -10.0
    gap_extend_penalty: float = -0.5


class SoftProgressiveMSA(TemperatureOperator):
    def __init__(self, config: SoftProgressiveMSAConfig, *, rngs: nnx.Rngs | None = None, name: str | None = None):
        super().__init__(config, rngs=rngs, name=name)
        self.hidden_dim = config.hidden_dim
        self.alphabet_size = config.alphabet_size
        self.seq_encoder = nnx.Linear(config.alphabet_size, config.hidden_dim, rngs=rngs)
        self.profile_builder = lambda aligned, w: jax.nn.softmax(jnp.einsum("n,nla->la", w, aligned), axis=-1)

    def _compute_pairwise_distances(self, sequences: Float[Array, "n_seqs seq_len alphabet_size"]):
        n_seqs = sequences.shape[0]
        embeddings = jax.vmap(lambda s: self.seq_encoder(s).mean(0))(sequences)  # (n_seqs, hidden_dim)
        norms = jnp.linalg.norm(embeddings, axis=-1, keepdims=True) + 1e-8
        normalized = embeddings / norms
        similarities = jnp.einsum("ih,jh->ij", normalized, normalized)
        distances = 1.0 - similarities
        distances = distances * (1.0 - jnp.eye(n_seqs))
        return distances

    def _soft_align_pair(self, seq1: Float[Array, "len1 alphabet_size"], seq2: Float[Array, "len2 alphabet_size"]):
        len1, len2 = seq1.shape[0], seq2.shape[0]
        max_len = max(len1, len2)
        match_scores = jnp.einsum("ia,ja->ij", seq1, seq2)
        attn_weights = jax.nn.softmax(match_scores / self._temperature, axis=-1)
        aligned_seq2_to_seq1 = jnp.einsum("ij,ja->ia", attn_weights, seq2)
        pad1 = max_len - len1
        aligned1 = jnp.pad(seq1, ((0, pad1), (0, 0)))
        aligned2 = jnp.pad(aligned_seq2_to_seq1, ((0, pad1), (0, 0)))
        alignment_score = jnp.mean(match_scores * attn_weights)
        return aligned1, aligned2, alignment_score

    def apply(self, data: PyTree, state: PyTree, metadata: dict[str, Any] | None,
              random_params: Any = None, stats: dict[str, Any] | None = None):
        sequences = data["sequences"]
        n_seqs = sequences.shape[0]

        # Step 1: Compute pairwise distances for guide tree
        pairwise_distances = self._compute_pairwise_distances(sequences)

        # Step 2: Progressive alignment
        # For simplicity, align all sequences to the first one
        aligned_sequences = []
        alignment_scores = []

        anchor = sequences[0]
        aligned_sequences.append(anchor)

        for i in range(1, n_seqs):
            aligned1, aligned2, score = self._soft_align_pair(anchor, sequences[i])
            # Keep the aligned version of sequences[i]
            aligned_sequences.append(aligned2[: sequences[i].shape[0]])
            alignment_scores.append(score)

        # Stack aligned sequences (pad to same length)
        max_len = max(s.shape[0] for s in aligned_sequences)
        padded_aligned = []
        for seq in aligned_sequences:
            pad_len = max_len - seq.shape[0]
            padded = jnp.pad(seq, ((0, pad_len), (0, 0)))
            padded_aligned.append(padded)

        aligned_stack = jnp.stack(padded_aligned, axis=0)

        # Step 3: Build consensus profile
        uniform_weights = jnp.ones(n_seqs) / n_seqs
        consensus = self.profile_builder(aligned_stack, uniform_weights)

        scores_matrix = jnp.zeros((n_seqs, n_seqs))
        if alignment_scores:
            scores_array = jnp.array(alignment_scores)
            scores_matrix = scores_matrix.at[0, 1:].set(scores_array)
            scores_matrix = scores_matrix.at[1:, 0].set(scores_array)

        transformed_data = {
            "sequences": sequences,
            "aligned_sequences": aligned_stack,
            "pairwise_distances": pairwise_distances,
            "alignment_scores": scores_matrix,
            "consensus_profile": consensus,
        }
        return transformed_data, state, metadata
