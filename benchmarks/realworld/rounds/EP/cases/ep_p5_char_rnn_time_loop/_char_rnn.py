# Source: https://github.com/novastar53/xjax/blob/bd1d7ea4072129105b3fcd7e1a1db86f4db29040/src/xjax/models/jax/_char_rnn.py
# Title: src/xjax/models/jax/_char_rnn.py
# Cut: kept CharRNN, char_rnn init, train (jit of value_and_grad of _loss), _sample, _loss, _step;
#      dropped generate/predict, logging signals and __all__.
from time import time
from functools import partial
from typing import Any, Mapping, Tuple, List

import logging

import jax
from jax import Array
from jax import numpy as jnp
import optax
Parameters = Mapping[str, Any]

logger = logging.getLogger(__name__)


class CharRNN:

    def __call__(self, params, h, X) -> Tuple[Array]:

        Whx, Whh, Wyh, bh, by = params

        Y_logits = jnp.zeros_like(X)

        # iterate over the input sequence
        for i in range(X.shape[0]):

            # pick out the current input token one-hot
            x = jnp.expand_dims(X[i, :], 1)

            # update the hidden state
            h = jnp.tanh(jnp.dot(Whx, x) + jnp.dot(Whh, h) + bh)

            # compute the output logits
            logits = jnp.dot(Wyh, h) + by
            logits = jnp.squeeze(logits)

            # update the output sequence
            Y_logits = Y_logits.at[i].set(logits)

        # return the updated hidden state and output logits
        return h, Y_logits


def char_rnn(rng: Array, vocab_size: int, hidden_size: int):

    # Initialize params
    Whx = jax.random.normal(rng, shape=(hidden_size, vocab_size))

    k1, k2 = jax.random.split(rng, 2)
    Whh = jax.random.normal(k1, shape=(hidden_size, hidden_size))
    bh = jnp.zeros((hidden_size, 1))

    Wyh = jax.random.normal(k2, shape=(vocab_size, hidden_size))
    by = jnp.zeros((vocab_size, 1))

    # Initialize model
    model = CharRNN()

    return (Whx, Whh, Wyh, bh, by), model


def train(
    model: CharRNN,
    *,
    rng: Array,
    params: Parameters,
    X_train: List[Array],
    Y_train: List[Array],
    vocab_size: int,
    epochs: int | None = None,
    learning_rate: float | None = None,
    max_grad: float | None = None,
) -> Parameters:

    epochs = default_arg(epochs, 10)
    learning_rate = default_arg(learning_rate, 0.01)
    max_grad = default_arg(max_grad, 10)

    start_time = time()

    # Set up optimizer
    optimizer = optax.adam(learning_rate=learning_rate)
    optimizer_state = optimizer.init(params)

    loss_fn = jax.value_and_grad(partial(_loss, model))
    step_fn = jax.jit(partial(_step, loss_fn, optimizer, max_grad))

    loss = None
    for epoch in range(epochs):

        epoch_loss = 0
        for _ in range(len(X_train)):
            rng, sub_rng = jax.random.split(rng)
            X, Y = _sample(sub_rng, X_train, Y_train, vocab_size)
            params, optimizer_state, loss = step_fn(optimizer_state, params, X, Y)
            epoch_loss += loss

    return params


def _sample(
    rng: Array, X: List[Array], Y: List[Array], vocab_size: int
) -> tuple[Array, Array]:

    # Pick a random index from the dataset
    i = jax.random.randint(rng, (1,), 0, len(X))[0]

    # Convert to one-hot representation
    x_out = jnp.eye(vocab_size)[X[i], :]
    y_out = jnp.eye(vocab_size)[Y[i], :]

    return x_out, y_out


def _loss(model, params, h, X_batch, y_batch):

    _, y_logits = model(params, h, X_batch)

    #return optax.sigmoid_binary_cross_entropy(y_logits, y_batch).mean()
    return optax.losses.softmax_cross_entropy(logits=y_logits, labels=y_batch).mean()


def _step(loss_fn, optimizer, max_grad, optimizer_state, params, X_batch, Y_batch):

    # Extract the hidden size from the Whx weights
    hidden_size = params[0].shape[0]
    # Initialize the hidden state as zeros
    h = jnp.zeros((hidden_size, 1))

    loss, grads = loss_fn(params, h, X_batch, Y_batch)

    # print(jnp.max(grads[0]), jnp.min(grads[0]))

    # Clip the gradients to prevent them from getting too large
    clipped_grads = tuple(jnp.clip(grad, -max_grad, max_grad) for grad in grads)

    # print(jnp.max(clipped_grads[0]), jnp.min(clipped_grads[0]))

    # Compute updates
    updates, optimizer_state = optimizer.update(clipped_grads, optimizer_state)

    # Update params
    params = optax.apply_updates(params, updates)

    return params, optimizer_state, loss
