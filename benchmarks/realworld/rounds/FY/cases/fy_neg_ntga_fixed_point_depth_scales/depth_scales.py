# Source: https://github.com/duckhanson/ntga/blob/833ae7023c111b3c5c46b9d8fb5037410ce3c0c6/plot_learning_dynamics.py
# Title: plot_learning_dynamics.py (critical-line computation)
# Cut: kept the chi maps built from grad(c_map), the host-side split of the 40-point weight-variance
#      sweep and the vmapped depth scales, wrapped in a function; dataset loading, the
#      prediction-over-time experiment and plotting are dropped.
from functools import partial
import jax.numpy as np
from jax import grad

from utils_jax import qc_map, fixed_point, xi_1, xi_star


def depth_scales():
    c_map = lambda W_var, b_var: qc_map(W_var, b_var)[1]
    q_map = lambda W_var, b_var: qc_map(W_var, b_var)[0]
    q_star = lambda W_var, b_var: fixed_point(q_map(W_var, b_var), 1., 1e-7)
    c_star = lambda W_var, b_var: fixed_point(c_map(W_var, b_var), 0.5, 1e-7)
    chi = lambda c, W_var, b_var: grad(c_map(W_var, b_var))(c)
    chi_1 = partial(chi, 1.)
    chi_c = lambda W_var, b_var: grad(c_map(W_var, b_var))(c_star(W_var, b_var))
    
    # Run the experiment for different weight variances simultaneously.
    print("Runing the experiment for different weight variances...")
    # Experiment parameters.
    W_var = np.linspace(0.5, 3.0, 40)
    W_critical = 1.76
    b_var = 0.18

    # Compute the depth scales.
    W_ordered = np.array([W for W in W_var if W < W_critical])
    W_chaotic = np.array([W for W in W_var if W > W_critical]) 
    xi_1s = xi_1(W_ordered, b_var, chi_1) 
    xi_stars = xi_star(W_chaotic, b_var, chi_1, chi_c) 
    return xi_1s, xi_stars
