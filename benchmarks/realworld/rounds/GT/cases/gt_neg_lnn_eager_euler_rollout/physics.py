# Source: https://github.com/danielchen09/UniversalDynamicsModel/blob/ce845cac586b4dbda4cd7d97f5c8c1c6c0d8fe7a/physics.py
# Title: physics.py (Lagrangian neural network with control torque, double pendulum)
# Cut: kept equation_of_motion and the discrete (explicit Euler) rollout used for evaluation, plus the
#      odeint rollout for comparison; analytic pendulum helpers and diffrax variant removed.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint
from tqdm import tqdm


def wrap_angle(x):
    return jnp.concatenate([(x[:2] + np.pi) % (2 * np.pi) - np.pi, x[2:]])


def equation_of_motion(lagrangian, tau, state, u, t=None):
    q, q_t = jnp.split(state, 2)
    q_tt = (jnp.linalg.pinv(jax.hessian(lagrangian, 1)(q, q_t, u))
            @ (tau(q, q_t, u) + jax.grad(lagrangian, 0)(q, q_t, u)
                - jax.jacobian(jax.jacobian(lagrangian, 1), 0)(q, q_t, u) @ q_t))
    return jnp.concatenate([q_t, q_tt])


def solve_lagrangian_discrete(lagrangian, tau, initial_state, ts, us, **kwargs):
    q = [initial_state]
    dt = ts[1] - ts[0]

    for t, u in tqdm(zip(ts, us)):
        state = equation_of_motion(lagrangian, tau, q[-1], u)
        x1 = wrap_angle(q[-1] + state * dt)
        q.append(x1)

    return jnp.vstack(q)


def solve_lagrangian(lagrangian, tau, initial_state, t, u, **kwargs):
    # We currently run odeint on CPUs only, because its cost is dominated by
    # control flow, which is slow on GPUs.
    def eom_fn(x, t, u):
        return equation_of_motion(lagrangian, tau, x, u, t=t)

    @partial(jax.jit, backend='cpu')
    def f(initial_state):
        return odeint(eom_fn, initial_state, t, u, **kwargs)
    return f(initial_state)
