# Source: https://github.com/lindermanlab/nm-rnn/blob/1a811e818a87c7bd115167b8366b115913a43fed/nmrnn/fitting.py
# Title: nmrnn/fitting.py (fit_mwg_lr_rnn)
# Cut: kept one fitting routine (stochastic minibatches, lax.scan over 1000 optimiser steps,
#      host loop over chunks for logging); dropped the other fitting routines and wandb plots.
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import grad, vmap, jit
from jax import lax
import optax

from rnn_code import batched_lr_rnn_loss


def fit_mwg_lr_rnn(inputs, targets, loss_masks, params, optimizer, x0, num_iters, tau,
                   wandb_log=False, orth_u=True, batch=False, batch_size=100, keyind=13): # training on full set of data
    opt_state = optimizer.init(params)
    N_data = inputs.shape[0]
    key = jr.PRNGKey(keyind)

    @jit
    def _step(params_and_opt, input):
        (params, opt_state, key) = params_and_opt
        if batch:
            key, _ = jr.split(key, 2)
            batch_inds = jr.choice(key, jnp.arange(N_data), shape=(batch_size,))
            batch_inputs = inputs[batch_inds]
            batch_targets = targets[batch_inds]
            batch_masks = loss_masks[batch_inds]
        else:
            batch_inputs = inputs
            batch_targets = targets
            batch_masks = loss_masks
        loss_value, grads = jax.value_and_grad(batched_lr_rnn_loss)(params, x0, batch_inputs, tau, batch_targets, batch_masks, orth_u=orth_u)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state, key), (params, loss_value)

    losses = []

    best_loss = 1e6
    best_params = params
    for n in range(num_iters//1000):
        (params,_,_), (_, loss_values) = lax.scan(_step, (params, opt_state, key), None, length=1000) #arange bc the inputs aren't changing
        losses.append(loss_values)
        if loss_values[-1] < best_loss:
            best_params = params
            best_loss = loss_values[-1]
        print(f'step {(n+1)*1000}, loss: {loss_values[-1]}')

    return best_params, losses
