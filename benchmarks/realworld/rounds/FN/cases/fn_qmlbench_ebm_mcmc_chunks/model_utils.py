# Source: https://github.com/XanaduAI/qml-benchmarks/blob/c4f6d766d71a4e72470db2a681687754b51b630b/src/qml_benchmarks/model_utils.py
# Title: src/qml_benchmarks/model_utils.py -- train() (the optimisation driver used by EnergyBasedModel.fit)
# Cut: docstring shortened; get_batch, chunk_grad and chunk_loss imported instead of copied;
#      the convergence check after the NaN test cut.
import inspect
import logging
import time

import numpy as np
import jax
from tqdm import tqdm

from qml_benchmarks.model_utils import get_batch, chunk_grad, chunk_loss


def train(
    model, loss_fn, optimizer, X, y, random_key_generator, convergence_interval=200
):
    """
    Trains a model using an optimizer and a loss function via gradient descent.
    """
    if model.max_vmap is not None:
        if not model.batch_size / model.max_vmap % 1 == 0:
            raise Exception("Batch size must be multiple of max_vmap.")

    # wrap a key around the function if it doesn't have one
    if "key" not in inspect.signature(loss_fn).parameters:
        def loss_fn_wrapped(params, x, y, key):
            return loss_fn(params, x, y)
    else:
        loss_fn_wrapped = loss_fn

    params = model.params_
    opt = optimizer(learning_rate=model.learning_rate)
    opt_state = opt.init(params)
    grad_fn = jax.grad(loss_fn_wrapped)

    # jitting through the chunked_grad function can take a long time,
    # so we jit here and chunk after
    if model.jit:
        grad_fn = jax.jit(grad_fn)

    # note: assumes that the loss function is a sample mean of
    # some function over the input data set
    chunked_grad_fn = chunk_grad(grad_fn, model.max_vmap) if model.max_vmap is not None else grad_fn
    chunked_loss_fn = chunk_loss(loss_fn_wrapped, model.max_vmap) if model.max_vmap is not None else loss_fn_wrapped

    def update(params, opt_state, x, y, key):
        grads = chunked_grad_fn(params, x, y, key)
        loss_val = chunked_loss_fn(params, x, y, key)
        updates, opt_state = opt.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss_val

    loss_history = []
    converged = False
    start = time.time()
    with tqdm(total=model.max_steps, desc="Training Progress") as pbar:
        for step in range(model.max_steps):
            key_batch = random_key_generator()
            key_loss = jax.random.split(key_batch, 1)[0]
            X_batch, y_batch = get_batch(X, y, key_batch, batch_size=model.batch_size)
            params, opt_state, loss_val = update(params, opt_state, X_batch, y_batch, key_loss)
            loss_history.append(loss_val)
            logging.debug(f"{step} - loss: {loss_val}")
            pbar.update(1)

            if np.isnan(loss_val):
                logging.info(f"nan encountered. Training aborted.")
                break
    return params
