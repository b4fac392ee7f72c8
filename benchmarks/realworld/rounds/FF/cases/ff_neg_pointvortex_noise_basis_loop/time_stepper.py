# Source: https://github.com/James14641/Point_vortex/blob/012652742fda5deb6d44fda0355c3306afab0c6a/time_stepper.py
# Title: time_stepper.py (stochastic point-vortex time stepping)
# Cut: docstrings shortened; VelocityUV inlined into CFE; the deterministic/diffusive variants and integrate_new cut.
#      P = len(theta['sigma']) is the number of noise basis functions (P = 1 in the examples).
import sys, os
import numpy as np
import jax
import jax.numpy as jnp
from Kernel import *
from utility_functions import *


def vector_field_basis(xarr,yarr,n):
    u =  2*np.pi*n/1*jnp.cos(2*np.pi*n/1*yarr) # u = \partial_y (\psi)
    v = -2*np.pi*n/1*jnp.cos(2*np.pi*n/1*xarr) # v = - \partial_x (\psi)
    return u,v


def sigma(xyarr, theta):
    x,y = xy_to_x_and_y(xyarr)
    P = len(theta['sigma'])
    Matrix = jnp.zeros([len(xyarr),P])
    for p in range(0,P):
        u,v = vector_field_basis(x,y,p+1)
        uv = x_and_y_to_xy(u,v)
        Matrix = Matrix.at[:,p].set(uv*theta['sigma'][p]) # \in R^{2d,P}
    return Matrix


def V_sigma(xyarr, theta):
    """_Vectorised version of the sigma function_"""
    x, y = xy_to_x_and_y(xyarr)
    P = len(theta['sigma'])
    def update_matrix_column(p):
        u, v = vector_field_basis(x, y, p + 1)
        uv = x_and_y_to_xy(u, v)
        return uv * theta['sigma'][p]
    # Use vmap to vectorize the loop over P
    updated_columns = jax.vmap(update_matrix_column)(jnp.arange(P))
    # Stack the columns to create the final matrix
    updated_matrix = jnp.column_stack(updated_columns)
    return updated_matrix


def Velocity_at_Field(xarrd, yarrd, xarr, yarr, carr, delta):
    x_diff_2 = xarrd[:, jnp.newaxis] - xarr
    y_diff_2 = yarrd[:, jnp.newaxis] - yarr
    rsq = x_diff_2**2 + y_diff_2**2
    denominator1 = jnp.where(rsq<1e-12,1e-12,rsq)
    mol = (1 - L(rsq /delta**2 )*jnp.exp(-rsq /delta**2))
    u_vel = - ( 1 / (2 * jnp.pi) * (y_diff_2 / denominator1) * mol ) @ carr
    v_vel =   ( 1 / (2 * jnp.pi) * (x_diff_2 / denominator1) * mol ) @ carr
    return u_vel, v_vel


def CFE(xyarr, carr, dt, delta):
    xarr, yarr = xy_to_x_and_y(xyarr)
    u_vel, v_vel = Velocity_at_Field(xarr, yarr, xarr, yarr, carr, delta)
    xarr = xarr + dt*u_vel
    yarr = yarr + dt*v_vel
    xyarr = x_and_y_to_xy(xarr,yarr)
    return xyarr


def euler(xyarr, carr, sigma, dt, dz, theta, delta):
    xyarr = CFE(xyarr, carr, dt ,delta) + sigma(xyarr, theta) @ dz
    return xyarr


def ssp33(xyarr, carr, sigma, dt, dz, theta, delta):
    f1 = euler(xyarr, carr, sigma, dt, dz, theta, delta)
    f1 = 3 / 4 * f1 + 1 / 4 * euler(f1, carr, sigma, dt, dz, theta, delta)
    f1 = 1 / 3 * f1 + 2 / 3 * euler(f1, carr, sigma, dt, dz, theta, delta)
    return f1


def integrate(step, xy0, carr, dts, dzs, theta, delta):
    def body(xyarr, dt_dz):
        dt, dz = dt_dz
        xyarr = step(xyarr, carr, sigma ,dt, dz, theta, delta)
        return xyarr, xyarr
    _, xys = jax.lax.scan(body, xy0, (dts, dzs))
    return jnp.insert(xys, 0, xy0, axis=0)
