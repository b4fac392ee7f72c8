# Source: https://github.com/clegaard/phd_thesis_supplemental_code/blob/f51e1b36d2c4060064deb6847a612cbeaf362c19/notebooks/notebook.ipynb
# Title: notebook.ipynb (PhD thesis supplemental code: simulation and scientific ML)
# Cut: run_parameter_estimation from cell 9, without the validation plots.
import jax.numpy as jnp
from jax import grad, jit, value_and_grad, vmap, random, tree_map
from tqdm import tqdm

from solver import f, solve_euler_scan


def run_parameter_estimation():
    h = 0.001
    t_train_start = 0.0
    t_train_end = h
    t_train = jnp.arange(t_train_start, t_train_end + h, h)
    t_validation_start = t_train_start
    t_validation_end = 4 * jnp.pi
    t_validation = jnp.arange(t_validation_start, t_validation_end + h, h)

    x0 = jnp.array((-0.5, 0.0))

    solve_euler_scan_grid = vmap(solve_euler_scan, (None, None, 0, None))

    res = 0.1

    θ_grid, ω_grid = jnp.meshgrid(
        jnp.arange(-jnp.pi, jnp.pi + res, res),
        jnp.arange(-jnp.pi, jnp.pi + res, res),
    )
    θ_grid = θ_grid.reshape(-1)
    ω_grid = ω_grid.reshape(-1)
    x0_grid = jnp.stack((θ_grid, ω_grid), axis=1)

    def update_grid(x_target, t, x0, params):
        def loss(params):
            y_predicted = solve_euler_scan_grid(f, t, x0, params)
            return jnp.linalg.norm(x_target - y_predicted)

        loss, grads = value_and_grad(loss)(params)

        params = tree_map(lambda p, g: p - lr * g, params, grads)
        return loss, params

    parameters_true = {"g": 1.0, "l": 1.0}
    parameters_estimated = {"g": 1.0, "l": 0.5}

    x_true_grid = solve_euler_scan_grid(f, t_train, x0_grid, parameters_true)

    n_epochs = 10000
    lr = 0.001  # learning rate
    losses = []

    update = jit(update_grid)

    for _ in tqdm(range(n_epochs)):
        value, parameters_estimated = update(
            x_true_grid, t_train, x0_grid, parameters_estimated
        )
        losses.append(value)

    x_true_validation = solve_euler_scan(f, t_validation, x0, parameters_true)
    x_predicted_validation = solve_euler_scan(f, t_validation, x0, parameters_estimated)
    return losses, x_true_validation, x_predicted_validation


run_parameter_estimation()
