# Source: https://github.com/srush/parallax/blob/e54b7b421b302d2f9effd7bbc0bae5b60aee2b2b/parallax/layers.py
# Title: parallax/layers.py
# Cut: kept Dense, LSTMCell and MultiLayerLSTM; `from .core import *` kept as a plain import of the
#      Module/ParamInit machinery (parallax/core.py, not reproduced).
import jax
import jax.nn.initializers as init

from parallax.core import Module, Parameter, ParamInit, ModuleTuple, ParameterTuple


class Dense(Module):
    weight : Parameter
    bias : Parameter

    def __init__(self, in_size, out_size):
        super().__init__()
        self.weight = ParamInit((out_size, in_size), init.xavier_normal())
        self.bias = ParamInit((out_size,), init.normal())

    def forward(self, input):
        return self.weight @ input + self.bias


class LSTMCell(Module):
    weight_ih : Parameter
    linear_hh : Dense

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.weight_ih = ParamInit((input_size, 4 * hidden_size), init.normal())
        self.linear_hh = Dense(input_size, 4 * hidden_size)

    def forward(self, input, h, c):
        ifgo = self.weight_ih.T @ input + self.linear_hh(h)
        i, f, g, o = jax.numpy.split(ifgo, indices_or_sections=4, axis=-1)
        i = jax.nn.sigmoid(i)
        f = jax.nn.sigmoid(f)
        g = jax.numpy.tanh(g)
        o = jax.nn.sigmoid(o)
        new_c = f * c + i * g
        new_h = o * jax.numpy.tanh(new_c)
        return (new_h, new_c)


class MultiLayerLSTM(Module):
    # Dynamic number of parameters and modules
    cells : ModuleTuple
    c_0s : ParameterTuple

    def __init__(self, n_layers, n_hidden):
        """For simplicity, have everything have the same dimension."""
        super().__init__()
        self.cells = ModuleTuple([
            LSTMCell(n_hidden, n_hidden)
            for _ in range(n_layers)
        ])
        self.c_0s = ParameterTuple([
            ParamInit((n_hidden,), init.normal())
            for _ in range(n_layers)
        ])

    @property
    def hc_0s(self):
        return tuple((jax.numpy.tanh(c_0), c_0) for c_0 in self.c_0s)

    @jax.jit  # a lot faster (try it without!)
    def forward(self, input, hcs):
        new_hcs = []
        for cell, hc in zip(self.cells, hcs):
            input, c = cell(input, *hc)
            new_hcs.append((input, c))
        return tuple(new_hcs)
