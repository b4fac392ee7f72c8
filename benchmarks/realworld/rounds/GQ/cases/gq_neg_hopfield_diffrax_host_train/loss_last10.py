# Source: https://github.com/sofiyabogakovskaya/HopfieldAM/blob/b53787733c4f6127bd5f399a89775d30face4641/losses/loss_last10.py
# Title: HopfieldAM losses/loss_last10.py
# Cut: unused imports dropped
import jax.numpy as jnp
from jax import vmap
from jax.nn import log_softmax

from integrate import integrate

def loss_last10(model, x, y, dt, t1, N_classes):
    '''last ten elements loss'''
    x_T = integrate(model, x, dt, t1)[-N_classes:]
    log_proba = log_softmax(x_T)
    return -log_proba[y]

def batch_loss_last10(model, x, y, dt, t1, N_classes):
    return jnp.mean(vmap(loss_last10, in_axes=(None, 0, 0, None, None, None))(model, x, y, dt, t1, N_classes))
