# Source: https://github.com/duyhv-qualgo/matmoe-jax-grain/blob/b9aa178aae90e836d06414e17faafc01e7783bb8/moe_model.py
# Title: matmoe-jax-grain: moe_model.py (Expert, MoELayer)
# Cut: kept imports, Expert and MoELayer verbatim; cut attention, shared expert class body (referenced), encoder/decoder
import jax
import jax.numpy as jnp
import jax.scipy.special
from flax import nnx
from config import MoEModelConfig
class Expert(nnx.Module):
    def __init__(self, d_model: int, max_mlp_dim: int, dropout_rate: float, dtype: any, rngs: nnx.Rngs):
        self.max_mlp_dim = max_mlp_dim
        self.w1 = nnx.Linear(d_model, max_mlp_dim, use_bias=False, dtype=dtype, rngs=rngs)
        self.w2 = nnx.Linear(d_model, max_mlp_dim, use_bias=False, dtype=dtype, rngs=rngs)
        self.w3 = nnx.Linear(max_mlp_dim, d_model, use_bias=False, dtype=dtype, rngs=rngs)
        
        self.dropout = nnx.Dropout(dropout_rate, rngs=rngs)

    def __call__(self, x, current_mlp_dim=None, deterministic: bool = False):
        dim = current_mlp_dim if current_mlp_dim is not None else self.max_mlp_dim
        w1_k = self.w1.kernel[:, :dim]
        w2_k = self.w2.kernel[:, :dim]
        w3_k = self.w3.kernel[:dim, :]

        # Scale factor to compensate for reduced capacity
        scale_factor = jnp.sqrt(self.max_mlp_dim / dim)

        h = jax.nn.silu(jnp.dot(x, w1_k)) * jnp.dot(x, w2_k)
        h = self.dropout(h, deterministic=deterministic)
        return jnp.dot(h, w3_k) * scale_factor


class MoELayer(nnx.Module):
    def __init__(self, d_model: int, num_experts: int, top_k: int, mlp_dim: int, dropout_rate: float, dtype: any,
                 semantic_dim: int, rngs: nnx.Rngs):
        self.num_experts = num_experts
        self.top_k = top_k

        self.task_embedding = nnx.Embed(2, semantic_dim, dtype=dtype, rngs=rngs)

        self.router = nnx.Linear(d_model + semantic_dim, num_experts, use_bias=False, dtype=jnp.float32,
                                 param_dtype=jnp.float32, rngs=rngs)

        self.experts = [Expert(d_model, mlp_dim, dropout_rate, dtype, rngs) for _ in range(num_experts)]
        self.shared_expert = TaskConditionedSharedExpert(d_model, mlp_dim, 2, dropout_rate, dtype, rngs)

    def __call__(self, x, direction_ids, current_mlp_dim=None, deterministic: bool = False):
        batch_size, seq_len, d_model = x.shape
        x_flat = x.reshape(-1, d_model)

        task_emb = self.task_embedding(direction_ids)
        task_emb_seq = jnp.broadcast_to(task_emb[:, None, :], (batch_size, seq_len, task_emb.shape[-1]))
        task_emb_flat = task_emb_seq.reshape(-1, task_emb.shape[-1])

        router_in = jnp.concatenate([x_flat, task_emb_flat], axis=-1)
        router_logits = self.router(router_in.astype(jnp.float32))

        routing_probs = jax.nn.softmax(router_logits, axis=-1)

        top_k_probs, top_k_indices = jax.lax.top_k(routing_probs, self.top_k)
        top_k_probs = top_k_probs / jnp.sum(top_k_probs, axis=-1, keepdims=True)

        mask = jax.nn.one_hot(top_k_indices, self.num_experts)
        f_i = jnp.mean(jnp.sum(mask, axis=1), axis=0)
        P_i = jnp.mean(routing_probs, axis=0)
        aux_loss = self.num_experts * jnp.sum(f_i * P_i)

        lse = jax.scipy.special.logsumexp(router_logits, axis=-1)
        z_loss = jnp.mean(jnp.square(lse))

        top_k_probs_cast = top_k_probs.astype(x_flat.dtype)
        routed_output = jnp.zeros_like(x_flat)

        for i, expert in enumerate(self.experts):
            expert_mask = (top_k_indices == i)
            expert_outputs = expert(x_flat, current_mlp_dim=current_mlp_dim, deterministic=deterministic)
            routing_weights = jnp.sum(jnp.where(expert_mask, top_k_probs_cast, 0.0), axis=-1)
            routed_output = routed_output + expert_outputs * routing_weights[:, None]

        routed_output = routed_output.reshape(batch_size, seq_len, d_model)
        shared_output = self.shared_expert(x, direction_ids, current_mlp_dim=current_mlp_dim, deterministic=deterministic)

        return routed_output + shared_output, aux_loss, z_loss
