# Source: https://github.com/killianstorm/simulated-anthropomorphic-finger/blob/af1b73acb06024425d0198cfc1a96ac9a86f38fc/finger_model/simulation/simulator.py
# Title: finger_model/simulation/simulator.py (simulate_sin_RK4, parent of "Runge Kutta implementation for sine")
# Cut: kept the imports and simulate_sin_RK4 verbatim; dropped the tendon radii table, the other
#      simulate_* functions and _calculate_positions (defined further down in the same file).
#      MM, FM, lengths, masses, inertias, initial_positions and ENABLE_TENDONS come from
#      simulation.dynamic_model (sympy-generated mass and forcing matrices of the 3-link finger).
from cpg.hopf import *
from cpg.rnn_oscillator import *
from simulation.dynamic_model import *
from jax import jit
import jax
import jax.ops
import jax.lax


@jit
def simulate_sin_RK4(p):
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
    X = np.zeros([interval.shape[0], initial_positions.shape[0]])
    X = jax.ops.index_update(X, 0, initial_positions)
    for i in range(interval.shape[0]):
        # i = t.astype(int)
        k1 = ode(X[i], i, amplitudes, phases)
        k2 = ode(X[i] + dt / 2. * k1, i + dt / 2., amplitudes, phases)
        k3 = ode(X[i] + dt / 2. * k2, i + dt / 2., amplitudes, phases)
        k4 = ode(X[i] + dt * k3, i + dt, amplitudes, phases)
        X[i + 1] = X[i] + dt / 6. * (k1 + 2. * k2 + 2. * k3 + k4)

    history = X

    # history = odeint_jax(ode, initial_positions, interval, amplitudes, phases)
    results = _calculate_positions(history, interval[1] - interval[2])

    results['torques'] = np.array([_a * np.sin(_p * interval) for _a, _p in zip(amplitudes, phases)]).transpose()

    if ENABLE_TENDONS:
        results['torques'] = np.abs(results['torques'])

    return results

