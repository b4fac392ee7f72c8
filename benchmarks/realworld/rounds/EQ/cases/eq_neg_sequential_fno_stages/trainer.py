# Source: https://github.com/andrinr/IC-prediction/blob/784527e401e199d98a19390ba000e97d37e2bdc8/src/nn/trainer.py
# Title: src/nn/trainer.py (prediction_loss: vmapped model over the batch, differentiated in training)
# Cut: only mse/total_loss/prediction_loss kept.
import jax.numpy as jnp
import jax
import optax
import equinox as eqx
from functools import partial

@partial(jax.jit)
def mse(prediction : jax.Array, truth : jax.Array):
    return jnp.mean((prediction - truth) ** 2)


@partial(jax.jit, static_argnums=[3])
def total_loss(
    prediction : jax.Array, 
    truth : jax.Array,
    attributes : jax.Array,
    single_state_loss : bool):
    
    #pl = 0.001 * power_loss(prediction, truth, attributes)

    if single_state_loss:
        mse_loss = mse(truth[:, -1], prediction[:, -1])
    else:
        mse_loss = mse(truth, prediction)

    return  mse_loss# + pl

@partial(jax.jit, static_argnums=[1, 4, 5, 6])
def prediction_loss(
        model_params : list,
        model_static : eqx.Module,
        sequence : jax.Array,
        attributes : jax.Array,
        sequential_mode : bool,
        add_potential : bool,
        single_state_loss : bool):
    
    """
    Prediction and MSE error. 

    shape of sequence:
    [Batch, Frames, Channels, Depth, Height, Width]
    """
    model = eqx.combine(model_params, model_static)
    model_fn = lambda x, y : model(x, y, sequential_mode, add_potential)
    pred = jax.vmap(model_fn)(sequence, attributes)

    loss = total_loss(pred, sequence[:, 1:], attributes[:, 1:], single_state_loss)

    return loss, pred
