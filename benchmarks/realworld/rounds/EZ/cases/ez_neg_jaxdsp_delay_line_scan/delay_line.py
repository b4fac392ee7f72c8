# Source: https://github.com/khiner/jaxdsp/blob/c82e0b998f987b51e4270851a78ad84e7c8a67ef/jaxdsp/processors/delay_line.py
# Title: jaxdsp/processors/delay_line.py — Fractional delay line using linear interpolation
# Cut: Param list and sample-rate constant inlined; otherwise as written.
import math

import jax.numpy as jnp
from jax import jit, lax

DEFAULT_SAMPLE_RATE = 44100

# Stay inside the range of the the lowest frequency resolved by the fft in the spectral optimizers
MAX_DELAY_LENGTH_MS = 40.0
MAX_DELAY_LENGTH_SAMPLES = math.ceil(
    DEFAULT_SAMPLE_RATE * (MAX_DELAY_LENGTH_MS / 1000.0)
)

NAME = "Delay Line"
PARAMS = {"wet": 1.0, "delay_ms": MAX_DELAY_LENGTH_MS / 2}
PRESETS = {}


def init_state():
    return {
        "delay_line": jnp.zeros(MAX_DELAY_LENGTH_SAMPLES),
        "read_sample": 0.0,
        "write_sample": 0.0,
        "sample_rate": DEFAULT_SAMPLE_RATE,
    }


@jit
def tick(carry, x):
    params, state = carry
    write_sample = state["write_sample"]
    read_sample = state["read_sample"]

    state["delay_line"] = state["delay_line"].at[write_sample.astype("int32")].set(x)

    read_sample_floor = read_sample.astype("int32")
    interp = read_sample - read_sample_floor
    y = interp * state["delay_line"][read_sample_floor]
    y += (1 - interp) * state["delay_line"][
        (read_sample_floor + 1) % MAX_DELAY_LENGTH_SAMPLES
    ]

    state["write_sample"] += 1
    state["write_sample"] %= MAX_DELAY_LENGTH_SAMPLES
    state["read_sample"] += 1
    state["read_sample"] %= MAX_DELAY_LENGTH_SAMPLES

    out = x * (1 - params["wet"]) + y * params["wet"]
    return carry, out


@jit
def tick_buffer(carry, X):
    params, state = carry
    delay_samples = jnp.ceil(state["sample_rate"] * (params["delay_ms"] / 1000.0))
    state["read_sample"] = (
        state["write_sample"] - jnp.clip(delay_samples, 0, MAX_DELAY_LENGTH_SAMPLES)
    ) % MAX_DELAY_LENGTH_SAMPLES
    return lax.scan(tick, carry, X)
