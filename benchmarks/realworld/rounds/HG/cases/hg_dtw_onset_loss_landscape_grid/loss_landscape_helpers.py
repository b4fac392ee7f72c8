# Source: https://github.com/imilas/ddsp_loss_comparison/blob/f6c59a33ab56d60e2a13cdc43a7c4b911f70ae7f/helper_funcs/loss_landscape_helpers.py
# Title: helper_funcs/loss_landscape_helpers.py (commit "loss landscape plotting")
# Cut: kept loss_grad_grids; the matplotlib plotting helpers dropped.
import itertools
import numpy as np
import matplotlib.pyplot as plt
from matplotlib import cm
def loss_grad_grids(imitator_instrument_params,granularity_sizes,grad_fn):
    param_names = list(imitator_instrument_params["params"].keys())
    param_ranges = dict([[p,(-1,1)] for p in param_names])
    granularities = dict([[p,g] for p,g in zip(param_names,granularity_sizes)])

    # Create list of values for each param
    param_values = {
        k: np.linspace(param_ranges[k][0], param_ranges[k][1], granularities[k])
        for k in param_ranges
    }

    grids = np.meshgrid(*param_values.values(), indexing='ij')              # shape: [len(a), len(b), len(c)]
    combined = np.stack(grids, axis=-1)                      # shape: [len(a), len(b), len(c), n]

    # Create output array with same shape excluding last axis
    grid_losses = np.empty(combined.shape[:-1])
    grad_losses = np.empty(combined.shape)
    # Iterate and apply function
    it = np.nditer(grid_losses, flags=['multi_index'], op_flags=['writeonly'])
    while not it.finished:
        idx = it.multi_index
        value = combined[idx]  # e.g., [a_val, b_val]
        prg ={"params": dict([(p,g) for p,g  in zip(param_names,value)])}
        (it[0],_),g = grad_fn(prg)
        # print()
        grad_losses[idx] = list(g["params"].values())
        it.iternext()
    return grids, grid_losses,grad_losses
