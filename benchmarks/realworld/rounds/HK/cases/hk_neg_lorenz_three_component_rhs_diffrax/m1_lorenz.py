# Source: https://github.com/jaeminoh/DifferentialEquations_JAX/blob/a3e6fb19f262aa703fdd130df5589ec1a900a2fd/numerics/m1_lorenz.py
# Title: numerics/m1_lorenz.py (Lorenz system solved with diffrax Dopri5)
# Cut: kept the RHS and the solve; dropped the matplotlib figures and animation

import jax
import jax.numpy as np
import matplotlib.animation as animation
import matplotlib.pyplot as plt
from diffrax import Dopri5, ODETerm, SaveAt, diffeqsolve

jax.config.update("jax_enable_x64", True)

y0 = np.array([-14.0, -15.0, 20.0])


def f(t, y, args):
    output = np.array(
        [
            10 * (y[1] - y[0]),
            28 * y[0] - y[1] - y[0] * y[2],
            -8 / 3 * y[2] + y[0] * y[1],
        ]
    )
    return output


term = ODETerm(f)
solver = Dopri5()
saveat = SaveAt(ts=np.linspace(0, 5, 200))
solution = diffeqsolve(term, solver, t0=0.0, t1=5, dt0=1e-2, y0=y0, saveat=saveat)


t = solution.ts
x, y, z = solution.ys.T
