# Source: https://github.com/d2l-ai/d2l-en/blob/23d7a5aecceee57d1292c56e90cce307f183bb0a/chapter_recurrent-modern/lstm.md
# Title: Dive into Deep Learning 10.1 "Long Short-Term Memory (LSTM)" (JAX tab)
# Cut: kept LSTMScratch.setup and forward; the concise nn.scan model and training cells are dropped.
from d2l import jax as d2l
from flax import linen as nn
import jax
from jax import numpy as jnp


class LSTMScratch(d2l.Module):
    num_inputs: int
    num_hiddens: int
    sigma: float = 0.01

    def setup(self):
        init_weight = lambda name, shape: self.param(name,
                                                     nn.initializers.normal(self.sigma),
                                                     shape)
        triple = lambda name : (
            init_weight(f'W_x{name}', (self.num_inputs, self.num_hiddens)),
            init_weight(f'W_h{name}', (self.num_hiddens, self.num_hiddens)),
            self.param(f'b_{name}', nn.initializers.zeros, (self.num_hiddens)))

        self.W_xi, self.W_hi, self.b_i = triple('i')  # Input gate
        self.W_xf, self.W_hf, self.b_f = triple('f')  # Forget gate
        self.W_xo, self.W_ho, self.b_o = triple('o')  # Output gate
        self.W_xc, self.W_hc, self.b_c = triple('c')  # Input node

    def forward(self, inputs, H_C=None):
        # Use lax.scan primitive instead of looping over the
        # inputs, since scan saves time in jit compilation.
        def scan_fn(carry, X):
            H, C = carry
            I = d2l.sigmoid(d2l.matmul(X, self.W_xi) + (
                d2l.matmul(H, self.W_hi)) + self.b_i)
            F = d2l.sigmoid(d2l.matmul(X, self.W_xf) +
                            d2l.matmul(H, self.W_hf) + self.b_f)
            O = d2l.sigmoid(d2l.matmul(X, self.W_xo) +
                            d2l.matmul(H, self.W_ho) + self.b_o)
            C_tilde = d2l.tanh(d2l.matmul(X, self.W_xc) +
                               d2l.matmul(H, self.W_hc) + self.b_c)
            C = F * C + I * C_tilde
            H = O * d2l.tanh(C)
            return (H, C), H  # return carry, y

        if H_C is None:
            batch_size = inputs.shape[1]
            carry = jnp.zeros((batch_size, self.num_hiddens)), \
                    jnp.zeros((batch_size, self.num_hiddens))
        else:
            carry = H_C

        # scan takes the scan_fn, initial carry state, xs with leading axis to be scanned
        carry, outputs = jax.lax.scan(scan_fn, carry, inputs)
        return outputs, carry
