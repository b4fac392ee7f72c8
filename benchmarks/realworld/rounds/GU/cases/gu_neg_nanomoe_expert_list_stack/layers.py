# Source: https://github.com/carrycooldude/Nano-MoE-JAX/blob/a41cc95bf22cd7b6e14ff47517902f8157e5c641/nano_moe/layers.py
# Title: Nano-MoE-JAX: nano_moe/layers.py (ExpertFFN, MoELayer)
# Cut: kept imports, ExpertFFN and MoELayer verbatim; cut Router (referenced), attention and TransformerBlock
from typing import Tuple

import jax
import jax.numpy as jnp
import flax.linen as nn

from nano_moe.config import NanoMoEConfig


# ---------------------------------------------------------------------------
# Expert Feed-Forward Network
# ---------------------------------------------------------------------------

class ExpertFFN(nn.Module):
    """Two-layer FFN with GELU activation (a single expert).

    Architecture: d_model → d_ff → d_model
    """

    d_ff: int
    d_model: int

    @nn.compact
    def __call__(self, x: jnp.ndarray) -> jnp.ndarray:
        x = nn.Dense(self.d_ff, kernel_init=nn.initializers.he_normal())(x)
        x = nn.gelu(x)
        x = nn.Dense(self.d_model, kernel_init=nn.initializers.he_normal())(x)
        return x
# ---------------------------------------------------------------------------

class MoELayer(nn.Module):
    """Mixture-of-Experts layer: router + N expert FFNs.

    Each token is routed to top_k experts; their outputs are
    combined via the gating weights.
    """

    config: NanoMoEConfig

    @nn.compact
    def __call__(self, x: jnp.ndarray, deterministic: bool = True) -> Tuple[jnp.ndarray, jnp.ndarray]:
        """Forward pass.

        Args:
            x: (batch, seq_len, d_model)
            deterministic: If True, disable dropout.

        Returns:
            output:   (batch, seq_len, d_model) — weighted expert outputs.
            aux_loss: Scalar load-balancing loss.
        """
        cfg = self.config
        B, T, D = x.shape

        # Route tokens → gates (B,T,K), indices (B,T,K), aux_loss scalar
        gates, indices, aux_loss = Router(
            n_experts=cfg.n_experts, top_k=cfg.top_k
        )(x)

        # Initialise all experts as a list of modules
        experts = [
            ExpertFFN(d_ff=cfg.d_ff, d_model=cfg.d_model, name=f"expert_{i}")
            for i in range(cfg.n_experts)
        ]

        # Compute ALL expert outputs → stack to (n_experts, B, T, D)
        # Using a simple loop — for nano-scale this is efficient and
        # avoids the dynamic-shape issues of scatter/gather in JAX.
        expert_outputs = jnp.stack(
            [expert(x) for expert in experts], axis=0
        )  # (E, B, T, D)

        # Gather the top-k expert outputs for each token
        # indices shape: (B, T, K)
        # We need to pick from expert_outputs along axis 0
        # expert_outputs[indices[b, t, k], b, t, :] for all b, t, k
        batch_idx = jnp.arange(B)[:, None, None]   # (B, 1, 1)
        seq_idx = jnp.arange(T)[None, :, None]     # (1, T, 1)
        selected = expert_outputs[indices, batch_idx, seq_idx, :]  # (B, T, K, D)

        # Weighted combination: gates (B, T, K, 1) * selected (B, T, K, D)
        output = jnp.sum(gates[..., None] * selected, axis=2)  # (B, T, D)

        # Optional dropout on the combined output
        output = nn.Dropout(rate=cfg.dropout_rate)(output, deterministic=deterministic)

        return output, aux_loss
