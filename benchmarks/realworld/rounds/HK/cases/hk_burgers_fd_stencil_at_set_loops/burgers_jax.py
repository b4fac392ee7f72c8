# Source: https://github.com/l90lpa/burgers-solvers/blob/ca1e05f111e3292c4a28ae26b5157674307d40cf/solvers-jax/burgers-jax.py
# Title: solvers-jax/burgers-jax.py (1D viscous Burgers, central differences + RK4, JAX)
# Cut: file as of the parent of commit 2156d37 ("Remove python for loops from first and second order derivative stencils of burgers solver"); dropped the unused create_ab3 helper, the timing prints in RK4 and the plotting block

from jax import config, jit
config.update("jax_enable_x64", True)
import jax.numpy as jnp
from math import pi
from functools import partial
import time
import numpy as np
import matplotlib.pyplot as plt

@partial(jit, static_argnames=['f'])
def RK4_step(f, y, dt):
    k1 = f(y)
    k2 = f(y + dt * 0.5 * k1)
    k3 = f(y + dt * 0.5 * k2)
    k4 = f(y + dt * k3)

    return (1.0 / 6.0) * (k1 + 2 * k2 + 2 * k3 + k4)

def RK4(f, y0, dt, num_steps):
    y = y0
    for i in range(num_steps):
        y = y + dt * RK4_step(f, y, dt)
    return y

def create_diffusion_opeartor(dx, n):

    @jit
    def diffusion_op(u):
        dxdx = dx ** 2
        u_new = jnp.empty_like(u)
        u_new = u_new.at[0].set((u[n-1] -2 * u[0] + u[1]) / dxdx)
        for i in range(1, n-1):
            u_new = u_new.at[i].set((u[i-1] - 2 * u[i] + u[i+1]) / dxdx)
        u_new = u_new.at[n-1].set((u[n-2] - 2 * u[n-1] + u[0]) / dxdx)
        return u_new
    
    return diffusion_op

def create_advection_opeartor(dx, n):
    
    @jit
    def advection_op(u):
        dx2 = dx * 2
        u_new = jnp.empty_like(u)
        u_new = u_new.at[0].set((u[1] - u[n-1]) / dx2)
        for i in range(1, n-1):
            u_new = u_new.at[i].set((u[i+1] - u[i-1]) / dx2)
        u_new = u_new.at[n-1].set((u[0] - u[n-2]) / dx2)
        return u_new
    
    return advection_op

def solver(u_initial, nu, dx, num_points, dt, num_steps):
    A = create_advection_opeartor(dx, num_points)
    D = create_diffusion_opeartor(dx, num_points)

    @jit
    def f(u):
        return - u * A(u) + nu * D(u)

    return RK4(f, u_initial, dt, num_steps)
    

# Example usage
if __name__ == "__main__":
    # Define problem parameters
    num_points = 100
    domain_length = 2 * pi
    dx = domain_length / (num_points - 1)
    nu = 0.1
    dt = 0.001  # Time step size
    num_steps = 3141

    # Create the initial velocity profile (e.g., a sinusoidal profile)
    x = jnp.linspace(0, domain_length - dx, num_points)
    u_initial = jnp.sin(x)

    solver_partial = lambda u0 : solver(u0, nu, dx, num_points, dt, num_steps)
    u_final = solver_partial(u_initial)
