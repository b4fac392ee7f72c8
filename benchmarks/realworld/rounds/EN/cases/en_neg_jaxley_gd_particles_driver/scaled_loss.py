# Source: https://github.com/mackelab/jaxley_experiments/blob/5e7a86282adb9d4603b5546ac5d8dad59aec7cc0/nex/fig3_l5pc/notebooks/03_allen_fits/gradient_descent/run_gd.py
# Title: nex/fig3_l5pc/notebooks/03_allen_fits/gradient_descent/run_gd.py (get_scaled_loss)
# Cut: the soft-DTW loss factory, unchanged apart from imports.
import jax
import jax.numpy as jnp

from nex.allen_fits.loss_util import soft_dtw_distance, window_reduce


def get_scaled_loss(x_o, predict, cost_fn_power, **kwargs):
    gamma = 0.1

    x_o_red = window_reduce(x_o, jnp.max, stride=30, window_size=50)
    min_x = jnp.min(x_o_red)
    max_x = jnp.max(x_o_red)
    x_o_red = (x_o_red - min_x) / (max_x - min_x)

    def cost_fn(x, y):
        c = (jnp.abs(x - y)) ** cost_fn_power
        return c

    def penalty_fn(rows, cols):
        return jnp.abs((rows - cols) / x_o_red.shape[0])

    c1 = soft_dtw_distance(
        x_o_red, x_o_red, gamma=gamma, cost_fn=cost_fn, penalty_fn=penalty_fn
    )

    @jax.jit
    def loss_fn(x):
        x = window_reduce(x, jnp.max, stride=30, window_size=50)
        x = (x - min_x) / (max_x - min_x)
        l1 = soft_dtw_distance(
            x, x_o_red, gamma=gamma, cost_fn=cost_fn, penalty_fn=penalty_fn
        )
        l2 = soft_dtw_distance(
            x, x, gamma=gamma, cost_fn=cost_fn, penalty_fn=penalty_fn
        )
        return l1 - 0.5 * l2 - 0.5 * c1

    @jax.jit
    def scaled_loss(params, scale=0.05):
        x = predict(params)
        return loss_fn(x) / scale

    return scaled_loss
