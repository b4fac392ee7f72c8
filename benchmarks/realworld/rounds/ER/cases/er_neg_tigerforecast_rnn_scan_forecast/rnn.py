# Source: https://github.com/danielsuo/TigerForecast/blob/ae18b169d96dd81db88ab27a8b055036845d3a8f/tigerforecast/methods/rnn.py
# Title: tigerforecast/methods/rnn.py
# Cut: docstrings and the update/help methods trimmed; initialize, predict and forecast kept as in the file.
import jax
import jax.numpy as np
import jax.experimental.stax as stax
from tigerforecast.utils.random import generate_key
from tigerforecast.methods import Method
from tigerforecast.utils.optimizers import *
from tigerforecast.utils.optimizers.losses import mse

class RNN(Method):

    compatibles = set(['TimeSeries'])

    def __init__(self):
        self.initialized = False
        self.uses_regressors = True

    def initialize(self, n=1, m=1, l = 32, h = 64, optimizer = OGD, loss = mse, lr = 0.003):
        self.T = 0
        self.initialized = True
        self.n, self.m, self.l, self.h = n, m, l, h

        # initialize parameters
        glorot_init = stax.glorot() # returns a function that initializes weights
        W_h = glorot_init(generate_key(), (h, h))
        W_x = glorot_init(generate_key(), (h, n))
        W_out = glorot_init(generate_key(), (m, h))
        b_h = np.zeros(h)
        # self.params = [W_h, W_x, W_out, b_h]
        self.params = {'W_h' : W_h,
                       'W_x' : W_x,
                       'W_out:' : W_out,
                       'b_h' : b_h}
        self.hid = np.zeros(h)
        self.x = np.zeros((l, n))

        """ private helper methods"""
        @jax.jit
        def _update_x(self_x, x):
            new_x = np.roll(self_x, -self.n)
            new_x = jax.ops.index_update(new_x, jax.ops.index[-1,:], x)
            return new_x

        @jax.jit
        def _fast_predict(carry, x):
            params, hid = carry  # unroll tuple in carry
            W_h, W_x, W_out, b_h = params.values()
            next_hid = np.tanh(np.dot(W_h, hid) + np.dot(W_x, x) + b_h)
            y = np.dot(W_out, next_hid)
            return (params, next_hid), y

        @jax.jit
        def _predict(params, x):
            _, y = jax.lax.scan(_fast_predict, (params, np.zeros(h)), x)
            return y[-1]

        self.transform = lambda x: float(x) if (self.m == 1) else x
        self._update_x = _update_x
        self._fast_predict = _fast_predict
        self._predict = _predict
        self._store_optimizer(optimizer, self._predict)

    def to_ndarray(self, x):
        x = np.asarray(x)
        if np.ndim(x) == 0:
            x = x[None]
        return x

    def predict(self, x, timeline = 1):
        assert self.initialized
        self.x = self._update_x(self.x, self.to_ndarray(x))
        carry, y = self._fast_predict((self.params, self.hid), self.to_ndarray(x))
        _, self.hid = carry
        return y

    def forecast(self, x, timeline = 1):
        assert self.initialized
        self.x = self._update_x(self.x, self.to_ndarray(x))
        carry, x = self._fast_predict((self.params, self.hid), self.to_ndarray(x))
        _, self.hid = carry
        hid = self.hid

        pred = [self.transform(x)]
        for t in range(timeline - 1):
            carry, x = self._fast_predict((self.params, hid), self.to_ndarray(x))
            _, self.hid = carry
            pred.append(self.transform(x))
        return pred

    def update(self, y):
        self.params = self.optimizer.update(self.params, self.x, y)
        return
