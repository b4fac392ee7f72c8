# Source: https://github.com/l90lpa/burgers-solvers/blob/3e85be122e1f31454f360c493d9471e63424dad4/solvers-jax/advection-ppm-jax.py
# Title: solvers-jax/advection-ppm-jax.py (driver: jitted step, TLM via jvp, ADM via vjp)
# Cut: kept imports, the jitted step, the solver/TLM/ADM drivers and the problem set-up; dropped plotting and the TLM/ADM test harness; dx/dt/v hoisted to module level so step() resolves them

from jax import config, jit, jvp, vjp
config.update("jax_enable_x64", True)
import jax.numpy as jnp
from math import pi, ceil
from functools import partial
import time
import numpy as np
import matplotlib.pyplot as plt
from ppm import ppmlin_step_advection


num_points = 100
domain_length = 1.0
dx = domain_length / num_points
v = 1.2
C = 0.1 # Courant number
dt = (dx / v) * C  # Time step size

@jit
def step(u):
    return u + v * dt * ppmlin_step_advection(u,v,dt,dx)


def solver_ppm(u_initial, v, dx, num_points, dt, num_steps):
    u = jnp.copy(u_initial)

    for i in range(num_steps):
        u = step(u)

    return u


def solver_ppm_tlm(u_initial, du_initial, v, dx, num_points, dt, num_steps):
    u = jnp.copy(u_initial)
    
    du = du_initial

    for i in range(num_steps):
        u, du = jvp(step, (u,), (du,))

    return du


def solver_ppm_adm(u_initial, Du, v, dx, num_points, dt, num_steps):
    u_cache = jnp.zeros((num_steps, jnp.size(u_initial)), dtype=u_initial.dtype)

    u = jnp.copy(u_initial)

    for i in range(num_steps):
        u_cache = u_cache.at[i,:].set(u)
        u = step(u)

    Du_ = Du

    for i in range(num_steps-1,-1,-1):
        _, vjp_fn = vjp(step, u_cache[i,:])
        Du_ = vjp_fn(Du_)[0]

    Du_initial = Du_

    return Du_initial
    


if __name__ == "__main__":
    num_steps = ceil(1.0 * (domain_length / (dt * v)))
    x = jnp.linspace(0, domain_length - dx, num_points)
    u_initial = jnp.sin((2*pi/domain_length) * x)
    u_final = solver_ppm(u_initial, v, dx, num_points, dt, num_steps)
    Du0 = solver_ppm_adm(u_initial, jnp.ones(num_points), v, dx, num_points, dt, 8)
