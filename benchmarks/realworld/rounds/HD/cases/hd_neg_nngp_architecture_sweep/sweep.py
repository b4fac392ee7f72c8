# Source: https://github.com/ericmjl/essays-on-data-science/blob/0160c691049a6c77e3d81e5e4046e10ec592eae3/docs/machine-learning/nngp.ipynb
# Title: nngp.ipynb (neural network Gaussian processes with neural-tangents)
# Cut: cells 30, 49, 50 converted to a module (architecture sweep and per-activation uncertainty);
#      x_train, y_train, x_test, y_test and the `nonlinearities` dict come from earlier cells;
#      plotting calls dropped.
from itertools import product

import jax.numpy as np
from jax import vmap

from nngp_utils import compute_mean_std, make_inf_nn

NUM_LAYERS = [1, 10, 20]
NUM_HIDDEN = [1, 512, 4096]

for i, (n_layers, n_hidden) in enumerate(product(NUM_LAYERS, NUM_HIDDEN)):
    init_fn, apply_fn, kernel_fn = make_inf_nn(n_layers, n_hidden, nonlinearity=None)
    mean, std = compute_mean_std(kernel_fn, x_train, y_train, x_test)


def evaluate_uncertainty(mean: float, std: float, y_test: float):
    lt = y_test < mean + std * 3
    gt = y_test > mean - std * 3
    return np.logical_and(lt, gt)


results = dict()
for i, (name, nonlinearity) in enumerate(nonlinearities.items()):
    init_fn, apply_fn, kernel_fn = make_inf_nn(n_layers=1, n_hidden=1, nonlinearity=nonlinearity)
    mean, std = compute_mean_std(kernel_fn, x_train, y_train, x_test)
    result = vmap(evaluate_uncertainty)(mean, std, y_test)
    results[name] = result.squeeze()
