# Source: https://github.com/romilly/spiking-jax/blob/79270ea0e61116ad5853ea9b6c0da429a356a3a6/src/ann/spiking/lif_jax.py
# Title: src/ann/spiking/lif_jax.py (refractory LIF neurons, one time step) and notebooks/lif-jax.ipynb
# Cut: module kept whole; the jit/timing lines come from the notebook cells (COUNT = 1000000,
#      jstep = jit(step)), %timeit magics dropped.
"""
Simulate refactory leaky integrate-and-fire neurons for a single time period
"""

# parameters
from parameters import *

import jax.numpy as np
from jax import jit


def initial_state(count):
    potentials = np.full(count, initial_potential)
    ts = np.zeros(count)
    injected_currents = na * (np.array(range(count)) + 1)
    return injected_currents, potentials, ts


def step(v, tr, injected_current):
    rv = np.full_like(v, reset_voltage)
    dv = ((resting_potential - v) + (injected_current * membrane_resistance)) * (dt / tau_m)
    spikes = v > threshold
    next_v = np.where(spikes, rv, v + dv)
    refactory = tr > 0
    next_v = np.where(refactory, rv, next_v)
    next_tr = np.where(refactory, tr - 1, tr)
    next_tr = np.where(spikes, R_DUR, next_tr)
    return next_v, next_tr, spikes


COUNT = 1000000

injected_currents, potentials, ts = initial_state(COUNT)

jstep = jit(step)
jstep(potentials, ts, injected_currents)
