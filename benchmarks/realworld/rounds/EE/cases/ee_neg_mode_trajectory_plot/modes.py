# Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/notebooks-and-scripts/modes.py
# Title: notebooks-and-scripts/modes.py (act65/flow)
# Cut: kept the plotting helper that integrates the mode path on the host, and the part of
#      main() that builds the jitted p/v grids it is given; GMM setup and saving cut.
import jax.numpy as jnp
from jax import vmap, jit
import matplotlib.pyplot as plt
from functools import partial

from sinterp.exact_si_gmm import construct_p_b_s
from sinterp.interpolants import get_interp
from sinterp.utils import wrap_plot, plot_sf, get_v


def plot_sf_and_mode_trajectory(z, t, a, b, p, v):
    """
    Plots the scalar field p(z, t) and overlays the trajectory of the mode.
    """
    # First, plot the background probability density heatmap
    plot_sf(z, t, a, b, p)

    # --- Calculate the mode trajectory ---
    # 1. Find the mode of the initial distribution p(z, t=0)
    z_fine_grid = jnp.linspace(a, b, 4000)
    p_at_t0 = p(z_fine_grid[:, None], jnp.array([0.0])).flatten()
    initial_mode_idx = jnp.argmax(p_at_t0)
    initial_mode = z_fine_grid[initial_mode_idx]

    # 2. Numerically integrate the velocity field v(z, t)
    dt = t[1] - t[0]
    mode_path = [initial_mode]
    current_z = initial_mode

    for i in range(len(t) - 1):
        current_t = t[i]
        # The vmapped 'v' expects inputs like (1, 1) and returns (1, 1, 1)
        velocity = v(jnp.array([[current_z]]), jnp.array([[current_t]]))[0, 0, 0]
        current_z = current_z + velocity * dt
        mode_path.append(current_z)

    # 3. Plot the calculated trajectory
    plt.plot(mode_path, t, color='white', linestyle='--', linewidth=2.0, label='Mode Trajectory')
    plt.legend()


def main(px, py, mxs, mys, cxs, cys, wxs, wys, interp_name="LinearDeterministic"):
    A = -10
    B = 10
    N = 200

    interp = get_interp(interp_name)
    p, b, s = construct_p_b_s(interp, mxs, mys, cxs, cys, wxs, wys)
    v = get_v(b, s, interp)

    # --- JIT-compile the functions for performance ---
    p_jit = jit(vmap(vmap(p, in_axes=(None, 0)), in_axes=(0, None)))
    v_jit = jit(vmap(vmap(v, in_axes=(None, 0)), in_axes=(0, None)))

    plot_fn = partial(plot_sf_and_mode_trajectory, p=p_jit, v=v_jit)
    wrap_plot(plot_fn, A, B, N, px, py)
