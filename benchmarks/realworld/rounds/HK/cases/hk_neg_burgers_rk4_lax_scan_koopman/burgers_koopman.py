# Source: https://github.com/l90lpa/solver_adjoint_koopman/blob/6606878112794ce7164f4e438563507469e5f334/burgers_koopman.py
# Title: burgers_koopman.py (snapshot generation for a Koopman approximation of the Burgers solver)
# Cut: kept imports needed by vbe_simulate and vbe_simulate itself; dropped plotting, pykoopman fitting and the script body

import numpy as np
from burgers_solver import burgers_solver

def vbe_simulate(u0, n_int, n_sample, nu, dt, nx, L):
    # n_traj = x0.shape[1]
    dx = L / nx
    u = u0
    U = np.zeros((n_int // n_sample, nx), dtype=np.float64)
    t = 0
    j = 0
    t_list = []
    for step in range(n_int):
        t += dt
        u = burgers_solver(u, nu, dx, nx, dt, 1)
        if (step + 1) % n_sample == 0:
            U[j, :] = u
            j += 1
            t_list.append(t)
    return U, np.array(t_list)
