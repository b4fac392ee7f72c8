# Source: https://github.com/l90lpa/burgers-solvers/blob/8def8882ecdf68baeee6bb79ef88b523e50b64b0/solvers-jax/advection-rk3-jax.py
# Title: solvers-jax/advection-rk3-jax.py (linear advection, central differences + RK3, with TLM/ADM)
# Cut: file as of the parent of commit 3e85be1 ("Remove python for loops from first derivative stencil computations"); kept the operator, the forward/adjoint solvers and the problem set-up; dropped the checkpoint import, plotting and the TLM/ADM test harness

from jax import config, vjp, jvp, jit
config.update("jax_enable_x64", True)
import jax.numpy as jnp
from math import pi, ceil
from functools import partial
import time
import numpy as np
import matplotlib.pyplot as plt
from rk3 import *

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

def solver_rk3(u_initial, v, dx, num_points, dt, num_steps):
    A = create_advection_opeartor(dx, num_points)

    @jit
    def f(u):
        return - v * A(u)
    
    return RK3(f, u_initial, dt, num_steps)

def solver_rk3_adm(u_initial, Du, v, dx, num_points, dt, num_steps):
    A = create_advection_opeartor(dx, num_points)

    @jit
    def f(u):
        return - v * A(u)
    
    _, Du_initial = RK3_adm(f, u_initial, Du, dt, num_steps)
    return Du_initial
    

# Example usage
if __name__ == "__main__":
    # Define problem parameters
    num_points = 100
    domain_length = 1.0
    dx = domain_length / num_points
    v = 1.2
    C = 0.1 # Courant number
    dt = (dx / v) * C  # Time step size
    num_steps = ceil(1.0 * (domain_length / (dt * v)))

    # Create the initial condition (e.g., a sinusoidal profile)
    x = jnp.linspace(0, domain_length - dx, num_points)
    u_initial = jnp.sin((2*pi/domain_length) * x)
    u_initial_p = np.concatenate((u_initial[len(u_initial)-1:len(u_initial)],u_initial[:len(u_initial)-1]))

    solver_partial = lambda u0 : solver_rk3(u0, v, dx, num_points, dt, num_steps)
    
    # Run solver
    u_final = solver_partial(u_initial)
