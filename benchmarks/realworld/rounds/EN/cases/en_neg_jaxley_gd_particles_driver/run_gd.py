# Source: https://github.com/mackelab/jaxley_experiments/blob/5e7a86282adb9d4603b5546ac5d8dad59aec7cc0/nex/fig3_l5pc/notebooks/03_allen_fits/gradient_descent/run_gd.py
# Title: nex/fig3_l5pc/notebooks/03_allen_fits/gradient_descent/run_gd.py (Allen cell fits, 1000 particles)
# Cut: kept the vmapped value_and_grad over particles, the host epoch loop and the posthoc
#      summary-statistic comprehensions; dropped logging setup, saving and plots.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from copy import deepcopy

from nex.allen_fits.build_simulator import (
    get_bounds, setup_simulator, get_experimental_data, build_cell, set_setup,
    transform_uniform_to_normal,
)
from nex.allen_fits.posthoc_summary_stats import (
    find_spikes, spike_count, first_spike_time, second_spike_time, first_spike_amp,
    second_spike_amp,
)
from scaled_loss import get_scaled_loss


def main(seed, setup, observation, t_max, n_particles=1_000, steps=20, lr=0.001,
         momentum=0.0, cost_fn_power=1.0):
    set_setup(setup, t_max)
    cell = build_cell()
    t, x_o = get_experimental_data(t_max)
    simulate = setup_simulator(cell, t_max)
    x_o = x_o.astype(jnp.float64)
    _, lower, upper = get_bounds()
    transform_params, inv_transform_params = transform_uniform_to_normal(lower, upper)

    @jax.jit
    def predict(params):
        params_0 = inv_transform_params(params)
        return simulate(params_0)[0]

    scaled_loss = get_scaled_loss(x_o, predict, cost_fn_power)
    grad_fn = jax.jit(jax.vmap(jax.value_and_grad(scaled_loss)))

    rng_key = jax.random.PRNGKey(seed)
    init_rng_key, sampling_rng_key = jax.random.split(rng_key)

    # Sample 1000 initializations randomly.
    def sample_prior(key):
        u = jax.random.uniform(key, shape=lower.shape, minval=lower, maxval=upper)
        u = transform_params(u)
        return u

    opt_params = jax.vmap(sample_prior)(
        jax.random.split(init_rng_key, n_particles)
    )
    optimizer = optax.inject_hyperparams(optax.sgd)(
        learning_rate=100 * lr, momentum=momentum
    )
    opt_state = jax.vmap(optimizer.init)(opt_params)

    best_loss_per_chain = 1e10 * jnp.ones((n_particles))
    best_opt_params_per_chain = opt_params

    all_losses_each_chain = []

    for epoch in range(steps):
        loss_val, grad_val = grad_fn(opt_params)

        # Save best values per chain.
        condition = loss_val < best_loss_per_chain
        best_loss_per_chain = best_loss_per_chain.at[condition].set(loss_val[condition])
        best_opt_params_per_chain = best_opt_params_per_chain.at[condition].set(
            opt_params[condition]
        )
        all_losses_each_chain.append(deepcopy(best_loss_per_chain))

        grad_norms = jnp.sum(grad_val**2, axis=1) ** 0.5

        # Normalize the gradient to (almost exactly) unit length.
        beta = 0.99
        grad_val = (grad_val.T / (grad_norms**beta)).T
        opt_state.hyperparams["learning_rate"] = loss_val * lr
        updates, opt_state = jax.vmap(optimizer.update)(grad_val, opt_state)
        opt_params = jax.vmap(optax.apply_updates)(opt_params, updates)

    # posthoc analysis on host
    vmapped_predict = jax.vmap(predict)
    x_pred = vmapped_predict(best_opt_params_per_chain)
    thr = -20.0
    pred_spikes = jax.vmap(find_spikes, in_axes=(0, None, None, None))(
        x_pred, None, None, thr
    )

    pred_ss = {
        "spike_count": np.asarray([spike_count(p) for p in pred_spikes]),
        "first_spike_time": np.asarray([first_spike_time(p) for p in pred_spikes]),
        "second_spike_time": np.asarray([second_spike_time(p) for p in pred_spikes]),
        "first_spike_amp": np.asarray(
            [first_spike_amp(xp, p) for xp, p in zip(x_pred, pred_spikes)]
        ),
        "second_spike_amp": np.asarray(
            [second_spike_amp(xp, p) for xp, p in zip(x_pred, pred_spikes)]
        ),
    }
    return best_opt_params_per_chain, pred_ss
