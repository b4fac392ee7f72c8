# Source: https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/008e812f5da3223e4392b02cff20d590bece06f6/hyperiax/utils/ode.py
# Title: hyperiax/utils/ode.py (ODE solvers: fixed-step explicit Runge-Kutta)
# Cut: module and class docstrings dropped; code unchanged

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Euler:

    def step(self, f, t, dt, y, args):
        return y + dt * f(t, y, args)


@dataclass(frozen=True)
class Heun:

    def step(self, f, t, dt, y, args):
        k1 = f(t, y, args)
        k2 = f(t + dt, y + dt * k1, args)
        return y + 0.5 * dt * (k1 + k2)


@dataclass(frozen=True)
class RK4:

    def step(self, f, t, dt, y, args):
        k1 = f(t, y, args)
        k2 = f(t + 0.5 * dt, y + 0.5 * dt * k1, args)
        k3 = f(t + 0.5 * dt, y + 0.5 * dt * k2, args)
        k4 = f(t + dt, y + dt * k3, args)
        return y + (dt / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)


def solve_ode(vector_field, y0, ts, *, solver=RK4(), args=None):
    step_dts = jnp.diff(ts)

    def body(carry, dt):
        t, y = carry
        y_next = solver.step(vector_field, t, dt, y, args)
        return (t + dt, y_next), y

    (_, y_last), ys = jax.lax.scan(body, (ts[0], y0), step_dts)
    return jnp.concatenate([ys, y_last[None]])

