# Source: https://github.com/cor3bit/somax/blob/61a2faa39ecc539419b3de702a6f22f1ae00f7f2/benchmarks/fast_egn_example.py
# Title: benchmarks/fast_egn_example.py (Designing a classification loss function for second-order stochastic optimization)
# Cut: kept the FastEGN branch of create_solver and the jit of solver.update; baselines, CLI and plotting dropped;
#      predict_fn passed as an argument instead of a module global; FastEGN imported from the sibling module.
import jax
from jax.tree_util import tree_map

from fast_egn import FastEGN


def create_solver(
        solver_type,
        solver_config,
        w_params,
        X_train,
        y_train,
        n_classes,
        predict_fn,
):
    opt_params = tree_map(lambda x: x, w_params)

    b, lr, reg, ls, al, m = solver_config

    solver = FastEGN(
        predict_fun=predict_fn,
        loss_type='ce',
        learning_rate=lr,
        regularizer=reg,
        line_search=ls,
        adaptive_lambda=al,
        momentum=m,
        batch_size=b,
    )
    opt_state = solver.init_state(opt_params)

    update_fn = jax.jit(solver.update)

    return update_fn, opt_params, opt_state
