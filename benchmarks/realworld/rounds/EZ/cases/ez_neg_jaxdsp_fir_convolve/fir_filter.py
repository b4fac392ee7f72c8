# Source: https://github.com/khiner/jaxdsp/blob/c82e0b998f987b51e4270851a78ad84e7c8a67ef/jaxdsp/processors/fir_filter.py
# Title: jaxdsp/processors/fir_filter.py
# Cut: Param import replaced by a plain dict; otherwise as written.
import jax.numpy as jnp
from jax import jit, lax

NAME = "FIR Filter"
PARAMS = {"B": jnp.concatenate([jnp.array([1.0]), jnp.zeros(4)])}
PRESETS = {}


def init_state(length=4):
    return {"inputs": jnp.zeros(length)}


@jit
def tick(carry, x):
    params, state = carry
    B = params["B"]
    state["inputs"] = jnp.concatenate([jnp.array([x]), state["inputs"][0:-1]])
    y = B @ state["inputs"]
    return carry, y


@jit
def tick_buffer(carry, X):
    params, _ = carry
    B = params["B"]
    return carry, jnp.convolve(X, B)[: -(B.size - 1)]
    # Impossibly, the following seems to perform about the exact same or even faster for large N?! O_O
    # return lax.scan(tick, carry, X)[1]
