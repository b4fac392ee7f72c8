# Source: https://github.com/arpit-kapoor/hybrid-gr4j/blob/2bcacee8c576a5573ab222cb37d9c8a9c7c43fe1/scripts/train_hygr4j_flax.py
# Title: scripts/train_hygr4j_flax.py (training script for the hybrid GR4J model)
# Cut: kept imports, the argument defaults for batch/window size, create_train_state and the jitted train_step (jax.grad through HyGR4J.__call__); evaluation, plotting and data loading cut
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



# Create parser
parser = argparse.ArgumentParser(description="Train Hybrid GR4J model on CAMELS dataset")

parser.add_argument('--data-dir', type=str, default='/data/camels/aus/')
parser.add_argument('--sub-dir', type=str, required=True)
parser.add_argument('--station-id', type=str, default=None)
parser.add_argument('--run-dir', type=str, default='/project/results/hygr4j')
parser.add_argument('--batch-size', type=int, default=256)
parser.add_argument('--n-epoch', type=int, default=300)
parser.add_argument('--lr', type=float, default=1e-3)

parser.add_argument('--dropout', type=float, default=0.2)
parser.add_argument('--window-size', type=int, default=7)
parser.add_argument('--input-dim', type=int, default=10)
parser.add_argument('--hidden-dim', type=int, default=32)
parser.add_argument('--output-dim', type=int, default=1)
parser.add_argument('--lstm-dim', type=int, default=64)
parser.add_argument('--x1-init', type=float, default=0.6)
parser.add_argument('--s-init', type=float, default=0.0)



@struct.dataclass
class Metrics(metrics.Collection):
    loss: metrics.Average.from_output('loss')

class TrainState(train_state.TrainState):
    metrics: Metrics
    key: jax.random.KeyArray

def create_train_state(module, params_key, dropout_key,
                       lr, batch_size, n_features, weight_decay):
    """Creates an initial `TrainState`."""
    
    params = module.init({'params': params_key, 'dropout': dropout_key}, 
                     jax.random.normal(main_key, (batch_size, n_features)), 
                     jax.random.normal(main_key, (batch_size, 1)))['params']
    
    tx = optax.adamw(lr, b1=0.89, b2=0.97, weight_decay=weight_decay)

    return TrainState.create(apply_fn=module.apply, 
                             params=params, tx=tx,
                             key=dropout_key,
                             metrics=Metrics.empty())

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

