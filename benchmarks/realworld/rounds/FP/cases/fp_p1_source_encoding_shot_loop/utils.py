# Source: https://github.com/GeophyAI/seistorch/blob/792c60434f19f493dc6a5395d1b470cc0baee8ed/seistorch/utils.py
# Title: seistorch/utils.py (helpers; roll_jax used by source-encoding FWI)
# Cut: kept imports and roll_jax only
import jax
import torch
import pickle
import argparse

import numpy as np
import jax.numpy as jnp
from functools import partial
from prettytable import PrettyTable


def roll_jax(wavelet, data, split=0.2, key=None):
    nt = data.shape[0]
    # Calculate time-shifts
    time_shifts = jnp.arange(0, split * nt, dtype=jnp.int32)
    # Randomly assign polarity and time-shift
    p = jax.random.randint(key, 1, 1, 3)  # Random positive integer (1 or 2)
    tau_s = jax.random.choice(key, time_shifts)

    # Create a mask to set the first tau_s elements to zero
    mask = jnp.arange(nt) < tau_s

    # Roll the data along the time axis
    rolled_signal = (-1)**p * jnp.roll(wavelet, tau_s, axis=0)
    rolled_signal = rolled_signal * (~mask)
    rolled_data = (-1)**p * jnp.roll(data, tau_s, axis=0)
    rolled_data = rolled_data * (~mask.reshape(-1, 1, 1))

    return rolled_signal, rolled_data
