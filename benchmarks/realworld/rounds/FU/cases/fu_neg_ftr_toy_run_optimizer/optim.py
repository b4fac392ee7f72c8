# Source: https://github.com/XuchanBao/double-ftr/blob/42b521acbab00b1abe7bad1fe03d201486cf5bfc/toy_exps/toy/optim.py
# Title: toy_exps/toy/optim.py (toy two-player zero-sum games: GDA vs follow-the-ridge trajectories)
# Cut: verbatim (whole file is this function).
import autograd.numpy as np


def run_optimizer(func, x0, y0, lrx, lry, n_iter, optim_step):
    curr_x = x0
    curr_y = y0

    trajectory = [[curr_x, curr_y]]

    for itr_i in range(n_iter):
        delta_x, delta_y = optim_step(curr_x, curr_y, lrx, lry)

        curr_x -= delta_x
        curr_y -= delta_y

        trajectory.append([curr_x.item(), curr_y.item()])

    return np.array(trajectory)
