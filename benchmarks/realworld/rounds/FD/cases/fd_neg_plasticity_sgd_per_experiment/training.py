# Source: https://github.com/ArseniyPelevin/RNN_plasticity_inference/blob/45167b0c2ed985d5a540daa7e151d27100540ae7/training.py
# Title: training.py (RNN_plasticity_inference: meta-learning synaptic plasticity rules)
# Cut: kept meta_learning_step and the epoch/experiment driver of training_loop;
#      logging and evaluation branches dropped.
import equinox as eqx
import jax

import losses

loss_value_and_grad = eqx.filter_value_and_grad(losses.loss, has_aux=True)

@eqx.filter_jit
def meta_learning_step(params, key, exp, plasticity,
                       cfg, optimizer, opt_state, returns=()):
    """ Compute gradients of one trajectory and update params. """
    (_loss, aux), grads = loss_value_and_grad(
        params,  # Current params on each iteration
        key,
        exp,
        plasticity,
        cfg,  # Static within losses
        returns
    )

    updates, opt_state = optimizer.update(grads, opt_state)
    params = eqx.apply_updates(params, updates)

    return params, opt_state, aux


def training_loop(key, params, plasticity, experiments,
                  num_epochs, optimizer, cfg, returns=(), last_epoch=0):
    """ Training loop for meta-learning: one optimiser step per experiment. """
    num_exps = len(experiments)

    # Presplit keys for initialization
    train_keys = jax.random.split(key, num_epochs * num_exps
                                  ).reshape((num_epochs, num_exps) + key.shape)

    if 'w_init_learned' not in params:  # Provided in continued learning
        # Initialize trainable weights by copying layers of exp.w_init_train
        params['w_init_learned'] = []
        for exp in experiments:
            params['w_init_learned'].append(
                {layer: exp.w_init_train[layer]
                for layer in cfg.training.trainable_init_weights})

    opt_state = optimizer.init(params)

    start_epoch = last_epoch + 1
    end_epoch = start_epoch + num_epochs

    for epoch in range(start_epoch, end_epoch):
        epoch_keys = train_keys[epoch - start_epoch]
        epoch_losses = []
        for exp_i, exp in enumerate(experiments):
            exp_key = epoch_keys[exp_i]

            params, opt_state, aux = meta_learning_step(
                params, exp_key, exp, plasticity, cfg, optimizer, opt_state,
                returns)

            epoch_losses.append(aux)

    return params
