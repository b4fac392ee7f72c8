# Source: https://github.com/birdflow-science/BirdFlowPy/blob/43a7840d9a6ce9be4cefdf7ed99421f906b91adf/run_model.py
# Title: BirdFlowPy run_model.py (training driver)
# Cut: kept imports and the block that builds the distance matrix, jits the loss with partial and trains; argparse and data loading cut, `args`/`dtuple`/`true_densities` come from the cut part

from flow_model import FlowModel, model_forward, shift_density, gen_samples
from flow_model_training import Datatuple, process_data, gen_d_matrix, loss_fn, train_model

import os
import pickle
import json
import argparse
from functools import partial

import optax
import haiku as hk
import jax.numpy as jnp
from jax import jit

# Generate the distance Matrix
d_matrix = gen_d_matrix(dtuple.x_dim, dtuple.y_dim, dtuple.nan_mask)
d_matrix = d_matrix ** args.dist_pow

# Get the random seed and optimizer
key = hk.PRNGSequence(args.rng_seed)
optimizer = optax.adam(args.learning_rate)

# Instantiate loss function
loss_fn = jit(partial(loss_fn, 
                      true_densities=true_densities, 
                      d_matrix=d_matrix, 
                      obs_weight=args.obs_weight, 
                      dist_weight=args.dist_weight,
                      ent_weight=args.ent_weight))

# Run Training and get params and losses
params, loss_dict = train_model(loss_fn,
                                optimizer,
                                args.training_steps,
                                dtuple.cells,
                                dtuple.weeks,
                                key)
