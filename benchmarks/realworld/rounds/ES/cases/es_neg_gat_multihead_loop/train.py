# Source: https://github.com/gcucurull/jax-gat/blob/4d48e2b4c7d65e7f4ee9ece094afc48cc78a8268/train.py
# Title: train.py
# Cut: jitted loss and update kept; argparse, data loading and evaluation prints removed; nheads=[8, 1] as in the script.
import argparse
import time

import jax
import jax.numpy as np
from jax import jit, grad, random
from jax.experimental import optimizers

from utils import load_data
from models import GAT

@jit
def loss(params, batch):
    """
    The idxes of the batch indicate which nodes are used to compute the loss.
    """
    inputs, targets, adj, is_training, rng, idx = batch
    preds = predict_fun(params, inputs, adj, is_training=is_training, rng=rng)
    ce_loss = -np.mean(np.sum(preds[idx] * targets[idx], axis=1))
    l2_loss = 5e-4 * optimizers.l2_norm(params)**2 # tf doesn't use sqrt
    return ce_loss + l2_loss




if __name__ == "__main__":
    adj, features, labels, idx_train, idx_val, idx_test = load_data()
    rng_key = random.PRNGKey(0)
    n_nodes = adj.shape[0]
    n_feats = features.shape[1]

    # GAT params
    nheads = [8, 1]
    nhid = [8]
    dropout = 0.5 # probability of keeping
    residual = False

    init_fun, predict_fun = GAT(nheads=nheads,
                                nhid=nhid,
                                nclass=labels.shape[1],
                                dropout=dropout,
                                residual=residual)

    input_shape = (-1, n_nodes, n_feats)
    rng_key, init_key = random.split(rng_key)
    _, init_params = init_fun(init_key, input_shape)

    opt_init, opt_update, get_params = optimizers.adam(0.005)

    @jit
    def update(i, opt_state, batch):
        params = get_params(opt_state)
        return opt_update(i, grad(loss)(params, batch), opt_state)

    opt_state = opt_init(init_params)
    for epoch in range(400):
        batch = (features, labels, adj, True, rng_key, idx_train)
        opt_state = update(epoch, opt_state, batch)
        rng_key, _ = random.split(rng_key)
