# Source: https://github.com/tinker495/JAxtar/blob/b0f2ba5e396ad1ec2cc4a4b95350016aebec5dcc/JAxtar/beamsearch/search_base.py
# Title: JAxtar/beamsearch/search_base.py (_get_solved_path of the beam-search result), tinker495/JAxtar
# Cut: the host-side path extraction method, written as a function of the result object; the jitted
# beam search itself dropped.
import jax
import jax.numpy as jnp
import numpy as np

TRACE_INVALID_INT = (1 << 32) - 1
TRACE_INDEX_DTYPE = jnp.uint32


def get_solved_path(result, _reconstruct_trace_indices):
    """Return the sequence of states along the solved path."""
    solved_idx = int(result.solved_idx)
    if solved_idx < 0:
        return []

    active_trace = np.asarray(jax.device_get(result.active_trace), dtype=np.uint32)
    start_node = int(active_trace[solved_idx])
    if start_node == TRACE_INVALID_INT:
        return []

    max_steps = int(result.trace_parent.shape[0])
    path_idx, length = _reconstruct_trace_indices(
        result.trace_parent,
        jnp.array(start_node, dtype=TRACE_INDEX_DTYPE),
        max_steps=max_steps,
    )
    path_idx = np.asarray(jax.device_get(path_idx), dtype=np.uint32)
    length = int(jax.device_get(length))

    states = []
    for step in range(length):
        node_idx = int(path_idx[step])
        if node_idx == TRACE_INVALID_INT:
            break
        states.append(result.trace_state[node_idx])
    states.reverse()
    return states
