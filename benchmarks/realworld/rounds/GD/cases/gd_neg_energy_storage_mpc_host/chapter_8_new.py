# Source: https://github.com/GStechschulte/seq-opt-jax/blob/843813a54a30f639a3b0e8a3d4c0edb8fc40b6e9/apps/chapter_8_new.py
# Title: apps/chapter_8_new.py (marimo notebook, Powell's Sequential Decision Analytics ch. 8: energy storage, lookahead/MPC policy)
# Cut: the marimo cells for the deterministic-lookahead LP (scipy linprog) and the receding-horizon driver loop, de-indented to module
#      level, with the parameter cell (prices read from the PJM real-time LMP sheet, plotting dropped) and objective.
import numpy as np
from scipy.optimize import linprog

T = 48
H = 24
n_states = 2
n_controls = 1
R_max = 10
R_min = 0
alpha = 5

eta = 0.9 # Discharge efficiency
r0 = 5.0 # Initial SoC

p = rt_lmp.select("PJM RT LMP").to_jax()[:T].flatten()


def objective(u, p):
    return -p * u


def solve(R_current, p_forecast):
    n_vars = H

    # Coefficient vector is the forecasted prices
    c = p_forecast

    upper_constraint = np.tri(H, H) * eta
    lower_constraint = np.tri(H, H) * (-eta)

    A_ub = np.vstack([upper_constraint, lower_constraint])
    b_ub = np.concatenate([
        np.full(H, R_max - R_current), # Upper constraint eval
        np.full(H, R_current) # Lower constraint eval
    ])
    bounds = [(-alpha, alpha) for _ in range(n_vars)]

    print(f"A_ub: {A_ub.shape}")
    print(f"b_ub: {b_ub.shape}")

    res = linprog(
        c=c,
        A_ub=A_ub,
        b_ub=b_ub,
        A_eq=None,
        b_eq=None,
        bounds=bounds,
        method="highs"
    )

    return res


# Trajectories
x_traj = np.zeros((H, n_states))
u_traj = np.zeros((H, n_controls))
obj_traj = np.zeros((H,))

# Initial conditions
R_current = 5.0
p_current = p[0]
total_obj = 0.0

for k in range(H):
    p_forecast = p[k: H + k] # Includes the current price

    out = solve(R_current, p_forecast)

    profit = -out.fun
    u_opt = out.x

    # Apply first control sequence
    u_k = u_opt[0]

    # Compute contribution
    obj = objective(u_k, p_current)

    # State transition
    R_current = R_current + (eta * u_k)
    p_current = p[k + 1]

    # Cumulative reward
    total_obj += obj

    # Track trajectories
    x_traj[k] = np.array([R_current, p_current])
    u_traj[k] = np.array([u_k])
    obj_traj[k] = total_obj
