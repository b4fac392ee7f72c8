# Source: https://github.com/sharadmv/deepx/blob/07470e7a579a63427de1d5ff90b9fd00d3f54b61/deepx/backend/jax.py
# Title: deepx/backend/jax.py (JaxBackend, 2019)
# Cut: kept the recurrent helpers of JaxBackend (rnn via scan, map, while_loop) and a few array ops;
#      the backend base class, device handling and the rest of the ~500-line op table are dropped.
import jax.numpy as np
from jax import lax


class JaxBackend(object):

    def dot(self, x, y):
        return np.dot(x, y)

    def sigmoid(self, x):
        return 1. / (1. + np.exp(-x))

    def zeros(self, shape):
        return np.zeros(shape)

    def tanh(self, x):
        return np.tanh(x)

    def map(self, function, input):
        return map(function, input)

    def rnn(self, step_function, input, initial_states, **kwargs):
        input = np.swapaxes(input, 0, 1)
        def step(state, input_):
            _, state = step_function(input_, state, **kwargs)
            return state, state[0]
        state, output = self.scan(step, input, initial_states)
        return np.swapaxes(output, 0, 1)

    def while_loop(self, condition, body, loop_vars, **kwargs):
        raise NotImplementedError

    def scan(self, fn, elems, initializer=None):
        return lax.scan(fn, initializer, elems)



T = JaxBackend()
