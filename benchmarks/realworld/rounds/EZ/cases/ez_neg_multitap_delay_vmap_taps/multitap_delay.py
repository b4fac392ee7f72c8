# Source: https://github.com/JamesTheory-5/gdsp_delay_multitap_comb/blob/e0327c47d037d9949a8de5d4e6a33502be4caf3c/README.md
# Title: gdsp_delay_multitap_comb — GDSP multitap delay (code block in README.md)
# Cut: kept the ring-buffer helpers and the multitap delay (init/tick/process); the single delay, wet/dry and comb variants and the smoke test removed.
from typing import Tuple

import jax
import jax.numpy as jnp
from jax import lax


def _one_pole_smooth(current: jnp.ndarray,
                     target: jnp.ndarray,
                     smooth_coeff: jnp.ndarray) -> jnp.ndarray:
    """One-pole smoothing step for parameters.

    p_next = p + a * (target - p)
    """
    return current + smooth_coeff * (target - current)


def _wrap_index(idx: jnp.ndarray, length: int) -> jnp.ndarray:
    """Wrap a scalar index modulo length."""
    length_j = jnp.asarray(length, dtype=jnp.int32)
    idx = jnp.asarray(idx, dtype=jnp.int32)
    return jnp.mod(idx, length_j)


def _read_linear_delay(buffer: jnp.ndarray,
                       write_idx: jnp.ndarray,
                       delay_samples: jnp.ndarray) -> jnp.ndarray:
    """Read from delay buffer with linear interpolation.

    buffer: [N]
    write_idx: scalar int
    delay_samples: scalar float, >= 0
    """
    N = buffer.shape[0]
    # Clamp delay to valid range [0, N-1-eps]
    max_delay = jnp.asarray(N - 1, dtype=jnp.float32) - 1e-3
    d = jnp.clip(delay_samples, 0.0, max_delay)

    i = jnp.floor(d).astype(jnp.int32)
    frac = d - i.astype(d.dtype)

    idx0 = _wrap_index(write_idx - i, N)
    idx1 = _wrap_index(write_idx - i - 1, N)

    # dynamic_slice returns length-1 vector; take [0]
    y0 = lax.dynamic_slice(buffer, (idx0,), (1,))[0]
    y1 = lax.dynamic_slice(buffer, (idx1,), (1,))[0]

    return y0 * (1.0 - frac) + y1 * frac


def _write_buffer(buffer: jnp.ndarray,
                  write_idx: jnp.ndarray,
                  value: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """Write a single sample into the ring buffer and increment write index.

    Returns (buffer_next, write_idx_next).
    """
    N = buffer.shape[0]
    # Ensure scalar shapes
    value_vec = jnp.reshape(value, (1,))
    write_idx_i = jnp.asarray(write_idx, dtype=jnp.int32)

    buffer_next = lax.dynamic_update_slice(buffer, value_vec, (write_idx_i,))
    write_idx_next = _wrap_index(write_idx_i + 1, N)
    return buffer_next, write_idx_next


def _read_linear_delay_vector(buffer: jnp.ndarray,
                              write_idx: jnp.ndarray,
                              delay_samples_vec: jnp.ndarray) -> jnp.ndarray:
    """Vectorized linear fractional delay for multitap.

    buffer: [N]
    write_idx: scalar int
    delay_samples_vec: [K] float
    returns: [K] delayed samples
    """

    def _read_one(d):
        return _read_linear_delay(buffer, write_idx, d)

    return jax.vmap(_read_one)(delay_samples_vec)



def multitap_delay_init(max_delay_samples: int, num_taps: int):
    buffer = jnp.zeros((max_delay_samples,), dtype=jnp.float32)
    write_idx = jnp.asarray(0, dtype=jnp.int32)
    delays_smooth = jnp.zeros((num_taps,), dtype=jnp.float32)
    return buffer, write_idx, delays_smooth


def multitap_delay_update_state(state, delays_target, smooth_coeff):
    """Block-rate smoothing of multitap delays.

    Args:
        state: (buffer, write_idx, delays_smooth)
        delays_target: [num_taps] target delay samples
        smooth_coeff: scalar

    Returns:
        new_state
    """
    buffer, write_idx, delays_smooth = state
    delays_next = _one_pole_smooth(delays_smooth, delays_target, smooth_coeff)
    return buffer, write_idx, delays_next


@jax.jit
def multitap_delay_tick(x, state, params):
    """Multitap fractional delay tick.

    Args:
        x: scalar input sample.
        state: (buffer, write_idx, delays_smooth)
        params: (delays_target, smooth_coeff)
            delays_target: [num_taps]
            smooth_coeff: scalar

    Returns:
        (y_taps, new_state)
            y_taps: [num_taps] delayed samples
    """
    buffer, write_idx, delays_smooth = state
    delays_target, smooth_coeff = params

    delays_smooth_next = _one_pole_smooth(delays_smooth, delays_target, smooth_coeff)
    y_taps = _read_linear_delay_vector(buffer, write_idx, delays_smooth_next)

    buffer_next, write_idx_next = _write_buffer(buffer, write_idx, x)

    new_state = (buffer_next, write_idx_next, delays_smooth_next)
    return y_taps, new_state


def multitap_delay_process(x_series, state, params):
    """Process a sequence with multitap fractional delay.

    Args:
        x_series: [T] float
        state: (buffer, write_idx, delays_smooth)
        params: (delays_target, smooth_coeff)

    Returns:
        (y_series, final_state)
        y_series: [T, num_taps]
    """

    def _scan_fn(carry, x_t):
        y_t, new_state = multitap_delay_tick(x_t, carry, params)
        return new_state, y_t

    final_state, y_series = lax.scan(_scan_fn, state, x_series)
    return y_series, final_state
