# Source: https://github.com/jkitchin/differentiable-flowsheets/blob/1ef4f0c7f7a6a63dbc190a6f81a60ea2926bcfc0/src/difflow/dynamic/integrators.py
# Title: src/difflow/dynamic/integrators.py ("Unified ODE integrators for dynamic simulation")
# Cut: RK45 adaptive integrator, result dataclasses' docstrings and the unit wrappers removed; fixed-step RK4/Euler, the dispatcher and integrate_with_grad kept.
from typing import Callable, NamedTuple, Literal
from dataclasses import dataclass
from functools import partial
import jax
import jax.numpy as jnp
from jax import Array, lax


DerivativesFn = Callable[[Array, Array], Array]


class Trajectory(NamedTuple):
    t: Array
    y: Array


class IntegrationInfo(NamedTuple):
    n_steps: int
    n_eval: int
    success: bool
    message: str


@dataclass
class IntegrationResult:
    y_final: Array
    trajectory: Trajectory
    info: IntegrationInfo


def rk4_step(
    f: DerivativesFn,
    t: Array,
    y: Array,
    dt: Array,
) -> Array:
    """Single RK4 step."""
    k1 = f(t, y)
    k2 = f(t + 0.5 * dt, y + 0.5 * dt * k1)
    k3 = f(t + 0.5 * dt, y + 0.5 * dt * k2)
    k4 = f(t + dt, y + dt * k3)

    return y + (dt / 6.0) * (k1 + 2*k2 + 2*k3 + k4)


def integrate_rk4(
    f: DerivativesFn,
    y0: Array,
    t_span: tuple[float, float],
    n_steps: int = 100,
    save_trajectory: bool = True,
) -> IntegrationResult:
    """Integrate ODE using fixed-step RK4."""
    t0, t_final = t_span
    dt = (t_final - t0) / n_steps

    t0 = jnp.asarray(t0)
    dt = jnp.asarray(dt)
    y0 = jnp.asarray(y0)

    def step_fn(carry, _):
        t, y = carry
        y_new = rk4_step(f, t, y, dt)
        t_new = t + dt
        return (t_new, y_new), (t_new, y_new)

    (t_final, y_final), (t_history, y_history) = lax.scan(
        step_fn, (t0, y0), None, length=n_steps
    )

    # Prepend initial state to trajectory
    t_traj = jnp.concatenate([jnp.array([t0]), t_history])
    y_traj = jnp.vstack([y0, y_history])

    return IntegrationResult(
        y_final=y_final,
        trajectory=Trajectory(t_traj, y_traj),
        info=IntegrationInfo(
            n_steps=n_steps,
            n_eval=4 * n_steps,
            success=True,
            message="RK4 integration complete",
        ),
    )


def integrate_euler(
    f: DerivativesFn,
    y0: Array,
    t_span: tuple[float, float],
    n_steps: int = 1000,
) -> IntegrationResult:
    """Integrate ODE using explicit Euler method."""
    t0, t_final = t_span
    dt = (t_final - t0) / n_steps

    t0 = jnp.asarray(t0)
    dt = jnp.asarray(dt)
    y0 = jnp.asarray(y0)

    def step_fn(carry, _):
        t, y = carry
        dy = f(t, y)
        y_new = y + dt * dy
        t_new = t + dt
        return (t_new, y_new), (t_new, y_new)

    (t_final, y_final), (t_history, y_history) = lax.scan(
        step_fn, (t0, y0), None, length=n_steps
    )

    t_traj = jnp.concatenate([jnp.array([t0]), t_history])
    y_traj = jnp.vstack([y0, y_history])

    return IntegrationResult(
        y_final=y_final,
        trajectory=Trajectory(t_traj, y_traj),
        info=IntegrationInfo(
            n_steps=n_steps,
            n_eval=n_steps,
            success=True,
            message="Euler integration complete",
        ),
    )


Method = Literal["RK4", "RK45", "Euler"]


def integrate(
    f: DerivativesFn,
    y0: Array,
    t_span: tuple[float, float],
    method: Method = "RK4",
    **kwargs,
) -> IntegrationResult:
    """Unified interface for ODE integration."""
    if method == "RK4":
        n_steps = kwargs.get("n_steps", 100)
        return integrate_rk4(f, y0, t_span, n_steps=n_steps)
    elif method == "Euler":
        n_steps = kwargs.get("n_steps", 1000)
        return integrate_euler(f, y0, t_span, n_steps=n_steps)
    else:
        raise ValueError(f"Unknown integration method: {method}")


def integrate_with_grad(
    f: DerivativesFn,
    y0: Array,
    t_span: tuple[float, float],
    method: Method = "RK4",
    **kwargs,
) -> tuple[IntegrationResult, Callable]:
    """Integrate ODE and return function to compute gradients."""
    # Use JAX's remat for checkpointing
    @partial(jax.remat, prevent_cse=False)
    def integrate_fn(y0_):
        result = integrate(f, y0_, t_span, method, **kwargs)
        return result.y_final

    result = integrate(f, y0, t_span, method, **kwargs)

    # VJP function
    _, vjp_fn = jax.vjp(integrate_fn, y0)

    return result, vjp_fn
