# Source: https://github.com/lindermanlab/nm-rnn/blob/1a811e818a87c7bd115167b8366b115913a43fed/nmrnn/rnn_code.py
# Title: nmrnn/rnn_code.py (low-rank RNN)
# Cut: only lr_rnn, its vmapped batch and the batched loss.
import jax.numpy as jnp
from jax import vmap
from jax import lax


def lr_rnn(params, x0, inputs, tau, orth_u, nln=jnp.tanh):
    U = params["row_factors"]       # D x R
    if orth_u: U, _ = jnp.linalg.qr(U)         # orthogonalize
    V = params["column_factors"]    # D x R
    B = params["input_weights"]     # D x M
    C = params["readout_weights"]   # O x D
    rb = params["readout_bias"]             # O

    N = x0.shape[0]

    def _step(x, u):
        h = V.T @ nln(x)
        x = (1.0 - (1. / tau)) * x + (1. / (tau * N)) * U @ h # divide by N
        x += (1. / tau) * B @ u
        y = C @ x + rb
        return x, (y, x)

    _, (ys, xs) = lax.scan(_step, x0, inputs)

    return ys, xs

batched_lr_rnn = vmap(lr_rnn, in_axes=(None, None, 0, None, None))

def batched_lr_rnn_loss(params, x0, batch_inputs, tau, batch_targets, batch_mask, orth_u=True):
    ys, _ = batched_lr_rnn(params, x0, batch_inputs, tau, orth_u)
    return jnp.sum(((ys - batch_targets)**2)*batch_mask)/jnp.sum(batch_mask)
