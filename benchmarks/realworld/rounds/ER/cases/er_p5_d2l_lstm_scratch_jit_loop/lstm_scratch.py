# Source: https://github.com/probml/probml-notebooks/blob/d3155c14796c5d953003f6a6475280ac2e9dc2e7/notebooks-d2l/lstm_jax.ipynb
# Title: notebooks-d2l/lstm_jax.ipynb ("Add lstm_jax.ipynb"; d2l 9.2: LSTM from scratch, JAX port)
# Cut: code cells converted to a module; data loading, plotting, prediction, the train() driver and the Flax
#      section trimmed; parameters, the jitted forward function, model wrapper and epoch driver kept;
#      grad_clipping (defined in an earlier cell of the notebook) is imported.
import math

import jax
import jax.numpy as jnp
import optax
from d2l_utils import grad_clipping, Timer, Accumulator


def get_lstm_params(vocab_size, num_hiddens, init_rng):
    num_inputs = num_outputs = vocab_size

    def normal(shape, rng):
        return jax.random.normal(rng, shape=shape) * 0.01

    def three(rng):
        return (normal(
            (num_inputs, num_hiddens), rng), normal((num_hiddens, num_hiddens),
                                                   rng), jnp.zeros(num_hiddens))
    
    init_rng, input_rng = jax.random.split(init_rng)
    W_xi, W_hi, b_i = three(input_rng)  # Input gate parameters
    init_rng, forget_rng = jax.random.split(init_rng)
    W_xf, W_hf, b_f = three(forget_rng)  # Forget gate parameters
    init_rng, output_rng = jax.random.split(init_rng)
    W_xo, W_ho, b_o = three(output_rng)  # Output gate parameters
    init_rng, mem_rng = jax.random.split(init_rng)
    W_xc, W_hc, b_c = three(mem_rng)  # Candidate memory cell parameters
    # Output layer parameters
    W_hq = normal((num_hiddens, num_outputs), init_rng)
    b_q = jnp.zeros(num_outputs)
    params = [
        W_xi, W_hi, b_i, W_xf, W_hf, b_f, W_xo, W_ho, b_o, W_xc, W_hc, b_c,
        W_hq, b_q]
    return params


# The state is now a tuple of hidden state and cell state
def init_lstm_state(batch_size, num_hiddens):
    return (jnp.zeros((batch_size, num_hiddens)),
            jnp.zeros((batch_size, num_hiddens)))


# forward function
@jax.jit
def lstm(params, inputs, state):
    [W_xi, W_hi, b_i, W_xf, W_hf, b_f, W_xo, W_ho, b_o, W_xc, W_hc, b_c,
        W_hq, b_q] = params
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


# Make the model class 
# Input X to call is (B,T) matrix of integers (from vocab encoding).
# We transpse this to (T,B) then one-hot encode to (T,B,V), where V is vocab.
# The result is passed to the forward function.
# (We define the forward function as an argument, so we can change it later.)

class RNNModelScratch: 
    """A RNN Model implemented from scratch."""
    def __init__(self, vocab_size, num_hiddens, get_params,
                 init_state, forward_fn):
        self.vocab_size, self.num_hiddens = vocab_size, num_hiddens
        self.init_state, self.get_params = init_state, get_params
        self.forward_fn = forward_fn

    def apply(self, params, X, state):
        X = jax.nn.one_hot(X.T, num_classes=self.vocab_size)
        return self.forward_fn(params, X, state)

    def begin_state(self, batch_size):
        return self.init_state(batch_size, self.num_hiddens)
    
    def init_params(self):
        return self.get_params(self.vocab_size, self.num_hiddens)


def train_epoch(net, params, train_iter, loss, updater, use_random_iter):
    def loss_fn(params, state, X, Y):
        y = Y.T.reshape(-1) #(B,T) -> (T,B)
        y_hat, state = net.apply(params, X, state)
        y_hat = y_hat.reshape(-1, y_hat.shape[-1])
        y_one_hot = jax.nn.one_hot(y, num_classes=net.vocab_size)
        return loss(y_hat, y_one_hot).mean(), state

    state, updater_state, timer = None, None, Timer()
    metric = Accumulator(2)  # Sum of training loss, no. of tokens
    for X, Y in train_iter:
        if state is None or use_random_iter:
            # Initialize `state` when either it is the first iteration or
            # using random sampling
            state = net.begin_state(batch_size=X.shape[0])
        grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
        (l, state), grads = grad_fn(params, state, X, Y)
        grads = grad_clipping(grads, 1)

        if isinstance(updater, optax.GradientTransformation):
            if updater_state is None:
                updater_state = updater.init(params)
            updates, updater_state = updater.update(grads, updater_state)
            params = optax.apply_updates(params, updates)
        else:
            # batch_size=1 since the `mean` function has been invoked
            params = updater(params, grads, batch_size=1)
        metric.add(l * Y.size, Y.size)
    return params, math.exp(metric[0] / metric[1]), metric[1] / timer.stop()
