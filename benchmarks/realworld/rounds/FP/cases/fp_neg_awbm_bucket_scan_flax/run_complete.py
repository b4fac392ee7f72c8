# Source: https://github.com/arpit-kapoor/flax-hybridization/blob/6b8866dd0e8d541175ceece3ce9c91713b95cb06/run_complete.ipynb
# Title: run_complete.ipynb (training the AWBM and hybrid AWBM flax models on rainfall-runoff data)
# Cut: code cells 2-26 converted to a script (data, AWBM module, train state, jitted train_step, host epoch loop); metrics plots, evaluation and the hybrid-model cells cut

# --- cell 2 ---
# Utility packages
import os
import pandas as pd
import matplotlib.pyplot as plt

from typing import Tuple

import jax
import jax.numpy as jnp                # For numpy operations in jax
import optax                           # Optimization package for jax

from tqdm import tqdm                  # To print progress bar

from flax import linen as nn
from clu import metrics                # To keep track of training metrics
from flax.training import train_state  # Useful dataclass to keep train state
from flax import struct                # Flax dataclasses


# --- cell 4 ---
raw_data = pd.read_csv(
    os.path.join(
        'project', 'data', 'rr_Data.csv'
    ), index_col=0, parse_dates=True
)
raw_data.head()  # notebook display

# --- cell 6 ---
prec = jnp.array(raw_data['prec'].values) # precipitation
etp = jnp.array(raw_data['etp'].values) # evaporation
q_obs = jnp.array(raw_data['qobs'].values).reshape(-1, 1) # observed discharge
q_date = raw_data.index.values # date

# --- cell 9 ---
covariates = jnp.stack([prec,etp], axis=1)
targets = q_obs

# --- cell 10 ---
# Key Generators
root_key = jax.random.PRNGKey(seed=1)
main_key, params_key = jax.random.split(key=root_key, num=2)

# --- cell 12 ---
from model.awbm import SimpleAWBM

awbm = SimpleAWBM(
    S_init=10.0,
    B_init=10.0
)

# --- cell 14 ---
@struct.dataclass
class Metrics(metrics.Collection):
    """Define metrics to track during training"""
    loss: metrics.Average.from_output('loss')
    nse: metrics.Average.from_output('nse')

# --- cell 16 ---
class TrainState(train_state.TrainState):
    """Train state stores the current state of model parameter and optimizer
       We also store the current metrics and random number generator keys
    """
    metrics: Metrics
    key: jax.random.KeyArray

def create_train_state(module: nn.Module, main_key, params_key, lr, n_features):
    """Creates an initial `TrainState`."""

    # TODO: Initialise model parameters
    params = module.init({'params': params_key},
                         jnp.ones((1, n_features)))['params']

    # TODO: Create optimizer instance
    tx = optax.adam(lr, b1=0.89, b2=0.97)

    # TODO: Create TrainState instance
    train_state = TrainState.create(apply_fn=module.apply,
                                    params=params, tx=tx,
                                    key=main_key,
                                    metrics=Metrics.empty())

    return train_state


# --- cell 17 ---
model_state = create_train_state(awbm, 
                                 main_key=main_key, 
                                 params_key=params_key, 
                                 lr=1e-2,
                                 n_features=covariates.shape[-1])

model_state.params

# --- cell 19 ---
@jax.jit
def train_step(state, batch, targets):
    """Train for a single step."""
    
    def loss_fn(params):
        # TODO: Define the function to compute MSE loss
        preds = state.apply_fn({'params': params}, batch)
        loss = optax.l2_loss(preds, targets).mean()
        return loss
    
    # Function to compute gradients of the loss_fn
    grad_fn = jax.grad(loss_fn)

    # TODO: Compute and apply gradient to the train state
    grads = grad_fn(state.params)
    state = state.apply_gradients(grads=grads)
    
    return state

# --- cell 23 ---
def train(state: TrainState, 
          covariates: jnp.ndarray, 
          targets: jnp.ndarray, 
          n_epoch: int):
    """Train function for training Flax modules"""
    
    # Progress bar to monitor training progress
    pbar = tqdm(range(1, n_epoch+1))

    # Dictionary to store training metrics at each epoch
    metrics_history = {'loss': [], 'nse': []}

    # Train Module
    for epoch in pbar:

        # Take one training step
        state = train_step(state, covariates, targets)

        # Compute metrics and update state
        state = compute_metrics(state=state, batch=covariates, targets=targets)
        
        # Store metrics
        for metric, value in state.metrics.compute().items():
            metrics_history[metric].append(value)
        
        # Reset metrics of the state
        state = state.replace(metrics=state.metrics.empty())

        # Print progress
        pbar.set_description(f"""Epoch {epoch}/{n_epoch} loss: {metrics_history['loss'][-1]:.4f} NSE: {metrics_history['nse'][-1]:.4f}""")

    return state, metrics_history


# --- cell 26 ---
trained_state, metrics_history = train(model_state, 
                                       covariates, targets, 
                                       n_epoch=150)
