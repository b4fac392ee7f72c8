# Source: https://github.com/chinmaydk99/makeMoE-JAX/blob/af3302b22825a70b4a790adf49d874cf1fe4f5a4/src/training.py
# Title: makeMoE-JAX: src/training.py (jitted value_and_grad train step over the MoE language model)
# Cut: kept imports and train_step verbatim (return line shortened); the model applied here stacks Blocks whose SparseMoE is the one in makeMoE_JAX.py
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

@jax.jit
def train_step(state, batch, dropout_rng):
    """
    Single training step for the MoE model.
    
    Args:
        state: Training state
        batch: Batch of data containing 'tokens'
        dropout_rng: Random key for dropout
        
    Returns:
        Updated state and metrics
    """
    
    def loss_fn_internal(params):
        logits, loss = state.apply_fn(
            params,
            batch['tokens'],
            targets=batch['tokens'],  # Use same tokens as targets for next-token prediction
            training=True,
            rng_key=dropout_rng,
            rngs={'dropout': dropout_rng}
        )
        return loss, logits
    
    (loss, logits), grads = jax.value_and_grad(loss_fn_internal, has_aux=True)(state.params)
    
    # Update parameters
    state = state.apply_gradients(grads=grads)
    
    # Calculate perplexity (standard language model metric)
    perplexity = jnp.exp(loss)

    return state, {"loss": loss, "perplexity": perplexity}
