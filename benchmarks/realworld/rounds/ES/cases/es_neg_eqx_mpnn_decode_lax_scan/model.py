# Source: https://github.com/nboyd/jigandmpnn/blob/a4ef29611674c5ed082ddb88abab696877c5bc75/src/jigandmpnn/modules/model.py
# Title: src/jigandmpnn/modules/model.py (ProteinMPNN.sample)
# Cut: feature extractor, encode(), score() and torch conversion removed; class fields reduced to those that
#      sample() uses; sample() docstring dropped, body verbatim (decoding written with jax.lax.scan).
from __future__ import annotations

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.nn as jnn
from jaxtyping import Array, Float, Int, PRNGKeyArray

from jigandmpnn.modules.utils import cat_neighbors_nodes


class SampleResult(eqx.Module):
    S: Int[Array, "B N"]
    sampling_probs: Float[Array, "B N 20"]
    log_probs: Float[Array, "B N 21"]
    decoding_order: Int[Array, "B N"]


class ProteinMPNN(eqx.Module):
    hidden_dim: int = eqx.field(static=True)
    decoder_layers: list
    W_out: eqx.Module
    W_s: eqx.Module

    def sample(
        self,
        *,
        X: Float[Array, "B N 4 3"],
        S: Int[Array, "B N"],
        mask: Float[Array, "B N"],
        R_idx: Int[Array, "B N"],
        chain_labels: Int[Array, "B N"],
        key: PRNGKeyArray,
        chain_mask: Float[Array, "B N"] | None = None,
        decoding_order_noise: Float[Array, "B N"] | None = None,
        bias: Float[Array, "B N 21"] | None = None,
        Y: Float[Array, "B N M 3"] | None = None,
        Y_t: Int[Array, "B N M"] | None = None,
        Y_m: Float[Array, "B N M"] | None = None,
        temperature: float = 1.0,
    ) -> SampleResult:
        S_true = S  # Keep internal name for fixed positions
        B, L = S.shape

        # Default chain_mask: design all positions
        if chain_mask is None:
            chain_mask = jnp.ones((B, L))

        # Default decoding_order_noise: random values
        if decoding_order_noise is None:
            key, order_key = jax.random.split(key)
            decoding_order_noise = jax.random.normal(order_key, (B, L))

        # Default bias: no bias
        if bias is None:
            bias = jnp.zeros((B, L, 21))

        # Encode structure
        h_V, h_E, E_idx = self.encode(
            X=X, mask=mask, R_idx=R_idx, chain_labels=chain_labels,
            Y=Y, Y_t=Y_t, Y_m=Y_m
        )

        # Update chain_mask to include missing regions
        chain_mask = mask * chain_mask

        # Compute decoding order
        decoding_order = jnp.argsort((chain_mask + 0.0001) * jnp.abs(decoding_order_noise), axis=-1)

        # Build permutation matrix for decoding order
        permutation_matrix_reverse = jnn.one_hot(decoding_order, num_classes=L)

        # Build backward mask
        lower_tri = 1.0 - jnp.triu(jnp.ones((L, L)))
        order_mask_backward = jnp.einsum(
            "ij, biq, bjp->bqp",
            lower_tri,
            permutation_matrix_reverse,
            permutation_matrix_reverse,
        )

        # Gather the backward mask for each neighbor
        mask_attend = jnp.take_along_axis(order_mask_backward, E_idx, axis=2)[..., None]
        mask_1D = mask[:, :, None, None]
        mask_bw = mask_1D * mask_attend
        mask_fw = mask_1D * (1.0 - mask_attend)

        # Precompute encoder context (doesn't depend on sequence)
        h_EX_encoder = cat_neighbors_nodes(jnp.zeros((B, L, self.hidden_dim)), h_E, E_idx)
        h_EXV_encoder = cat_neighbors_nodes(h_V, h_EX_encoder, E_idx)
        h_EXV_encoder_fw = mask_fw * h_EXV_encoder

        # Initialize state for scan
        h_S = jnp.zeros((B, L, self.hidden_dim))
        S = jnp.full((B, L), 20, dtype=jnp.int32)  # 20 = X (unknown)
        all_probs = jnp.zeros((B, L, 20))
        all_log_probs = jnp.zeros((B, L, 21))

        # Initialize h_V_stack: h_V_stack[0] = h_V, rest are zeros
        # h_V_stack[l] holds output of layer l-1 (or h_V for l=0)
        num_layers = len(self.decoder_layers)
        h_V_stack = jnp.zeros((num_layers + 1, B, L, self.hidden_dim))
        h_V_stack = h_V_stack.at[0].set(h_V)

        # Split key for each decoding step
        keys = jax.random.split(key, L)

        # Batch indices for advanced indexing
        batch_idx = jnp.arange(B)

        # Define the scan function
        def decode_step(carry, step_data):
            h_S, S, h_V_stack, all_probs, all_log_probs = carry
            t_idx, step_key = step_data  # t_idx is the step index (0 to L-1)

            # Get position to decode at this step
            t = decoding_order[:, t_idx]  # [B]

            # Gather masks for position t using advanced indexing
            chain_mask_t = chain_mask[batch_idx, t]  # [B]
            mask_t = mask[batch_idx, t]  # [B]
            bias_t = bias[batch_idx, t]  # [B, 21]

            # Gather edge info for position t
            E_idx_t = E_idx[batch_idx, t][:, None, :]  # [B, 1, K]
            h_E_t = h_E[batch_idx, t][:, None, :, :]  # [B, 1, K, H]

            # Build sequence context for position t
            h_ES_t = cat_neighbors_nodes(h_S, h_E_t, E_idx_t)  # [B, 1, K, 2H]

            # Gather encoder context for position t
            h_EXV_encoder_t = h_EXV_encoder_fw[batch_idx, t][:, None, :, :]  # [B, 1, K, 3H]

            # Gather backward mask for position t
            mask_bw_t = mask_bw[batch_idx, t][:, None, :, :]  # [B, 1, K, 1]

            # Run through decoder layers
            h_V_stack_new = h_V_stack
            for l, layer in enumerate(self.decoder_layers):
                # Get neighbor node embeddings from previous layer
                # Note: must use h_V_stack_new since it's updated each iteration
                h_ESV_decoder_t = cat_neighbors_nodes(
                    h_V_stack_new[l], h_ES_t, E_idx_t
                )  # [B, 1, K, 3H]

                # Get node embedding for position t
                h_V_t = h_V_stack_new[l, batch_idx, t][:, None, :]  # [B, 1, H]

                # Combine decoder and encoder context
                h_ESV_t = mask_bw_t * h_ESV_decoder_t + h_EXV_encoder_t  # [B, 1, K, 3H]

                # Run decoder layer
                h_V_t_new = layer(h_V_t, h_ESV_t, mask_t[:, None])  # [B, 1, H]

                # Update h_V_stack at position t for layer l+1
                h_V_stack_new = h_V_stack_new.at[l + 1, batch_idx, t].set(h_V_t_new[:, 0])

            # Get final node embedding for position t
            h_V_t_final = h_V_stack_new[-1, batch_idx, t]  # [B, H]

            # Compute logits and probabilities
            logits = self.W_out(h_V_t_final)  # [B, 21]
            log_probs_t = jnn.log_softmax(logits, axis=-1)  # [B, 21]

            # Sample with temperature and bias (only first 20 AAs, excluding X)
            logits_biased = (logits[:, :20] + bias_t[:, :20]) / temperature  # [B, 20]

            # Sample from categorical (takes logits, does softmax internally)
            S_t = jax.random.categorical(step_key, logits_biased, axis=-1)  # [B]

            # Compute sampling probs for output
            probs_sample = jnn.softmax(logits_biased, axis=-1)  # [B, 20]

            # Use true sequence for fixed positions
            S_true_t = S_true[batch_idx, t]  # [B]
            S_t = jnp.where(chain_mask_t > 0.5, S_t, S_true_t).astype(jnp.int32)

            # Update outputs
            all_probs_new = all_probs.at[batch_idx, t].set(
                chain_mask_t[:, None] * probs_sample
            )
            all_log_probs_new = all_log_probs.at[batch_idx, t].set(
                chain_mask_t[:, None] * log_probs_t
            )

            # Update sequence embeddings
            h_S_t_new = self.W_s(S_t)  # [B, H]
            h_S_new = h_S.at[batch_idx, t].set(h_S_t_new)

            # Update sampled sequence
            S_new = S.at[batch_idx, t].set(S_t)

            return (h_S_new, S_new, h_V_stack_new, all_probs_new, all_log_probs_new), None

        # Run scan over decoding steps
        init_carry = (h_S, S, h_V_stack, all_probs, all_log_probs)
        xs = (jnp.arange(L), keys)
        (h_S_final, S_final, _, all_probs_final, all_log_probs_final), _ = jax.lax.scan(
            decode_step, init_carry, xs
        )

        return SampleResult(
            S=S_final,
            sampling_probs=all_probs_final,
            log_probs=all_log_probs_final,
            decoding_order=decoding_order,
        )

