# Source: https://github.com/killianstorm/simulated-anthropomorphic-finger/blob/70ca633714a94912fdea562b5c8a2d8f6cb730af/finger_model/simulation/simulator.py
# Title: finger_model/simulation/simulator.py (simulate_sine and simulate_sine_RK4)
# Cut: kept the imports and the two sine-driven simulators verbatim; dropped the CTRNN-,
#      constant- and predefined-input simulators and calculate_positions.
from simulation.dynamic_model import *
from jax import jit
import jax
import jax.ops
import jax.lax

from jax.experimental.ode import odeint as odeint_jax
from jax.config import config
config.update("jax_enable_x64", True)


@jit
def simulate_sine(p):
    """
    Simulates the finger with a series of sine inputs.
    arguments: dict containing amplitudes, phases and interval
    """

    amplitudes, phases, interval = p['amplitudes'], p['phases'], p['interval']

    @jit
    def ode(y, time, _amplitudes, _phases):

        # Calculate sines for current time instant.
        _inputs = np.array([_a * np.sin(_p * time) for _a, _p in zip(_amplitudes, _phases)])

        # If using tendons, take abs since no negative values are allowed.
        if ENABLE_TENDONS:
            _inputs = np.abs(_inputs)

        # Construct params.
        _params = [y,
                   lengths[0], masses[0], inertias[0],
                   lengths[1], masses[1], inertias[1],
                   lengths[2], masses[2], inertias[2],
                   *_inputs,
                   9.8, 0.5]

        # Solve equations of motion for current time.
        return np.linalg.inv(MM(*_params)) @ FM(*_params)

    # Solve equations of motion for interval.
    history = odeint_jax(ode, initial_positions, interval, amplitudes, phases)

    # Prettify history.
    results = calculate_positions(history)

    # Add torque history.
    results['torques'] = np.array([_a * np.sin(_p * interval) for _a, _p in zip(amplitudes, phases)]).transpose()
    if ENABLE_TENDONS:
        results['torques'] = np.abs(results['torques'])

    return results


@jit
def simulate_sine_RK4(p):
    """
    WARNING: DEPRECATED SINCE IT DOES NOT HAVE THE REQUIRED ACCURACY

    Simulates the finger with a series of sine inputs by using Runge Kutta 4.
    arguments: p containing amplitudes, phases and interval
    """
    amplitudes, phases, interval = p['amplitudes'], p['phases'], p['interval']

    @jit
    def ode(y, time, _amplitudes, _phases):
        _inputs = np.array([_a * np.sin(_p * time) for _a, _p in zip(_amplitudes, _phases)])

        if ENABLE_TENDONS:
            _inputs = np.abs(_inputs)

        _params = [y,
                   lengths[0], masses[0], inertias[0],
                   lengths[1], masses[1], inertias[1],
                   lengths[2], masses[2], inertias[2],
                   *_inputs,
                   9.8, 0.5]
        return np.linalg.inv(MM(*_params)) @ FM(*_params)

    dt = interval[1] - interval[0]

    # Solve with Runge Kutta 4
    def step(current_state, index):
        _amplitudes, _phases, _xi = current_state
        k1 = dt * ode(_xi, index, amplitudes, phases).flatten()
        k2 = dt * ode(_xi + .5 * k1, index + .5 * dt, amplitudes, phases).flatten()
        k3 = dt * ode(_xi + .5 * k2, index + .5 * dt, amplitudes, phases).flatten()
        k4 = dt * ode(_xi + k3, index + dt, amplitudes, phases).flatten()
        _out = _xi + (1. / 6.) * (k1 + 2. * k2 + 2. * k3 + k4)
        return (_amplitudes, _phases, _out), _out

    _, history = jax.lax.scan(step, (amplitudes, phases, initial_positions), p['interval'])

    # history = odeint_jax(ode, initial_positions, interval, amplitudes, phases)
    results = calculate_positions(history)

    results['torques'] = np.array([_a * np.sin(_p * interval) for _a, _p in zip(amplitudes, phases)]).transpose()

    if ENABLE_TENDONS:
        results['torques'] = np.abs(results['torques'])

    return results


