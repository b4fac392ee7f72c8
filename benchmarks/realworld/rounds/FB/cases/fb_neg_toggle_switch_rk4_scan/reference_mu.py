# Source: https://github.com/JimGalasyn/jax-morpho/blob/d78631539e5f26cded2878a1bae8f665927f4b81/src/jax_morpho/evodevo/reference_mu.py
# Title: src/jax_morpho/evodevo/reference_mu.py (port of Milocco & Uller 2026 Fig. 3C: toggle-switch gene network development)
# Cut: kept the model constants, the toggle-switch RHS, develop/develop_theta (RK4 in lax.scan) and the vmapped population development.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

T_END = 50.0
DT = 0.01
G0 = (0.6, 0.8)              # initial condition Xio


def toggle_deriv(x, theta, u=0.0):
    """Toggle-switch ODE right-hand side: state x=(g1,g2), developmental
    parameters theta=(theta1,theta2), environment u."""
    g1, g2 = x[0], x[1]
    th1, th2 = theta[0], theta[1]
    return jnp.stack([
        (2.0 + th1) / (1.0 + (g2 / 2.0) ** 2) - 0.4 * g1,
        (2.0 + th2) / (1.0 + (g1 / (3.0 + u)) ** 2) - 0.4 * g2,
    ])


def _deriv(g, th1, th2, u):
    return toggle_deriv(g, jnp.stack([th1, th2]), u)


@partial(jax.jit, static_argnums=(3,))
def develop(th1, th2, u, n_steps=int(T_END / DT), dt=DT):
    """Integrate the toggle switch to t=50; return phenotype (g1, g2) there."""
    def step(g, _):
        k1 = _deriv(g, th1, th2, u)
        k2 = _deriv(g + 0.5 * dt * k1, th1, th2, u)
        k3 = _deriv(g + 0.5 * dt * k2, th1, th2, u)
        k4 = _deriv(g + dt * k3, th1, th2, u)
        return g + (dt / 6.0) * (k1 + 2 * k2 + 2 * k3 + k4), None

    g, _ = jax.lax.scan(step, jnp.array(G0), None, length=n_steps)
    return g


@partial(jax.jit, static_argnums=(2,))
def develop_theta(theta, u=0.0, n_steps=int(T_END / DT), dt=DT):
    """Same dynamics as develop, exposed for autodiff over theta."""
    def step(x, _):
        k1 = toggle_deriv(x, theta, u)
        k2 = toggle_deriv(x + 0.5 * dt * k1, theta, u)
        k3 = toggle_deriv(x + 0.5 * dt * k2, theta, u)
        k4 = toggle_deriv(x + dt * k3, theta, u)
        return x + (dt / 6.0) * (k1 + 2 * k2 + 2 * k3 + k4), None

    x, _ = jax.lax.scan(step, jnp.array(G0), None, length=n_steps)
    return x


_develop_pop = jax.jit(jax.vmap(lambda th1, th2, u: develop(th1, th2, u)))


def develop_population(th1, th2, u):
    """Vectorized development of a whole population. Arrays of shape (N,)."""
    z = _develop_pop(jnp.asarray(th1), jnp.asarray(th2), jnp.asarray(u))
    return np.asarray(z)          # (N, 2) phenotypes (g1, g2) at t=50


def developmental_jacobian(theta):
    # as used by the sensitivity cross-check: d phenotype / d theta
    return jax.jacfwd(develop_theta)(jnp.asarray(theta))
