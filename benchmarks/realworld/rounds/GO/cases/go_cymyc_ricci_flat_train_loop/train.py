# Source: https://github.com/Justin-Tan/cymyc/blob/2039ea4349247317352e59d673444ad3865387fe/cymyc/approx/train.py
# Title: cymyc/approx/train.py (train a Ricci-flat metric approximation on a Calabi-Yau)
# Cut: kept the imports, create_train_state, the jitted train_step and the epoch/batch driver; argument parsing,
#      data loading, logging and the callback body are dropped and the driver is wrapped in train(...)

# Disables memory preallocation on shared machines !!
import os
os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"]="false"

import jax
import jax.numpy as jnp
import numpy as np

from jax import random
from jax import jit, vmap

import optax
import argparse, time, os

from tqdm import tqdm
from functools import partial
from collections import defaultdict

# Custom imports
from . import losses
from .. import alg_geo
from ..utils import gen_utils as utils
cpu_device = jax.devices('cpu')[0]

def create_train_state(rng, model, optimizer, data_dim):
    rng, init_rng = random.split(rng)
    params = model.init(rng, jnp.ones([1, data_dim]))['params']
    opt_state = optimizer.init(params)
    return params, opt_state, init_rng

@partial(jit, static_argnums=(3,4,5))
def train_step(data, params, opt_state, metric_fn, optimizer, kappa):
    loss, dloss_dw = jax.value_and_grad(losses.objective_function, argnums=1)(data, params, metric_fn, kappa)
    param_updates, opt_state = optimizer.update(dloss_dw, opt_state, params)
    params = optax.apply_updates(params, param_updates)
    return params, opt_state, loss


def train(config, model, optimizer, metric_fn, g_FS_fn, train_loader, val_loader, A_train, A_val,
          dataset_size, np_rng, init_rng, storage, logger, dataloading, callback):
    params, opt_state, init_rng = create_train_state(init_rng, model, optimizer, data_dim=config.n_ambient_coords * 2)
    t0 = time.time()
    for epoch in range(int(config.n_epochs)):

        if (config.periodic_eval is False) and (epoch % config.eval_interval == 0):
            val_loader, val_data = dataloading.get_validation_data(val_loader, config.eval_batch_size, A_val, np_rng)
            storage = callback(epoch, t0, 0, val_data, params, metric_fn, g_FS_fn, config, storage, logger, mode='VAL')

        if epoch > 0: 
            train_loader = dataloading.data_loader(A_train, config.batch_size, np_rng)

        wrapped_train_loader = tqdm(train_loader, desc=f'Epoch {epoch}', total=dataset_size//config.batch_size, 
                                    colour='green', mininterval=0.1)

        for t, data in enumerate(wrapped_train_loader):

            params, opt_state, loss = train_step(data, params, opt_state, metric_fn, optimizer, config.kappa)
            
            if config.periodic_eval is True:
                if t % config.eval_interval_t == 0:
                    val_loader, val_data = dataloading.get_validation_data(val_loader, config.eval_batch_size, A_val, np_rng)
                    storage = callback(epoch, t0, 0, val_data, params, metric_fn, g_FS_fn, config, storage, logger, mode='VAL')

            wrapped_train_loader.set_postfix_str(f"loss: {loss:.5f}", refresh=False)

        if epoch % config.save_interval == 0:
            utils.basic_ckpt(params, opt_state, config.name, f'{epoch}')

    utils.basic_ckpt(params, opt_state, config.name, 'FIN')
    utils.save_logs(storage, config.name, 'FIN')


    return params, opt_state, storage
