# Source: https://github.com/yolky/RCIG/blob/a9fb1fa464972d50be844c5923eb6e9b79c8f960/algorithms.py
# Title: algorithms.py (RCIG dataset distillation)
# Cut: kept imports, get_training_loss_l2, do_training_steps and do_training_step; the krr branch helper is referenced but not shown


import jax
import jax.numpy as jnp
import numpy as np
from flax.training import train_state, checkpoints
import ml_collections
import flax.linen as nn
from typing import Any, Callable, Sequence, Tuple
import jax.scipy as jsp
import functools
import flax
import optax
import utils
import time
from augmax import get_aug_by_name


def identity(key, x):
    return x


@functools.partial(jax.jit, static_argnames=('train', 'has_bn', 'use_base_params', 'centering'))
def get_training_loss_l2(params, images, labels, net_train_state, l2 = 0., train = False, has_bn = False, batch_stats = None, use_base_params = False, centering = False, init_params = None, init_batch_params = None):
    if has_bn:
        variables = {'params': params, 'batch_stats': batch_stats}
    else:
        variables = {'params': params}


    mutable = ['batch_stats'] if train else []

    if centering:
        if has_bn:
            init_variables = {'params': init_params, 'batch_stats': init_batch_params}
        else:
            init_variables = {'params': init_params}

    if use_base_params:
        outputs, new_batch_stats = net_train_state.apply_fn(variables, images, train = train, mutable=mutable, use_base_params = use_base_params)
        
    else:
        outputs, new_batch_stats = net_train_state.apply_fn(variables, images, train = train, mutable=mutable)
        if centering:
            outputs_init, _ = net_train_state.apply_fn(init_variables, images, train = train, mutable=mutable)

            outputs = outputs - outputs_init

    loss = jnp.sum(0.5 * (outputs - labels)**2)
    
    if type(l2) is dict:
        loss += 0.5 * l2['body'] * get_dot_product(params, params)
    else:
        if 'base_params' in params:
            loss += 0.5 * l2 * get_dot_product(params['tangent_params'], params['tangent_params'])
        else:
            loss += 0.5 * l2 * get_dot_product(params, params)


    acc = jnp.mean(outputs.argmax(1) == labels.argmax(1))
    n_correct = jnp.sum(outputs.argmax(1) == labels.argmax(1))
    
    loss = loss/(labels.shape[0] * labels.shape[1])

    if has_bn and train:
        new_batch_stats = new_batch_stats['batch_stats']

    return loss, [new_batch_stats, acc, n_correct]

@functools.partial(jax.jit, static_argnames=('has_bn', 'train', 'update_ema', 'aug', 'use_base_params', 'do_krr', 'centering', 'max_batch_size', 'batch_size', 'alg_config'))
def do_training_steps(train_state, training_batch, key, n_steps = 100, l2 = 0., has_bn = False, train = True, update_ema = False, ema_decay = 0.995, aug = identity, training_batch2 = None, use_base_params = False, do_krr = False, centering = False, init_params = None, init_batch_params = None, batch_size = None, max_batch_size = None, inject_lr = None, alg_config = None):
    losses = jnp.zeros(1000)

    if inject_lr is not None:
        if not alg_config.naive_loss:
            train_state = train_state.replace(tx = optax.chain(
            optax.masked(optax.adam(learning_rate=inject_lr), {'base_params': False,  'tangent_params': get_tree_mask(model_depth = alg_config.model_depth, has_bn = has_bn, learn_final = alg_config.naive_loss)}),
            optax.masked(optax.adam(learning_rate=alg_config.pool_learning_rate), {'base_params': True,  'tangent_params': False})))
        else:
            train_state = train_state.replace(tx = optax.adam(learning_rate=inject_lr))
    
    
    def body_fn(i, val):
        train_state, losses, key = val
        
        if do_krr:
            aug_images = aug(key, training_batch['images'])
            batch_labels = training_batch['labels']

            if batch_size is None:
                grad_indices = None
            else:
                grad_indices = jax.random.choice(key, aug_images.shape[0], shape = [batch_size], replace = False)

            new_train_state, loss = do_training_step_krr(train_state, {'images': aug_images, 'labels': batch_labels}, l2 = l2, has_bn = has_bn, train = train, update_ema = update_ema, ema_decay = ema_decay, grad_indices = grad_indices, max_forward_batch_size = alg_config.max_forward_batch_size, use_x64 = alg_config.use_x64)
        else:
            if batch_size is None:
                aug_images = aug(key, training_batch['images'])
                batch_labels = training_batch['labels']
            else:
                key, aug_key, batch_key = jax.random.split(key, 3)
                batch_indices = jax.random.choice(batch_key, max_batch_size, shape = [batch_size], replace = False)
                aug_images = aug(aug_key, training_batch['images'][batch_indices])
                batch_labels = training_batch['labels'][batch_indices]

            new_train_state, loss = do_training_step(train_state, {'images': aug_images, 'labels': batch_labels}, l2 = l2, has_bn = has_bn, train = train, update_ema = update_ema, ema_decay = ema_decay, use_base_params = use_base_params, centering = centering, init_params = init_params, init_batch_params = init_batch_params)
        
        new_losses = losses.at[i].set(loss)
        key = jax.random.split(key)[0]
        
        return new_train_state, new_losses, key
    
    train_state, losses, _ = jax.lax.fori_loop(0, n_steps, body_fn, (train_state, losses, key))
    
    return train_state, losses



@functools.partial(jax.jit, static_argnames=('has_bn', 'train', 'update_ema', 'use_base_params', 'centering'))
def do_training_step(train_state, training_batch, l2 = 0., has_bn = False, train = True, update_ema = False, ema_decay = 0.995, use_base_params = False, centering = False, init_params = None, init_batch_params = None):
    images = training_batch['images']
    labels = training_batch['labels']
    
    if has_bn:
        batch_stats = train_state.batch_stats
    else:
        batch_stats = None
        
    (loss, (new_batch_stats, acc, _)), grad = jax.value_and_grad(get_training_loss_l2, argnums = 0, has_aux = True)(train_state.params, images, labels, train_state, l2 = l2, train = train, has_bn = has_bn, batch_stats = batch_stats, use_base_params = use_base_params, centering = centering, init_params = init_params, init_batch_params = init_batch_params)
    
        
    if has_bn:
        new_state = train_state.apply_gradients(grads = grad, batch_stats = new_batch_stats, train_it = train_state.train_it + 1)
    else:
        new_state = train_state.apply_gradients(grads = grad, train_it = train_state.train_it + 1)
    
    if update_ema:
        new_ema_hidden, new_ema_average = get_updated_ema(new_state.params, new_state.ema_hidden, ema_decay, new_state.train_it, order = 1)
        new_state = new_state.replace(ema_average = new_ema_average, ema_hidden = new_ema_hidden)
    
    return new_state, loss
