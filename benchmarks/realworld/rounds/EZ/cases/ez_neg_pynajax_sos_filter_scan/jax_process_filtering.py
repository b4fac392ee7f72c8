# Source: https://github.com/pynapple-org/pynajax/blob/4ba6a2341949ce3e25b7aa1d3748a57182c6153c/src/pynajax/jax_process_filtering.py
# Title: src/pynajax/jax_process_filtering.py
# Cut: SOS recursion and its vmap kept (docstring shortened); padding/epoch helpers and the public filtfilt wrapper removed.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(3, ))
def _recursion_loop_sos(signal, sos, zi, nan_function):
    """
    Applies a recursive second-order section (SOS) filter to the input signal.
    """
    def internal_loop(s, x_zi):
        x_cur, zi_slice = x_zi
        x_new = sos[s, 0] * x_cur + zi_slice[s, 0]
        zi_slice = zi_slice.at[s, 0].set(
            sos[s, 1] * x_cur - sos[s, 4] * x_new + zi_slice[s, 1]
        )
        zi_slice = zi_slice.at[s, 1].set(
            sos[s, 2] * x_cur - sos[s, 5] * x_new)
        x_cur = x_new
        return x_cur, zi_slice

    def recursion_step(carry, x):
        epoch_num, zi_slice = carry

        x_cur, zi_slice = jax.lax.fori_loop(
            lower=0, upper=sos.shape[0], body_fun=internal_loop, init_val=(x, zi_slice)
        )

        # Use jax.lax.cond to choose between nan_case and not_nan_case
        epoch_num, zi_slice = jax.lax.cond(
            jnp.isnan(x),  # Condition to check
            nan_function,  # Function to call if x is NaN
            lambda i, x: (i, zi_slice),  # Function to call if x is not NaN
            epoch_num,
            zi,
        )

        return (epoch_num, zi_slice), x_cur

    _, res = jax.lax.scan(recursion_step, (0, zi[..., 0]), signal)

    return res


# vectorize the recursion over signals.
_vmap_recursion_sos = jax.vmap(_recursion_loop_sos, in_axes=(1, None, 2, None), out_axes=1)
