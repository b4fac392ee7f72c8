# Source: https://github.com/clegaard/phd_thesis_supplemental_code/blob/f51e1b36d2c4060064deb6847a612cbeaf362c19/notebooks/notebook.ipynb
# Title: notebook.ipynb (PhD thesis supplemental code: simulation and scientific ML)
# Cut: from cell 9 the scan-based Euler solver and the pendulum vector field; the Python-list
#      solver variant defined next to it (never called) is left out.
import jax.numpy as jnp
from jax.lax import scan


def solve_euler_scan(f, t, y0, *args, **kwargs):
    step_sizes = t[1:] - t[:-1]

    def f_scan(y_cur, t_and_step):
        t, step_size = t_and_step
        dydt = f(t, y_cur, *args)
        y_new = y_cur + step_size * dydt
        return y_new, y_new

    _, Y = scan(f_scan, init=y0, xs=(t[1:], step_sizes))
    Y = jnp.concatenate((y0.reshape(-1, 1), Y.T), axis=1)
    return Y


def f(t, x, params):
    θ, ω = x
    dθdt = ω
    dωdt = -params["g"] / params["l"] * jnp.sin(θ)
    return jnp.array((dθdt, dωdt))
