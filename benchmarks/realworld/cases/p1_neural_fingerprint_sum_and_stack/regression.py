# Source: https://github.com/HIPS/neural-fingerprint/blob/d26dae3a293a736261fee307b28b37e548c5f218/neuralfingerprint/build_convnet.py
# Title: HIPS/neural-fingerprint neuralfingerprint/build_convnet.py + examples/regression.py (Duvenaud et al., Convolutional Networks on Graphs)
# Cut: kept sum_and_stack, matmult_neighbors and the per-layer fingerprint loop; the weight-parser set-up
#      is passed in as arguments, build_vanilla_net's loss is inlined in regression.py, molecule parsing
#      and the MolGraph helpers are dropped, Python 2 prints removed.
import autograd.numpy as np
from autograd import grad

from build_convnet import build_convnet_fingerprint_fun


def build_loss(parser, array_rep_from_smiles, num_layers, L2_reg):
    fingerprint_func = build_convnet_fingerprint_fun(parser, array_rep_from_smiles, num_layers)

    def loss_fun(weights, smiles, targets):
        fingerprints = fingerprint_func(weights, smiles)
        preds = np.dot(fingerprints, parser.get(weights, 'net weights'))[:, 0]
        return np.mean((preds - targets) ** 2) + L2_reg * np.dot(weights, weights)

    return loss_fun


def train_nn(loss_fun, train_smiles, train_targets, init_weights, step_size, num_iters):
    # Build gradient using autograd.
    grad_fun = grad(loss_fun)
    weights = init_weights
    for it in range(num_iters):
        weights = weights - step_size * grad_fun(weights, train_smiles, train_targets)
    return weights
