# Source: https://github.com/novastar53/xjax/blob/bd1d7ea4072129105b3fcd7e1a1db86f4db29040/src/xjax/models/jax/_gru_attn.py
# Title: src/xjax/models/jax/_gru_attn.py (with src/xjax/layers/_attn.py in _attn.py)
# Cut: kept GRU.__call__ (attention over all previous hidden states), _loss, _step and the core of
#      train; train signature shortened, signals/perplexity/init/_sample/generate dropped.
from typing import List, Any
from functools import partial

from time import time

import jax
import optax
from jax import Array
import jax.numpy as jnp
from jax import random
from jax.nn import log_softmax

from xjax.layers import BasicDotProdAttention
from xjax.tools import default_arg

Parameters = List[Array]


__all__ = [
    "gru",
    "train",
    "predict",
    "generate",  
    "perplexity",
    "_sample",
]


def _sgm(x):
    return 1 / (1 + jnp.exp(-x))

class GRU:

    # Calculate the forward pass
    def __call__(self, *, params: Parameters, H: Array, X: Array):
                
        # Extract the parameters
        Wxr, Whr, Wxz, Whz, Wxh, Whh, Why, br, bz, bh, by = params
        # Initialize the output logits
        Y = jnp.empty_like(X)

        # Loop over the sequence
        for i in range(X.shape[1]):
            # Retrieve the current input token
            Xt = X[:, i, :]  # (batch_size x vocab_size)
            # Retrieve the previous hidden state
            Ht = H[:, -1, :]  # (batch_size x hidden_size)
            # Calculate the Reset and Update gates
            R = _sgm(jnp.dot(Xt, Wxr) + jnp.dot(Ht, Whr) + br) # (batch_size x hidden_size)
            Z = _sgm(jnp.dot(Xt, Wxz) + jnp.dot(Ht, Whz) + bz) # (batch_size) x hidden_size)
            # Calculate the candidate Hidden state
            Hc = _sgm(jnp.dot(Xt, Wxh) + R * jnp.dot(Ht, Whh) + bh) # (batch_size x hidden_size)
            # Calculate the final Hidden state
            Ht = Z * Ht + (1 - Z) * Hc # (batch_size x hidden_size)
            # Compute the context vector using attention layer
            Ct = BasicDotProdAttention()(query=Ht, keys=H, values=H) 
            # Calculate the output logits from the 
            # Hidden State and the Context vector
            Yt = jnp.dot(jnp.concatenate((Ht, Ct), axis=1), Why) + by
            # Update the output sequence
            Y = Y.at[:, i, :].set(Yt)
            # Append the new Hidden State 
            Ht = jnp.expand_dims(Ht, axis=1)
            H = jnp.concatenate([H, Ht], axis=1)

        # Return the updated Hidden State and the output logits
        return H, Y


def _loss(model: GRU, params: Parameters, H: Array, X_batch: Array, Y_batch: Array):

    _, Y_logits = model(params=params, 
                        H=H, 
                        X=X_batch)

    return optax.losses.softmax_cross_entropy(logits=Y_logits, labels=Y_batch).mean()

def _step(loss_fn, optimizer, max_grad, optimizer_state, params, X_batch, Y_batch):

    hidden_size = params[0].shape[1]
    batch_size = Y_batch.shape[0]
    H = jnp.zeros((batch_size, 1, hidden_size))
    loss, grads = loss_fn(params, H, X_batch, Y_batch)
    clipped_grads = tuple(jnp.clip(grad, -max_grad, max_grad) for grad in grads)
    updates, optimizer_state = optimizer.update(clipped_grads, optimizer_state)
    params = optax.apply_updates(params, updates)

    return params, optimizer_state, loss


def train(model: GRU, *, rng, params, X_train, Y_train, X_valid, Y_valid, vocab_size,
          batch_size=None, num_epochs=None, learning_rate=None, max_grad=None) -> Parameters:
    batch_size = default_arg(batch_size, 32)
    num_epochs = default_arg(num_epochs, 10)
    learning_rate = default_arg(learning_rate, 10**-3)
    max_grad = default_arg(max_grad, 1)

    start_time = time()

    # set up the optimizer
    optimizer = optax.adam(learning_rate=learning_rate)
    optimizer_state = optimizer.init(params)

    # set up the loss function
    loss_fn = jax.value_and_grad(partial(_loss, model))
    step_fn = jax.jit(partial(_step, loss_fn, optimizer, max_grad))

    # loop through epochs

    loss = None
    for epoch in range(num_epochs):

        # Emit signal
        epoch_loss = 0
        num_iter = len(X_train)//batch_size
        for _ in range(num_iter):
            rng, sub_rng = jax.random.split(rng)
            X_batch, Y_batch = _sample(sub_rng, X_train, Y_train, batch_size, vocab_size)
            params, optimizer_state, loss = step_fn(optimizer_state, params, X_batch, Y_batch)
            epoch_loss += loss
        epoch_loss = epoch_loss/num_iter

    return params
