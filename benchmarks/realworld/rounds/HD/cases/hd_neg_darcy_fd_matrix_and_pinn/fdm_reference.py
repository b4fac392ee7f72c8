# Source: https://github.com/clegaard/reduced_order_models/blob/83918bc052e10796bebe8d2445258dd70b15bbbd/experiments/1d_darcy.ipynb
# Title: 1d_darcy.ipynb (1D Darcy flow: finite-difference reference and a PINN)
# Cut: cells 1 and 5 converted to a module (finite-difference reference solution); plotting and
#      the colab/pip magics are dropped.
import jax.numpy as jnp
import numpy as np
from jax import vmap
from jax.lax import cond

x_step = 0.001  # distance between points of solution
x_begin = 0.0
x_end = 1.0
x = jnp.arange(x_begin, x_end + x_step, x_step)
n_points = x.shape[0]
vel = 1.0 # velocity throughout the entire domain
pressure_outlet = 0.0


def permeability(x):
    return cond(x < 0.5, lambda _: 1.0, lambda _: 0.5, None)


permeability_x = vmap(permeability)(x[:-1])

H = np.zeros((n_points, n_points))
H[0,:2] = np.array([-1,1]) / x_step

for i in range(1,n_points-1):
    offset = i-1
    H[i,i-1:i+2] = np.array([-1, 0, 1]) / (2 * x_step)
H[-1,-1] = 1

H[:n_points-1,:n_points-1] = H[:n_points-1,:n_points-1]*-permeability_x.reshape(-1,1)

y = np.repeat(vel,n_points)
y[-1] = pressure_outlet


pressure = jnp.linalg.solve(H,y)
