# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/01_fundamentals/04_control_flow_scan.ipynb
# Title: 04_control_flow_scan.ipynb (control flow and lax.scan)
# Cut: cell 23 converted to a module.
import jax.numpy as jnp
from jax import lax
from jax import random


# Scan with minimal memory usage
def memory_efficient_scan(init_state, inputs, chunk_size=1000):
    """Process large sequences in chunks to save memory"""

    def process_chunk(state, chunk):
        def scan_fun(carry, x):
            # Simple processing function
            carry = carry * 0.99 + x * 0.01  # Exponential moving average
            return carry, carry

        final_carry, outputs = lax.scan(scan_fun, state, chunk)
        return final_carry, outputs

    # Split inputs into chunks
    n_total = len(inputs)
    n_chunks = (n_total + chunk_size - 1) // chunk_size

    state = init_state
    all_outputs = []

    for i in range(n_chunks):
        start_idx = i * chunk_size
        end_idx = min((i + 1) * chunk_size, n_total)
        chunk = inputs[start_idx:end_idx]

        state, chunk_outputs = process_chunk(state, chunk)
        all_outputs.append(chunk_outputs)

    return state, jnp.concatenate(all_outputs)


# Test with large sequence
key = random.PRNGKey(0)
large_sequence = random.normal(key, (50000,))

final_state, outputs = memory_efficient_scan(0.0, large_sequence, chunk_size=5000)
print(f"Processed sequence length: {len(large_sequence)}")
print(f"Final state: {final_state:.6f}")
