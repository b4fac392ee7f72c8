# Source: https://github.com/killianstorm/simulated-anthropomorphic-finger/blob/d7b488e91ccab5df936d292637e7f3a2e9c0cdb3/finger_model/dynamic_model.py
# Title: finger_model/dynamic_model.py (simulate_oscillator)
# Cut: kept simulate_oscillator only; the sympy derivation of MM/FM, lengths/masses/inertias,
#      initial_positions, odeint_jax and _calculate_positions are defined elsewhere in the file.
from jax import jit
import jax.numpy as np
from jax.experimental.ode import odeint as odeint_jax
from hopf import *


_oscillator_index = 0 # Use with caution.


def simulate_oscillator(interval, *params):
    CPG1, CPG2 = create_CPG(interval, *params)

    @jit
    def ode(y, time, cpg1):
        global _oscillator_index
        _params = [y,
                  lengths[0], masses[0], inertias[0], cpg1[_oscillator_index],
                  lengths[1], masses[1], inertias[1], 0.,
                  lengths[2], masses[2], inertias[2], 0.,
                  9.8, 0.5]

        _oscillator_index += 1

        return np.linalg.inv(MM(*_params)) @ FM(*_params)

    history = odeint_jax(ode, initial_positions, interval, CPG1, mxstep=500)
    return _calculate_positions(history)

