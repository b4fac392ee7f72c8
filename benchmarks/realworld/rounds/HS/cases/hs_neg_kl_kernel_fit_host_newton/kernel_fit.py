# Source: https://github.com/Beremi/KL_decomposition/blob/2c22f6d215c4983467d2139edfc57458e5dead9e/kl_decomposition/kernel_fit.py
# Title: KL_decomposition kl_decomposition/kernel_fit.py (sum-of-Gaussians covariance fit for Karhunen-Loeve expansion)
# Cut: kept imports, build_se_obj_grad_hess, golden_section_search and newton without docstrings; cross-entropy, Adam and the remaining fitting routines dropped
from scipy.optimize import nnls
import numpy as np
import jax.numpy as jnp
import jax
from typing import Callable, Tuple, List, Dict, Any, Optional

# Enable 64-bit (double) precision in JAX
jax.config.update("jax_enable_x64", True)
# ...
def build_se_obj_grad_hess(x: np.ndarray, w: np.ndarray, target: np.ndarray):
# ...
    # Convert to JAX float64 arrays
    x_j = jnp.array(x, dtype=jnp.float64)
    w_j = jnp.array(w, dtype=jnp.float64)
    target_j = jnp.array(target, dtype=jnp.float64)

    def obj_jax(p):
        n_param = p.shape[0] // 2
        a = p[:n_param]
        b = jnp.exp(p[n_param:])
        pred = jnp.sum(a[:, None] * jnp.exp(-b[:, None] * x_j[None, :] ** 2), axis=0)
        diff = pred - target_j
        return jnp.sqrt(jnp.sum(w_j * diff ** 2))

    obj_jit = jax.jit(obj_jax)
    grad_jit = jax.jit(jax.grad(obj_jax))
    hess_jit = jax.jit(jax.hessian(obj_jax))

    def obj(p):
        return float(obj_jit(jnp.array(p, dtype=jnp.float64)))

    def grad(p):
        return np.array(grad_jit(jnp.array(p, dtype=jnp.float64)))

    def hess(p):
        return np.array(hess_jit(jnp.array(p, dtype=jnp.float64)))

    return obj, grad, hess
# ...
def golden_section_search(f, a=0.0, b=1.0, tol=1e-6, max_iter=100):
# ...
    # Golden ratio constant
    phi = (np.sqrt(5.0) - 1) / 2

    # Initialize interior points
    c = b - phi * (b - a)
    d = a + phi * (b - a)
    f_c = f(c)
    f_d = f(d)

    for _ in range(max_iter):
        if abs(b - a) < tol:
            break

        if f_c < f_d:
            b, d, f_d = d, c, f_c
            c = b - phi * (b - a)
            f_c = f(c)
        else:
            a, c, f_c = c, d, f_d
            d = a + phi * (b - a)
            f_d = f(d)

    # Choose the best of the final points
    if f_c < f_d:
        x_min, f_min = c, f_c
    else:
        x_min, f_min = d, f_d
    # print(f"Iterations: {_ + 1}")
    return x_min, f_min
# ...
def newton(f, grad, hess, x0,
           tol_grad=1e-6,
           tol_step=1e-8,
           stall_iter=5,
           max_iter=100,
           ls_bounds=(0.0, 1.0),
           verbose=False):
# ...
    x = x0.astype(float)
    f_history = []
    grad_norm_history = []
    fx = f(x)

    stall_count = 0
    trust = 1e-3 * np.eye(len(x))  # trust region to ensure positive definiteness

    for k in range(max_iter):
        gx = grad(x)
        grad_norm = np.linalg.norm(gx)

        f_history.append(fx)
        grad_norm_history.append(grad_norm)

        # Check gradient convergence
        if grad_norm < tol_grad:
            break

        # Try Newton step
        try:
            Hx = hess(x)
            p = -np.linalg.solve(Hx + trust, gx)
            trust /= 2
            # ensure descent direction
            if np.dot(p, gx) >= 0:
                raise np.linalg.LinAlgError
        except np.linalg.LinAlgError:
            # fallback to steepest descent
            # print("Hessian not positive definite, using gradient descent")
            p = -gx
            trust *= 10
        fx_old = fx
        # Backtracking line search
        alpha, fx = golden_section_search(
            lambda alpha: f(x + alpha * p),
            a=ls_bounds[0], b=ls_bounds[1], tol=1e-12, max_iter=10000
        )

        # Update
        x_new = x + alpha * p
        step_norm = np.linalg.norm(x_new - x)
        while fx > fx_old:
            alpha /= 2  # reduce step size
            x_new = x + alpha * p
            fx = f(x_new)
        x = x_new

        # Stall criterion
        if step_norm < tol_step or fx >= fx_old:
            stall_count += 1
            if stall_count >= stall_iter:
                break
        else:
            stall_count = 0

        # print debug info
        if verbose:
            print(f"Iter {k}: f={fx:.6e}, grad_norm={grad_norm:.6e}, step_norm={step_norm:.6e}, alpha={alpha:.6f}")

    return x, grad_norm, f_history, grad_norm_history
