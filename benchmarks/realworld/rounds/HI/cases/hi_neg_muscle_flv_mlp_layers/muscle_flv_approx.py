# Source: https://github.com/mlprt/feedbax/blob/85bb7784459c488e57b4af171a8807832132c6fa/notebooks/scripts/5_muscle_flv_approx.py
# Title: notebooks/scripts/5_muscle_flv_approx.py (fitting a muscle force-length-velocity surface with a small MLP)
# Cut: kept the imports, the batch generator and the plain-JAX network section (init, model with a
#      loop over layers, vmap, loss, jitted optax step, training loop); dropped the Todorov-Li and
#      Lillicrap-Scott tension functions (tension_from_lv_lt2004, l_range, v_range, grid_l, grid_v
#      are defined there), all plots and the equinox section.
# %%
import math
from pathlib import Path

import diffrax as dfx
import equinox as eqx
import jax
import jax.lax as lax
import jax.numpy as jnp 
import jax.random as jrandom
import jaxopt
from jaxtyping import Float, Array
import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import optax 
import seaborn as sns
from tqdm import tqdm

from feedbax.networks import SimpleNet
from feedbax.utils import normalize

# %%
# data generation
tension_fn = tension_from_lv_lt2004

tension_max = jnp.max(tension_fn(grid_l, grid_v))
flv = lambda l, v: tension_fn(l, v) / tension_max
tension_exact = flv(grid_l, grid_v).squeeze()

eval_input = jnp.stack([grid_l, grid_v], axis=-1).reshape((-1, 2))
eval_input_norm = normalize(eval_input, min=-1, max=1)[0]

def rand_range(lo, hi, size, key):
    """Helper to generate random numbers in a range using"""
    return (hi - lo) * jrandom.uniform(key, size) + lo

def get_batch(tension_fn, batch_size, key):
    """This is specific to the type of function we're fitting"""""
    l_key, v_key = jrandom.split(key)
    inputs = jnp.stack([
        rand_range(*l_range, (batch_size,), l_key),
        rand_range(*v_range, (batch_size,), v_key),
    ], axis=1)
    targets = tension_fn(*inputs.T)
    return inputs, targets

def get_batch1D(tension_fn, batch_size, key):
    """This is specific to the type of function we're fitting"""""

# #### Simple network in plain JAX

# %%
layer_sizes = [2, 5, 1]
learning_rate = 1e-2
n_batches = 15000
batch_size = 2000


# %%
# functions to generate network parameters

def random_layer_params(m, n, key, scale=1.):
    w_key, b_key = jrandom.split(key)
    stdv = 1. / jnp.sqrt(m)
    w = jrandom.uniform(w_key, (n, m), minval=-stdv, maxval=stdv)
    b = jrandom.uniform(b_key, (n,), minval=-stdv, maxval=stdv)
    return scale * w, scale * b
    #return scale * jrandom.normal(w_key, (n, m)), scale * jrandom.normal(b_key, (n,))

def init_network_params(sizes, key):
    keys = jrandom.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


# %%
# network algorithm

def model(params, input):
    activations = input
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = jax.nn.sigmoid(outputs)
        #activations = jnp.tanh(outputs)
        #activations = jnp.maximum(0, outputs)  # relu
    
    final_w, final_b = params[-1]
    outputs = jnp.dot(final_w, activations) + final_b
    return outputs  

batched_model = jax.vmap(model, in_axes=(None, 0))


# %%
# loss and learning rule

def loss_fn(params, inputs, targets):
    preds = batched_model(params, inputs)
    return jnp.mean((preds.squeeze() - targets) ** 2)

# #! was using this prior to switching to optax
# @jax.jit
# def step(params, opt_state, x, y):
#     loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
#     return loss, [(w - learning_rate * dw, b - learning_rate * db) 
#                   for (w, b), (dw, db) in zip(params, grads)], opt_state

# schedule = optax.linear_schedule(1e-5, 1e-2, 1000)

optimizer = optax.chain(
    #optax.clip(1.0),  # gradient clipping
    optax.radam(learning_rate=learning_rate),  # ADAM with weight decay
)

@jax.jit
def step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return loss, params, opt_state


# %%
# initialize network and train on randomly-generated batches

key = jrandom.PRNGKey(0)

params = init_network_params(layer_sizes, jrandom.PRNGKey(0))
params_init = params

opt_state = optimizer.init(params)
losses = []

for batch in tqdm(range(n_batches)):
    x, y = get_batch(flv, batch_size, key)
    x, = normalize(x, min=-1, max=1)
    loss, params, opt_state = step(params, opt_state, x, y)
    losses.append(loss)
    _, key = jrandom.split(key)
