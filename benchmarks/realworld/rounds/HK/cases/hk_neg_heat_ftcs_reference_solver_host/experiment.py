# Source: https://github.com/livelstorborg/FYS-STK4155/blob/41bf94d41a3c2bffcffecf4442ba8bdac388153a/project3/code/src/experiment.py
# Title: project3/code/src/experiment.py (experiments driver: explicit scheme vs analytic solution)
# Cut: kept imports and test_explicit_scheme; plot_solution calls reduced to the error computation

import jax.numpy as jnp

from src.pde import fd_solve, u_exact


def test_explicit_scheme(Nx=100, T=0.5, alpha=0.4, t1=0.07, t2=0.30):
    u_num, x, t = fd_solve(Nx=Nx, T=T, alpha=alpha)

    i1 = jnp.argmin(jnp.abs(t - t1))
    i2 = jnp.argmin(jnp.abs(t - t2))

    u_true = u_exact(x, t)

    return {
        "t1": t[i1],
        "t2": t[i2],
        "dx": 1 / Nx,
        "x": x,
        "t1_error": u_true[i1] - u_num[i1],
        "t2_error": u_true[i2] - u_num[i2],
    }
