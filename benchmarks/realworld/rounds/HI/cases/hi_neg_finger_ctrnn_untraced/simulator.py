# Source: https://github.com/killianstorm/simulated-anthropomorphic-finger/blob/004a3a59d3af5cf951fbef260550f980dde6677d/finger_model/simulation/simulator.py
# Title: finger_model/simulation/simulator.py (simulate_rnn_oscillator, the differentiated path)
# Cut: kept the imports and simulate_rnn_oscillator verbatim; the tendon radii table and the other
#      simulators are dropped. The optimiser (simulation/optimizer.py) wraps this function in
#      jit(value_and_grad(...)); ctrnn() from cpg/rnn_oscillator.py is only referenced from a
#      commented-out line in main.py.
from cpg.hopf import *
from cpg.rnn_oscillator import *
from simulation.dynamic_model import *
from jax import jit
import jax


@jit
def simulate_rnn_oscillator(p):

    dt = p['interval'][1] - p['interval'][0]

    states = np.zeros((4,))
    outputs = jax.nn.sigmoid(states)
    gains = np.ones(RNN_SIZE)

    # Set up network.
    taus = np.array([p[RNN_TAU1], p[RNN_TAU2], p[RNN_TAU3], p[RNN_TAU4]])
    biases = np.array([p[RNN_BIAS1], p[RNN_BIAS2], p[RNN_BIAS3], p[RNN_BIAS4]])
    weights = np.array(p[RNN_WEIGHTS]).reshape(RNN_SIZE, RNN_SIZE)

    @jit
    def ode(state, time, _dt, _gains, _taus, _biases, _weights):
        y, _outputs, _states = state
        external_inputs = np.zeros(RNN_SIZE)  # zero external_inputs
        total_inputs = external_inputs + np.dot(_weights, _outputs)
        _states += _dt * (1 / _taus) * (total_inputs - _states)
        _outputs = np.array(jax.nn.sigmoid(_gains * (_states + _biases)))

        _params = [y,
                  lengths[0], masses[0], inertias[0],
                  lengths[1], masses[1], inertias[1],
                  lengths[2], masses[2], inertias[2],
                  _outputs[0], _outputs[1], _outputs[2], outputs[3],
                  9.8, 0.5]
        return np.linalg.inv(MM(*_params)) @ FM(*_params), _outputs, _states

    history, _, _ = odeint_jax(ode, (initial_positions, outputs, states), p['interval'], dt, gains, taus, biases, weights, mxstep=500)

    results = _calculate_positions(history)

    return results
