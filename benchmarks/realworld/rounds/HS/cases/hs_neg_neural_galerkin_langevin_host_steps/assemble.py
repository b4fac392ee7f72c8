# Source: https://github.com/FraBet29/Neural_Galerkin/blob/bb86c77ee092370765fd2195724477ceff83dd20/src/Assemble.py
# Title: Neural_Galerkin src/Assemble.py
# Cut: kept M_fn, F_fn, J_fn and r_fn (jitted pieces used by the sampler); r_loss and assemble_weighted dropped
import jax
import jax.numpy as jnp
from functools import partial


# @jax.jit
@partial(jax.jit, static_argnums=(0, ))
def M_fn(u_fn, theta_flat, x, reg=0):
    '''
    Assemble the M matrix.
    '''
    U_dtheta = jax.vmap(jax.grad(u_fn), (None, 0))
    u_dth = U_dtheta(theta_flat, x)
    u_dth = jnp.where(jnp.isnan(u_dth), 0.0, u_dth)
    M = jnp.mean(u_dth[:, :, jnp.newaxis] * u_dth[:, jnp.newaxis, :], axis=0)
    M += reg * jnp.eye(M.shape[0]) # regularization
    return M


# @jax.jit
@partial(jax.jit, static_argnums=(0, 1, ))
def F_fn(u_fn, rhs, theta_flat, x, t):
    '''
    Assemble the F matrix.
    '''
    U_dtheta = jax.vmap(jax.grad(u_fn), (None, 0))
    u_dth = U_dtheta(theta_flat, x)
    u_dth = jnp.where(jnp.isnan(u_dth), 0.0, u_dth)
    f = rhs(theta_flat, x, t, u_fn) # source term
    F = jnp.mean(u_dth[:, :] * f[:, jnp.newaxis], axis=0)
    return F


@partial(jax.jit, static_argnums=(0, ))
def J_fn(u_fn, theta_flat, x):
    '''
    Assemble the Jacobian matrix.
    '''
    U_dtheta = jax.vmap(jax.grad(u_fn), (None, 0))
    u_dth = U_dtheta(theta_flat, x)
    u_dth = jnp.where(jnp.isnan(u_dth), 0.0, u_dth)
    return u_dth


# @jax.jit
@partial(jax.jit, static_argnums=(0, 1, ))
def r_fn(u_fn, rhs, theta_flat, delta_theta_flat, x, t):
    '''
    Compute the local-in-time residual.
    '''
    x = x.reshape(-1, 1)
    U_dtheta = jax.vmap(jax.grad(u_fn), (None, 0))
    u_dth = U_dtheta(theta_flat, x)
    u_dth = jnp.where(jnp.isnan(u_dth), 0.0, u_dth)
    r = jnp.dot(u_dth, delta_theta_flat) - rhs(theta_flat, x, t, u_fn)
    return r.squeeze()
