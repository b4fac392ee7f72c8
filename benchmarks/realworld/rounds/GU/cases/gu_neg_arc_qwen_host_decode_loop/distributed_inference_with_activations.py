# Source: https://github.com/kathir-ks/activation-extract/blob/aa88f6711b00994f53c4cd62ecd52d2a5e1c98b1/distributed_inference_with_activations.py
# Title: activation-extract: distributed_inference_with_activations.py (create_mesh_aware_generate)
# Cut: kept jax imports and create_mesh_aware_generate verbatim; cut config, prompt building, pmap variant and main
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, Mesh, NamedSharding


def create_mesh_aware_generate(model, max_tokens, mesh):
    """
    Create a mesh-aware distributed generation function using jax.jit

    This version properly uses the mesh for 2D parallelism (data + model)
    Uses jax.lax.fori_loop to keep the generation loop inside XLA for performance
    """
    # Define sharding for inputs and outputs
    # Input: [batch, seq_len] - shard batch across 'data' axis
    input_sharding = NamedSharding(mesh, P('data', None))
    # Output: same as input
    output_sharding = NamedSharding(mesh, P('data', None))

    def generate_one_token_jit(params, input_ids):
        """Generate a single token - will be JIT compiled"""
        logits = model.apply(params, input_ids, return_activations=False)
        next_token_logits = logits[:, -1, :]
        next_token_id = jnp.argmax(next_token_logits, axis=-1, keepdims=True)
        return next_token_id

    # JIT compile the single token generation with sharding
    # Note: This will recompile for each sequence length (unavoidable without KV cache)
    # But at least each length is cached after first compilation
    generate_one_token_compiled = jax.jit(
        generate_one_token_jit,
        in_shardings=(None, input_sharding),
        out_shardings=input_sharding,
        donate_argnums=(1,)  # Donate input_ids to avoid copies
    )

    def distributed_generate(params, input_ids):
        """
        Mesh-aware distributed generation function

        Args:
            params: Sharded model parameters
            input_ids: Input IDs [batch_size, seq_len] - will be sharded across 'data' axis
        """
        generated_ids = input_ids

        # Generate tokens one at a time
        # Each call is JIT compiled, donations reduce memory copies
        for _ in range(max_tokens):
            next_token = generate_one_token_compiled(params, generated_ids)
            generated_ids = jnp.concatenate([generated_ids, next_token], axis=1)

        return generated_ids

    return distributed_generate
