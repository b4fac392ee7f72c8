# Source: https://github.com/siddharth-prabhu/BiLevelParameterEstimation/blob/efc46c2f05551f768b1881becb04c0b22387c5af/utils.py
# Title: utils.py (differentiable optimization with equality / inequality constraints)
# Cut: kept inv_vp, _differentiable_optimization, its custom_jvp wrapper (jvp rule body elided) and the
# tail of _constraint_differentiable_optimization after the ipopt pure_callback; plotting, splines, collocation dropped.
import functools
from typing import Callable, Tuple

import jax
import jax.numpy as jnp
from jax import flatten_util

# Multiplies the svd decomposition of inverse of a matrix with a vector (v)
def inv_vp(u, sinv, vh, v) : return vh.T @ ((u.T @ v) * sinv)

# Differentiable optimization with equality constraints
# For convex quadratic inner optimization problem
def _differentiable_optimization(f : Callable, g : Callable, p : jnp.ndarray, x_guess : jnp.ndarray, args : Tuple[jnp.ndarray]) -> Tuple[jnp.ndarray] : 
    # f = objective function arguments (p, x) -> scalar output
    # g = equality constraints arguments (p, x) -> vector output
    # p = nonlinear decision variables shape (np, ) # atleast 1d
    # x_guess = linear decision variables shape (nx, ) # atleast 1d 

    # F = number of features (columns) in the library
    # g = number of equality constraints

    x_guess, unravel = flatten_util.ravel_pytree(x_guess)
    _f = lambda p, x : f(p, unravel(x), *args)
    _g = lambda p, x : g(p, unravel(x))

    v_guess = jnp.zeros_like(_g(p, x_guess))
    eps = 10. * max(*x_guess.shape, 1) * jnp.array(jnp.finfo(x_guess.dtype).eps)

    def L(p, x, v) : return _f(p, x) + v @ _g(p, x) # Lagrangian of equality constraint optimization problem

    # jvp / vjp of equality constraints
    gx_jvp = jax.linearize(lambda x : _g(p, x), x_guess)[-1]
    gx_vjp = lambda ct : jax.vjp(lambda x : _g(p, x), x_guess)[-1](ct)[0]

    L_x, L_v = jax.grad(L, argnums = (1, 2))(p, x_guess, v_guess)
    
    L_xx = jax.hessian(L, argnums = 1)(p, x_guess, v_guess)
    (u, s, vh) = jnp.linalg.svd(L_xx, hermitian = True, full_matrices = False) 
    # sinv = jnp.where(s <= eps * jnp.max(s, initial = -jnp.inf), 0., 1/s) # initial value is provided to deal with zero dimensional arrays
    sinv = jnp.where(s <= eps, 0., 1/s)

    (gu, gs, gvh) = jnp.linalg.svd(jax.vmap(gx_jvp)(vh).T @ jnp.diag(sinv) @ jax.vmap(gx_jvp)(u.T), hermitian = True, full_matrices = False)
    gsinv = jnp.where(gs <= eps * jnp.max(gs, initial = -jnp.inf), 0., 1/gs) # initial value is provided to deal with zero dimensional arrays

    dv = inv_vp(gu, gsinv, gvh, L_v + gx_jvp(inv_vp(u, sinv, vh, - L_x))) # shape = (g, )
    x_opt = x_guess - inv_vp(u, sinv, vh, L_x + gx_vjp(dv)) # shape = (nx, )

    return (unravel(x_opt), v_guess + dv), (u, sinv, vh, gu, gsinv, gvh) # (optimal x, optimal Lagrange variables), inverse of hessian of Lagrangian

# Forward- and reverse-mode autodiff compatible differentiable optimization with equality constraints
@functools.partial(jax.custom_jvp, nondiff_argnums = (0, 1))
def differentiable_optimization(f : Callable, g : Callable, p : jnp.ndarray, x_guess : jnp.ndarray, args : Tuple[jnp.ndarray]) -> Tuple[jnp.ndarray] :
    return _differentiable_optimization(f, g, p, x_guess, args)


def _constraint_differentiable_optimization_tail(f, g, h, p, x_opt, v_opt, m_opt, unravel, args, eps):
    # (ipopt solve through jax.pure_callback elided)

    def L(p, x, v, m) : return f(p, unravel(x), *args) + v @ g(p, unravel(x)) + m @ h(p, unravel(x)) # Lagrange function

    gx_jvp = jax.linearize(lambda x : g(p, unravel(x)), x_opt)[-1]
    hx_vjp = lambda ct, p : jax.vjp(lambda x : h(p, unravel(x)), x_opt)[-1](ct)[0]

    B_xx = jax.hessian(L, argnums = 1)(p, x_opt, v_opt, m_opt) - jax.vmap(hx_vjp, in_axes = (0, None))(jax.vmap(hx_vjp, in_axes = (0, None))(jnp.diag(m_opt / h(p, unravel(x_opt))), p).T, p)
    (u, s, vh) = jnp.linalg.svd(B_xx, hermitian = True, full_matrices = False) # shape = (nx, nx), (nx, nx), (nx, nx)
    # sinv = jnp.where(s <= eps * jnp.max(s, initial = -jnp.inf), 0., 1/s) # initial value is provided to deal with zero dimensional arrays
    sinv = jnp.where(s <= eps, 0., 1/s) # works for stiff problems

    (gu, gs, gvh) = jnp.linalg.svd(jax.vmap(gx_jvp)(vh).T @ jnp.diag(sinv) @ jax.vmap(gx_jvp)(u.T), hermitian = True, full_matrices = False)
    gsinv = jnp.where(gs <= eps * jnp.max(gs, initial = -jnp.inf), 0., 1/gs) # initial value is provided to deal with zero dimensional arrays

    return (unravel(x_opt), v_opt, m_opt), (u, sinv, vh, gu, gsinv, gvh) # (optimal primal variables, optimal dual variables)
