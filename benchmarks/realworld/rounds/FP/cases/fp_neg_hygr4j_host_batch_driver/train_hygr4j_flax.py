# Source: https://github.com/arpit-kapoor/hybrid-gr4j/blob/2bcacee8c576a5573ab222cb37d9c8a9c7c43fe1/scripts/train_hygr4j_flax.py
# Title: scripts/train_hygr4j_flax.py (training script for the hybrid GR4J model)
# Cut: kept imports, the jitted train_step/compute_metrics, the host-side evaluate() over the data loader and the epoch/batch driver loop in train_and_evaluate (which threads the GR4J store state from one batch to the next); dataset building, plotting and CLI cut
import argparse
import datetime as dt
import json
import os
import sys

import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import optax
import torch
import torch.utils.data as torchdata

from flax import linen as nn
from tqdm import tqdm
from clu import metrics
from flax.training import train_state
from flax import struct

sys.path.append('../')
from model.hybrid import HyGR4J

@jax.jit
def train_step(state, dropout_key, batch, targets):
    """Train for a single step."""
    
    def loss_fn(params):
        preds, s_store = state.apply_fn({'params': params}, batch, targets,
                                rngs={'dropout': dropout_key})
        loss = optax.l2_loss(preds, targets[args.window_size+1:]).mean()
        return loss
    
    grad_fn = jax.grad(loss_fn)
    grads = grad_fn(state.params)
    state = state.apply_gradients(grads=grads)
    
    return state

@jax.jit
def compute_metrics(*, state, dropout_key, batch, targets):
    
    preds, s_store = state.apply_fn({'params': state.params}, batch, targets,
                            rngs={'dropout': dropout_key})
    
    loss = optax.l2_loss(preds, targets[args.window_size+1:]).mean()
    
    metric_updates = state.metrics.single_from_model_output(loss=loss)
    metrics = state.metrics.merge(metric_updates)
    state = state.replace(metrics=metrics)
    
    return state, s_store


def evaluate(module, y_mu, y_sigma, dl, s_init, window_size,
             state=None, params=None):

    if params is None:
        if state is None:
            raise("No params provided!")
        params = state.params

    # Empty list to store batch-wise tensors
    P = []
    ET = []
    Q = []
    Q_hat = []

    module.training = False
    module.s_init = s_init

    for i, (X, y) in enumerate(dl, start=1):

        X = X.detach().numpy()
        y = y.detach().numpy()
        
        y_hat, s_store = module.apply({'params': params}, X, y)
        module.s_init = s_store/(params['_prod_store']['x1']*module.scale)

        P.append(X[window_size+1:, 0])
        ET.append(X[window_size+1:, 1])

        Q.append((y[window_size+1:]*y_sigma+y_mu))
        Q_hat.append((y_hat*y_sigma+y_mu))

    Q = np.concatenate(Q, axis=0)
    P = np.concatenate(P, axis=0)
    ET = np.concatenate(ET, axis=0)

def train_and_evaluate(train_ds, val_ds, 
                       params_key, dropout_key, 
                       station_id, n_epoch=100, 
                       batch_size=256, lr=0.001,
                       plot_dir='',
                       run_dir='/project/results/hygr4j',
                       **kwargs):
    

    pbar = tqdm(range(1, n_epoch+1))
    early_stopper = EarlyStopper(patience=5, min_delta=0.001)

    for epoch in pbar:

        hygr4j.s_init = kwargs['s_init']
        hygr4j.training = True

        # Train step
        for step, (batch, targets) in enumerate(train_dl):

            batch = batch.detach().numpy()
            targets = targets.detach().numpy()

            state = train_step(state, dropout_key, batch, targets)
            state, s_store_train = compute_metrics(state=state, 
                                                dropout_key=dropout_key,
                                                batch=batch, 
                                                targets=targets)
            hygr4j.s_init = s_store_train/(state.params['_prod_store']['x1']*hygr4j.scale)
        
        for metric, value in state.metrics.compute().items(): # compute metrics
            metrics_history[f'train_{metric}'].append(value) # record metrics
        state = state.replace(metrics=state.metrics.empty())

        # Validation step
        test_state = state
        hygr4j.s_init = kwargs['s_init']
        hygr4j.training = False
        for step, (batch, targets) in enumerate(val_dl):
            batch = batch.detach().numpy()
            targets = targets.detach().numpy()
            test_state, s_store_test = compute_metrics(state=test_state, 
                                                       dropout_key=dropout_key,
                                                       batch=batch, 
                                                       targets=targets)
            hygr4j.s_init = s_store_test/(test_state.params['_prod_store']['x1']*hygr4j.scale)

        for metric, value in test_state.metrics.compute().items():
            metrics_history[f'test_{metric}'].append(value)
        
        metrics_history['x1'].append(state.params['_prod_store']['x1'])
        
        pbar.set_description(f"""Epoch {epoch}/{n_epoch} loss: {metrics_history['train_loss'][-1]:.4f} val_loss: {metrics_history['test_loss'][-1]:.4f}""")

        if early_stopper.early_stop(metrics_history['test_loss'][-1]):
            break

