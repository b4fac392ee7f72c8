# Source: https://github.com/crispitagorico/summer_school/blob/05a702092fc78f6c2f4a5024845e80bbc875459f/lstm_jax.ipynb
# Title: lstm_jax.ipynb (LSTM from scratch, JAX)
# Cut: converted the jitted lstm forward (cell 10) and the jitted value_and_grad train_step (cell 15) to a .py; data, init and plotting cells dropped.
import math
import jax
import jax.numpy as jnp
import optax

# %% cell 10
# forward function
@jax.jit
def lstm(params, state, inputs):
    [W_xi, W_hi, b_i, W_xf, W_hf, b_f, W_xo, W_ho, b_o, W_xc, W_hc, b_c, W_hq, b_q] = params
    (H, C) = state
    outputs = []
    for X in inputs:
        I = jax.nn.sigmoid((X @ W_xi) + (H @ W_hi) + b_i)
        F = jax.nn.sigmoid((X @ W_xf) + (H @ W_hf) + b_f)
        O = jax.nn.sigmoid((X @ W_xo) + (H @ W_ho) + b_o)
        C_tilda = jnp.tanh((X @ W_xc) + (H @ W_hc) + b_c)
        C = F * C + I * C_tilda
        H = O * jnp.tanh(C)
        Y = (H @ W_hq) + b_q
        outputs.append(Y)
    return jnp.concatenate(outputs, axis=0), (H, C)
# %% cell 15
@jax.jit
def train_step(apply_fn, loss_fn, params, state, X, Y):
    def loss(params, state, X, Y):
        y = Y.T.reshape(-1)  # (B,T) -> (T,B)
        y_hat, state = apply_fn(params, state, X)
        y_hat = y_hat.reshape(-1, y_hat.shape[-1])
        y_one_hot = jax.nn.one_hot(y, num_classes=y_hat.shape[-1])
        return loss_fn(y_hat, y_one_hot).mean(), state

    grad_fn = jax.value_and_grad(loss, has_aux=True)
    (l, state), grads = grad_fn(params, state, X, Y)
    grads = grad_clipping(grads, 1)
    return l, state, grads
