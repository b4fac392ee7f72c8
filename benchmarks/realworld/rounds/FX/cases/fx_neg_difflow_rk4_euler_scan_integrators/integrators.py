# Source: https://github.com/jkitchin/differentiable-flowsheets/blob/1ef4f0c7f7a6a63dbc190a6f81a60ea2926bcfc0/src/difflow/dynamic/integrators.py
# Title: difflow/dynamic/integrators.py -- Unified ODE integrators for dynamic simulation
# Cut: the RK4 and Euler fixed-step integrators, the unified integrate() entry point and
#      integrate_unit kept; the adaptive RK45 (lax.while_loop) integrator, the checkpointed
#      gradient helpers and the module docstring removed; docstrings shortened. The last
#      function, final_state_gradient, is reconstructed from test_cstr_gradient_through_integration
#      in the repository's tests (jax.grad of a final mole number through integrate, RK4, 50 steps).
from typing import Callable, NamedTuple, Literal
from dataclasses import dataclass
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


Method = Literal["RK4", "Euler"]


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


def integrate_unit(
    unit,  # DynamicUnit
    inputs: dict,  # dict[str, Stream]
    t_span: tuple[float, float],
    y0: Array | None = None,
    method: Method = "RK4",
    **kwargs,
) -> IntegrationResult:
    """Integrate a DynamicUnit over time."""
    if y0 is None:
        y0 = unit.initial_state(inputs)

    def f(t, y):
        return unit.derivatives(t, y, inputs)

    return integrate(f, y0, t_span, method, **kwargs)


def final_state_gradient(unit, inputs, y0, t_span):
    """Example use: gradient of a final mole number through the scan-based RK4."""
    def objective(y0_):
        f = lambda t, y: unit.derivatives(t, y, inputs)
        result = integrate(f, y0_, t_span, method="RK4", n_steps=50)
        return result.y_final[1]
    return jax.grad(objective)(y0)
