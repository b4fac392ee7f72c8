# Source: https://github.com/l90lpa/burgers-solvers/blob/8def8882ecdf68baeee6bb79ef88b523e50b64b0/solvers-jax/advection-rk3-mpi4jax.py
# Title: solvers-jax/advection-rk3-mpi4jax.py (domain-decomposed linear advection with mpi4jax halo exchange + RK3)
# Cut: file as of the parent of commit 3e85be1; kept the operator, halo update, forward solver and the problem set-up (dx is a module-level global set in __main__); dropped the TLM/ADM solvers, gather/plotting and tests

from jax import config, jit, jvp, vjp
config.update("jax_enable_x64", True)
import jax.numpy as jnp
import numpy as np
from math import pi, ceil
from functools import partial
import time
import matplotlib.pyplot as plt
from mpi4py import MPI
import mpi4jax
from rk3 import RK3, RK3_tlm, RK3_adm

comm = MPI.COMM_WORLD
size = comm.Get_size()
rank = comm.Get_rank()

@jit
def advection_op(u):
    n = jnp.size(u)
    dx2 = dx * 2
    u_new = jnp.empty_like(u)
    for i in range(1, n-1):
        u_new = u_new.at[i].set((u[i+1] - u[i-1]) / dx2)
    return u_new

@jit
def update_halo(y, token = None):
    sendbufl = y[ 1]
    recvbufr = y[ 1]
    recvbufr, token = mpi4jax.sendrecv(sendbufl, recvbufr, (rank + 1) % size, (rank - 1) % size, comm=comm, token=token)

    y = y.at[-1].set(recvbufr)

    sendbufr = y[-2]
    recvbufl = y[-2]
    recvbufl, token = mpi4jax.sendrecv(sendbufr, recvbufl, (rank - 1) % size, (rank + 1) % size, comm=comm, token=token)
    y = y.at[ 0].set(recvbufl)
    
    return y, token

def solver_rk3(u_initial, v, dx, num_points, dt, num_steps):
    domain_size = jnp.size(u_initial)
    ghost_domain_size = domain_size + 2

    def add_ghost_points(u_initial):
        u = jnp.zeros((ghost_domain_size,), dtype=u_initial.dtype)
        u = u.at[1:ghost_domain_size-1].set(u_initial)
        u, _ = update_halo(u)
        return u

    @jit
    def f(u):
        u = - v * advection_op(u)
        u, _ = update_halo(u)
        return u
    
    u = add_ghost_points(u_initial)
    return RK3(f, u, dt, num_steps)[1:ghost_domain_size-1]

# Example usage
if __name__ == "__main__":
    # Define problem parameters
    l_num_points = 120 // size
    num_points = size * l_num_points
    domain_length = 1.0
    dx = domain_length / num_points
    v = 1.2
    C = 0.1 # Courant number
    dt = (dx / v) * C  # Time step size
    num_steps = ceil(1.0 * (domain_length / (dt * v)))

    # Create the initial condition (e.g., a sinusoidal profile)
    x = jnp.linspace(0, domain_length - dx, num_points)
    u_initial = jnp.sin((2*pi/domain_length) * x)

    l_u_initial = u_initial[rank*l_num_points : (rank+1)*l_num_points]

    solver_partial = lambda u0 : solver_rk3(u0, v, dx, num_points, dt, num_steps)
    
    # Run solver
    l_u_final = solver_partial(l_u_initial)
