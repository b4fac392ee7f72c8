# Source: https://github.com/kathir-ks/activation-extract/blob/aa88f6711b00994f53c4cd62ecd52d2a5e1c98b1/distribute.py
# Title: activation-extract: distribute.py (mesh-aware distributed generation with activation extraction)
# Cut: kept jax imports, the inference-params part of DistributedARCConfig and create_mesh_aware_generate_with_activations verbatim; cut paths/cloud fields, prompt building, main
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, Mesh, NamedSharding
from typing import Optional, Dict, Any, List, Tuple
from dataclasses import dataclass, field


@dataclass
class DistributedARCConfig:
    # Inference params
    max_output_tokens: int = 1100
    predictions_per_task: int = 8
    temperature: float = 0.0
    batch_size: int = 8
    random_seed: Optional[int] = None
    eos_token_id: Optional[int] = None  # Added for proper stopping

    # Distributed config
    mesh_shape: Tuple[int, int] = (1, 1)  # (data, model) parallelism
    use_pjit: bool = True

    # Activation extraction config
    extract_activations: bool = True


def create_mesh_aware_generate_with_activations(model, cfg: DistributedARCConfig, mesh):
    """
    Create a mesh-aware distributed generation function with activation extraction
    
    Fixed to properly handle activations and stopping conditions
    """
    # Define sharding
    input_sharding = NamedSharding(mesh, P('data', None))
    output_sharding = NamedSharding(mesh, P('data', None))
    
    def generate_step(params, generated_ids, return_activations=False):
        """Single generation step"""
        if return_activations:
            logits, activations = model.apply(params, generated_ids, return_activations=True)
            return logits, activations
        else:
            logits = model.apply(params, generated_ids, return_activations=False)
            return logits, None
    
    def distributed_generate(params, input_ids):
        """
        Mesh-aware distributed generation function
        
        Returns: (generated_ids, activations_list)
        """
        batch_size = input_ids.shape[0]
        init_len = input_ids.shape[1]
        max_len = init_len + cfg.max_output_tokens
        
        # Pre-allocate output array
        generated_ids = jnp.zeros((batch_size, max_len), dtype=input_ids.dtype)
        generated_ids = generated_ids.at[:, :init_len].set(input_ids)
        
        # Storage for activations if needed
        all_activations = [] if cfg.extract_activations else None
        
        # Generation loop
        for step in range(cfg.max_output_tokens):
            current_len = init_len + step
            current_sequence = generated_ids[:, :current_len]
            
            # Forward pass
            logits, activations = generate_step(
                params, current_sequence, 
                return_activations=cfg.extract_activations
            )
            
            # Store activations
            if cfg.extract_activations and activations is not None:
                all_activations.append(activations)
            
            # Sample next token (greedy)
            next_token_logits = logits[:, -1, :]
            next_token_id = jnp.argmax(next_token_logits, axis=-1)
            
            # Update sequence
            generated_ids = generated_ids.at[:, current_len].set(next_token_id)
            
            # Check for EOS token if configured
            if cfg.eos_token_id is not None:
                # Create mask for sequences that have hit EOS
                eos_mask = jnp.any(generated_ids[:, :current_len+1] == cfg.eos_token_id, axis=1)
                if jnp.all(eos_mask):
                    break
        
        # Return generated sequences and activations
        return generated_ids[:, :init_len + step + 1], all_activations
    
    # JIT compile with sharding
    distributed_generate_jit = jax.jit(
        distributed_generate,
        in_shardings=(None, input_sharding),
        out_shardings=(output_sharding, None)  # Don't shard activations
    )
    
    return distributed_generate_jit
