# Source: https://github.com/XanaduAI/qml-benchmarks/blob/0bbf84855d4da9099adea6a7522029795664d05b/src/qml_benchmarks/model_utils.py
# Title: src/qml_benchmarks/model_utils.py
# Cut: licence header, docstrings and get_batch's body cut; the training loop, the chunking helpers and the MMD loss kept.
"""Utility functions shared by models."""

import operator
from functools import reduce
import logging
import time
import numpy as np
import optax
import jax
import jax.numpy as jnp
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import gen_batches
import inspect
from tqdm import tqdm


def train(
    model, loss_fn, optimizer, X, y, random_key_generator, convergence_interval=200
):

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
    chunked_grad_fn = (
        chunk_grad(grad_fn, model.max_vmap) if model.max_vmap is not None else grad_fn
    )
    chunked_loss_fn = (
        chunk_loss(loss_fn_wrapped, model.max_vmap)
        if model.max_vmap is not None
        else loss_fn_wrapped
    )

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
            params, opt_state, loss_val = update(
                params, opt_state, X_batch, y_batch, key_loss
            )
            loss_history.append(loss_val)
            logging.debug(f"{step} - loss: {loss_val}")
            pbar.update(1)

            if np.isnan(loss_val):
                logging.info(f"nan encountered. Training aborted.")
                break

            # decide convergence
            if convergence_interval is not None:
                if step > 2 * convergence_interval:
                    # get means of last two intervals and standard deviation of last interval
                    average1 = np.mean(loss_history[-convergence_interval:])
                    average2 = np.mean(
                        loss_history[-2 * convergence_interval : -convergence_interval]
                    )
                    std1 = np.std(loss_history[-convergence_interval:])
                    # if the difference in averages is small compared to the statistical fluctuations, stop training.
                    if (
                        np.abs(average2 - average1)
                        <= std1 / np.sqrt(convergence_interval) / 2
                    ):
                        logging.info(
                            f"Model {model.__class__.__name__} converged after {step} steps."
                        )
                        converged = True
                        break

    end = time.time()
    loss_history = np.array(loss_history)
    model.loss_history_ = loss_history / np.max(np.abs(loss_history))
    model.training_time_ = end - start

    if not converged and convergence_interval is not None:
        print("Loss did not converge:", loss_history)
        raise ConvergenceWarning(
            f"Model {model.__class__.__name__} has not converged after the maximum number of {model.max_steps} steps."
        )

    return params


def get_batch(X, y, rnd_key, batch_size=32):
    ...


def get_from_dict(dict, key_list):
    return reduce(operator.getitem, key_list, dict)


def set_in_dict(dict, keys, value):
    for key in keys[:-1]:
        dict = dict.setdefault(key, {})
    dict[keys[-1]] = value


def get_nested_keys(d, parent_keys=[]):
    keys_list = []
    for key, value in d.items():
        current_keys = parent_keys + [key]
        if isinstance(value, dict):
            keys_list.extend(get_nested_keys(value, current_keys))
        else:
            keys_list.append(current_keys)
    return keys_list


def chunk_vmapped_fn(vmapped_fn, start, max_vmap):

    def chunked_fn(*args):
        batch_len = len(args[start])
        batch_slices = list(gen_batches(batch_len, max_vmap))
        res = [
            vmapped_fn(*args[:start], *[arg[slice] for arg in args[start:]])
            for slice in batch_slices
        ]
        # jnp.concatenate needs to act on arrays with the same shape, so pad the last array if necessary
        if batch_len / max_vmap % 1 != 0.0:
            diff = max_vmap - len(res[-1])
            res[-1] = jnp.pad(
                res[-1], [(0, diff), *[(0, 0)] * (len(res[-1].shape) - 1)]
            )
            return jnp.concatenate(res)[:-diff]
        else:
            return jnp.concatenate(res)

    return chunked_fn


def chunk_grad(grad_fn, max_vmap):

    def chunked_grad(params, X, y, key):
        batch_slices = list(gen_batches(len(X), max_vmap))
        grads = [grad_fn(params, X[slice], y[slice], key) for slice in batch_slices]
        grad_dict = {}
        for key_list in get_nested_keys(params):
            set_in_dict(
                grad_dict,
                key_list,
                jnp.mean(
                    jnp.array([get_from_dict(grad, key_list) for grad in grads]), axis=0
                ),
            )
        return grad_dict

    return chunked_grad


def chunk_loss(loss_fn, max_vmap):

    def chunked_loss(params, X, y, key):
        batch_slices = list(gen_batches(len(X), max_vmap))
        res = jnp.array(
            [loss_fn(params, *[X[slice], y[slice]], key) for slice in batch_slices]
        )
        return jnp.mean(res)

    return chunked_loss


def mmd_loss(
    ground_truth: np.ndarray, model_samples: np.ndarray, sigma: float
) -> float:

    n = len(ground_truth)
    m = len(model_samples)
    ground_truth = jnp.array(ground_truth)
    model_samples = jnp.array(model_samples)

    # K_pp
    K_pp = jnp.zeros((ground_truth.shape[0], ground_truth.shape[0]))

    def body_fun(i, val):
        def inner_body_fun(j, inner_val):
            return inner_val.at[i, j].set(
                gaussian_kernel(sigma, ground_truth[i], ground_truth[j])
            )

        return jax.lax.fori_loop(0, ground_truth.shape[0], inner_body_fun, val)

    K_pp = jax.lax.fori_loop(0, ground_truth.shape[0], body_fun, K_pp)
    sum_pp = jnp.sum(K_pp) - n

    # K_pq
    K_pq = jnp.zeros((ground_truth.shape[0], model_samples.shape[0]))

    def body_fun(i, val):
        def inner_body_fun(j, inner_val):
            return inner_val.at[i, j].set(
                gaussian_kernel(sigma, ground_truth[i], model_samples[j])
            )

        return jax.lax.fori_loop(0, model_samples.shape[0], inner_body_fun, val)

    K_pq = jax.lax.fori_loop(0, ground_truth.shape[0], body_fun, K_pq)
    sum_pq = jnp.sum(K_pq)

    # K_qq
    K_qq = jnp.zeros((model_samples.shape[0], model_samples.shape[0]))

    def body_fun(i, val):
        def inner_body_fun(j, inner_val):
            return inner_val.at[i, j].set(
                gaussian_kernel(sigma, model_samples[i], model_samples[j])
            )

        return jax.lax.fori_loop(0, model_samples.shape[0], inner_body_fun, val)

    K_qq = jax.lax.fori_loop(0, model_samples.shape[0], body_fun, K_qq)
    sum_qq = jnp.sum(K_qq) - m

    return 1 / n / (n - 1) * sum_pp - 2 / n / m * sum_pq + 1 / m / (m - 1) * sum_qq


def gaussian_kernel(sigma: float, x: np.ndarray, y: np.ndarray) -> float:
    return jnp.exp(-((x - y) ** 2).sum() / 2 / sigma)


def median_heuristic(X):
    m = len(X)
    X = np.array(X)
    med = np.median(
        [np.sqrt(np.sum((X[i] - X[j]) ** 2)) for i in range(m) for j in range(m)]
    )
    return med
