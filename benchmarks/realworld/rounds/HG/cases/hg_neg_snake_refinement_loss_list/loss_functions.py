# Source: https://github.com/khdlr/deep-acm/blob/ad75ed7f2ef8b6599a37d45021f2f4d17c484edc/loss_functions.py
# Title: loss_functions.py (commit "Fix code to run on the latest package versions")
# Cut: kept call_loss and l2_loss; the DTW classes and the other losses dropped.
import jax
import jax.numpy as jnp
from inspect import signature


def call_loss(loss_fn, prediction, mask, snake, key='loss'):
    sig = signature(loss_fn)
    args = {}
    if 'snake' in sig.parameters:
        args['snake'] = snake
    if 'mask' in sig.parameters:
        args['mask'] = mask

    loss_terms = {}
    if isinstance(prediction, list):
        for i, pred in enumerate(prediction, 1):
            loss_terms[f'{key}_{i}'] = jnp.mean(jax.vmap(loss_fn)(prediction=pred, **args))
    else:
        loss_terms[key] = jnp.mean(jax.vmap(loss_fn)(prediction=prediction, **args))

    return loss_terms


def l2_loss(prediction, snake):
    if prediction.shape[0] < snake.shape[0]:
        prediction = jax.image.resize(prediction, snake.shape, 'linear')
    elif snake.shape[0] < prediction.shape[0]:
        snake = jax.image.resize(snake, prediction.shape, 'linear')
    loss = jnp.sum(jnp.square(prediction - snake), axis=-1)
    loss = jnp.mean(loss)
    return loss
