# Source: https://github.com/sharadmv/deepx/blob/07470e7a579a63427de1d5ff90b9fd00d3f54b61/deepx/rnn/lstm.py
# Title: deepx/rnn/lstm.py (LSTM layer) with RecurrentLayer.forward from deepx/core/layer.py
# Cut: peephole options dropped; parameters passed as a dict; the layer's forward is the
#      RecurrentLayer one, which hands the step function to T.rnn.
from jax_backend import T


class LSTM(object):

    def __init__(self, shape_in, shape_out, use_forget_gate=True):
        self.shape_in, self.shape_out = shape_in, shape_out
        self.use_forget_gate = use_forget_gate

    def _initial_state(self, data):
        batch_size = data.shape[0]
        return [T.zeros([batch_size, self.shape_out]), T.zeros([batch_size, self.shape_out])]

    def _step(self, X, state, params=None):
        previous_hidden, previous_state = state
        Wi, Ui, bi = params['W_ix'], params['U_ih'], params['b_i']
        input_gate = T.sigmoid(T.dot(X, Wi) + T.dot(previous_hidden, Ui) + bi)

        Wg, Ug, bg = params['W_gx'], params['U_gh'], params['b_g']
        candidate_state = T.tanh(T.dot(X, Wg) + T.dot(previous_hidden, Ug) + bg)

        if self.use_forget_gate:
            Wf, Uf, bf = params['W_fx'], params['U_fh'], params['b_f']
            forget_gate = T.sigmoid(T.dot(X, Wf) + T.dot(previous_hidden, Uf) + bf)
            state = candidate_state * input_gate + previous_state * forget_gate
        else:
            state = candidate_state * input_gate + previous_state * 0

        Wo, Uo, bo = params['W_ox'], params['U_oh'], params['b_o']
        output_gate = T.sigmoid(T.dot(X, Wo) + T.dot(previous_hidden, Uo) + bo)
        output = output_gate * T.tanh(state)
        return output, [output, state]

    def forward(self, X, params=None):
        return T.rnn(lambda x, s: self._step(x, s, params=params), X, self._initial_state(X))
