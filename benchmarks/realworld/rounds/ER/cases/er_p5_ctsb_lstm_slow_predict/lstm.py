# Source: https://github.com/danielsuo/TigerForecast/blob/e427c1fa086f1e91151a7aeb6ca4c6057046d2ff/ctsb/models/time_series/lstm.py
# Title: ctsb/models/time_series/lstm.py ("lstm model tested and added")
# Cut: docstrings and help text trimmed; code otherwise as in the commit.
import jax
import jax.numpy as np
import jax.experimental.stax as stax
from ctsb.utils.random import generate_key


class LSTM:
    def __init__(self):
        self.initialized = False

    def initialize(self, n, m, l=32, h=64, update=None):
        self.T = 0
        self.initialized = True
        self.n, self.m, self.l, self.h = n, m, l, h

        # initialize parameters
        glorot_init = stax.glorot() # returns a function that initializes weights
        W_hh = glorot_init(generate_key(), (4*h, h)) # maps h_t to gates
        W_xh = glorot_init(generate_key(), (4*h, n)) # maps x_t to gates
        W_out = glorot_init(generate_key(), (m, h)) # maps h_t to output
        b_h = np.zeros(4*h)
        b_h = jax.ops.index_update(b_h, jax.ops.index[h:2*h], np.ones(h)) # forget gate biased initialization
        self.params = [W_hh, W_xh, W_out, b_h]
        self.hid = np.zeros(h)
        self.cell = np.zeros(h)
        self.x = np.zeros((l, n))

        # initialize jax.jitted predict and update functions
        def _fast_predict(params, x, hid, cell):
            W_hh, W_xh, W_out, b_h = params
            sigmoid = lambda x: 1. / (1. + np.exp(-x)) # no JAX implementation of sigmoid it seems?
            gate = np.dot(W_hh, hid) + np.dot(W_xh, x) + b_h 
            i, f, g, o = np.split(gate, 4) # order: input, forget, cell, output
            next_cell =  sigmoid(f) * cell + sigmoid(i) * np.tanh(g)
            next_hid = sigmoid(o) * np.tanh(next_cell)
            y = np.dot(W_out, next_hid)
            return (y, next_hid, next_cell)

        self._fast_predict = jax.jit(_fast_predict)

        def _slow_predict(params, x_list):
            W_hh, W_xh, W_out, b_h = params
            sigmoid = lambda x: 1. / (1. + np.exp(-x)) # no JAX implementation of sigmoid it seems?
            next_hid = np.zeros(self.h)
            next_cell = np.zeros(self.h)
            for x in x_list:
                gate = np.dot(W_hh, next_hid) + np.dot(W_xh, x) + b_h 
                i, f, g, o = np.split(gate, 4) # order: input, forget, cell, output
                next_cell =  sigmoid(f) * next_cell + sigmoid(i) * np.tanh(g)
                next_hid = sigmoid(o) * np.tanh(next_cell)
            y = np.dot(W_out, next_hid)
            return y
        self._slow_predict = jax.jit(_slow_predict)

        def _update_x(self_x, x):
            new_x = np.roll(self_x, self.n)
            new_x = jax.ops.index_update(new_x, jax.ops.index[0,:], x)
            return new_x
        self._update_x = jax.jit(_update_x)

        if update:
            self._update = jax.jit(update)
        else:
            def _update(params, pred, x, y_true):
                lr = 0.01 # learning rate
                def _loss(params, x, y_true):
                    y_pred = pred(params, x)
                    loss = np.sum((y_pred - y_true)**2)
                    return loss
                _gradient = jax.grad(_loss)
                delta = _gradient(params, x, y_true)
                new_params = [w - lr*dw for w, dw in zip(params, delta)]
                return new_params
            self._update = jax.jit(_update, static_argnums=[1])

        return

    def predict(self, x):
        self.x = self._update_x(self.x, x)
        y, self.hid, self.cell = self._fast_predict(self.params, x, self.hid, self.cell)
        return y

    def update(self, y, loss=None):
        self.params = self._update(self.params, self._slow_predict, self.x, y)
        return
