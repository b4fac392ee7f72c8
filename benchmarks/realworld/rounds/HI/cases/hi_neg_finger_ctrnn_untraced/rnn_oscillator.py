# Source: https://github.com/killianstorm/simulated-anthropomorphic-finger/blob/004a3a59d3af5cf951fbef260550f980dde6677d/finger_model/cpg/rnn_oscillator.py
# Title: finger_model/cpg/rnn_oscillator.py (continuous-time RNN central pattern generator)
# Cut: kept the module verbatim except the plotting branch at the end of ctrnn.
import jax.numpy as np
import matplotlib.pyplot as plt

RNN_SIZE = 4
step_size = 0.01

RNN_TAU1 = 'rnn_tau1'
RNN_TAU2 = 'rnn_tau2'
RNN_TAU3 = 'rnn_tau3'
RNN_TAU4 = 'rnn_tau4'
RNN_BIAS1 = 'rnn_bias1'
RNN_BIAS2 = 'rnn_bias2'
RNN_BIAS3 = 'rnn_bias3'
RNN_BIAS4 = 'rnn_bias4'
RNN_WEIGHTS = 'rnn_weights'
RNN_PARAMS = [RNN_TAU1, RNN_TAU2, RNN_TAU3, RNN_TAU4, RNN_BIAS1, RNN_BIAS2, RNN_BIAS3, RNN_BIAS4]


def ctrnn(interval, rnn_params, plot=False):
    def sigmoid(s):
        return 1 / (1 + np.exp(-s))

    step_size = interval[1] - interval[0]

    states = np.array([0, 0, 0])
    outputs = sigmoid(states)
    gains = np.ones(RNN_SIZE)

    # Set up network.
    taus = np.array([rnn_params[RNN_TAU1], rnn_params[RNN_TAU2], rnn_params[RNN_TAU3]])
    biases = np.array([rnn_params[RNN_BIAS1], rnn_params[RNN_BIAS2], rnn_params[RNN_BIAS3]])
    weights = np.array(rnn_params[RNN_WEIGHTS:]).reshape(RNN_SIZE, RNN_SIZE)

    # initialize network
    #network.randomize_outputs(0.1, 0.2)

    out = []

    # simulate network
    for i in interval:
        external_inputs = np.zeros(RNN_SIZE)  # zero external_inputs
        total_inputs = external_inputs + weights.dot(outputs)
        states += step_size * (1 / taus) * (total_inputs - states)
        outputs = np.array(sigmoid(gains * (states + biases)))
        out.append(outputs)

    return np.array(out)
