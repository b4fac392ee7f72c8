# Source: https://github.com/paabL/Poster-IFT6162-A25--Generalized-HVAC-control-with-recurrent-RL/blob/14c373ab6e97ea130baf354404ad6af32a063705/SIMAX/Simulation.py
# Title: SIMAX/Simulation.py (JAX simulation engine for the RC5 building / heat-pump model)
# Cut: dataset class, plotting, identification and reporting code removed; the jitted scan core, run(), the NumPy debug loop run_numpy() and the integrators kept.
from dataclasses import replace
from typing import Any

import numpy as np
import equinox as eqx
import jax.numpy as jnp
from jax import lax

from SIMAX.Models import Model_JAX

@eqx.filter_jit
def _run_core(model, x0_arr, t_grid, ctrl, d_payloads, base_time_grid, integrator, use_subgrid: bool):
    """Jitted core of the simulation (pure numerical code)."""
    dtype = x0_arr.dtype

    dt0 = t_grid[1] - t_grid[0]
    dt_seq = jnp.diff(t_grid, prepend=t_grid[:1] - dt0)

    ctrl_state0 = ctrl.init_state()

    n = t_grid.size
    if use_subgrid:
        base = jnp.asarray(base_time_grid, dtype=dtype)
        sub0 = t_grid[0]
        idx0 = jnp.nonzero(base == sub0, size=1, fill_value=0)[0]
        offset = jnp.asarray(idx0, dtype=jnp.int32)[0]
    else:
        offset = jnp.asarray(0, dtype=jnp.int32)

    d_keys = tuple(d_payloads.keys())
    idx_seq = jnp.arange(n, dtype=jnp.int32)
    global_idx = offset + idx_seq
    d_series = []
    for key in d_keys:
        full = jnp.asarray(d_payloads[key], dtype=dtype)
        d_series.append(jnp.take(full, global_idx, axis=0))

    scan_inputs = (dt_seq, *d_series, idx_seq)

    def scan_step(carry, data):
        state, ctrl_state = carry
        dt = data[0]
        d_vals = data[1:-1]
        idx = data[-1]
        d_payload = {k: v for k, v in zip(d_keys, d_vals)}

        u_payload, next_ctrl_state = ctrl.compute_control(
            idx=idx,
            y_measurements=state,
            disturbances=d_payload,
            ctrl_state=ctrl_state,
            dt=dt,
        )
        u_payload = {k: jnp.asarray(v, dtype=dtype) for k, v in u_payload.items()}

        def rhs(y):
            return model.state_derivative(y, u_payload, d_payload)

        nxt = integrator(rhs, state, dt)

        y_out = model.h(nxt, u_payload, d_payload)
        if isinstance(y_out, (tuple, list)):
            y_vec = jnp.stack(
                [jnp.asarray(comp, dtype=dtype) for comp in y_out]
            ).astype(dtype)
        else:
            y_arr = jnp.asarray(y_out, dtype=dtype)
            y_vec = y_arr.reshape((-1,))

        record_u = {k: jnp.asarray(v, dtype=dtype) for k, v in u_payload.items()}

        return (nxt, next_ctrl_state), (y_vec, nxt, record_u)

    (_, _), (y_seq, states_seq, u_records) = lax.scan(
        scan_step, (x0_arr, ctrl_state0), scan_inputs
    )

    controls = {k: jnp.asarray(v, dtype=dtype) for k, v in u_records.items()}

    return t_grid, y_seq, states_seq, controls


class Simulation_JAX(eqx.Module):
    """JAX simulation engine for dynamic systems."""

    time_grid: jnp.ndarray
    d: dict[str, jnp.ndarray]
    model: Model_JAX
    controller: "Controller"
    x0: jnp.ndarray
    integrator: Any | None = eqx.field(static=True, default=None)

    def __post_init__(self):
        """Configure the numerical integrator after creation."""
        self.configure_integrator()

    def configure_integrator(self):
        """Select the integration scheme from `integrator`."""
        integ = self.integrator
        if integ is None or isinstance(integ, str):
            # By default, use RK2 (Heun) as a precision/cost compromise
            name = (integ or "rk2").lower()
            table = {
                "rk4": self.rk4_step,
                "rk2": self.rk2_step,  # Heun
                "euler": self.euler_step,
            }
            object.__setattr__(self, "integrator", table.get(name, self.rk2_step))

    def copy(self, **overrides):
        """Create an immutable copy with some fields overridden."""
        new = replace(self, **overrides)
        new.configure_integrator()
        return new

    # ---------- Interface publique JAX ----------

    def run(self, theta=None, *, x0=None, time_grid=None, controller=None):
        """Run the simulation on a time grid (Python interface)."""

        # Model (frozen theta or updated)
        if theta is None:
            model = self.model
        else:
            model = eqx.tree_at(lambda m: m.theta, self.model, theta)

        # Initial state
        if x0 is None:
            if self.x0 is None:
                raise ValueError("No initial state provided (x0=None and self.x0=None).")
            x0_arr = jnp.asarray(self.x0, dtype=jnp.float64)
        else:
            x0_arr = jnp.asarray(x0, dtype=jnp.float64)

        # Time grid
        t_grid = time_grid if time_grid is not None else self.time_grid
        if t_grid.size < 2:
            raise ValueError("The time grid must contain at least two points.")

        # Whether we're using a subgrid
        use_subgrid = time_grid is not None and (t_grid.size != self.time_grid.size)

        # Controller
        ctrl = controller or self.controller

        # Call the jitted core
        return _run_core(model, x0_arr, t_grid, ctrl, self.d, self.time_grid, self.integrator, use_subgrid)

    # ---------- NumPy version (debug / tracing) ----------

    def run_numpy(self, theta=None, *, x0=None, time_grid=None, controller=None):
        """NumPy version of `run`: Python loop + JAX integrator."""
        # Model
        if theta is None:
            model = self.model
        else:
            model = eqx.tree_at(lambda m: m.theta, self.model, theta)

        # Initial state
        if x0 is None:
            if self.x0 is None:
                raise ValueError("No initial state provided (x0=None and self.x0=None).")
            x = np.asarray(self.x0, dtype=np.float64)
        else:
            x = np.asarray(x0, dtype=np.float64)

        # Time grid
        t_grid = np.asarray(
            time_grid if time_grid is not None else self.time_grid,
            dtype=np.float64,
        )
        if t_grid.size < 2:
            raise ValueError("The time grid must contain at least two points.")
        dt0 = t_grid[1] - t_grid[0]

        ctrl = controller or self.controller
        ctrl_state = ctrl.init_state()
        ctrl_states: list[Any] = []
        mpc_logs: list[dict[str, Any]] = []
        last_forecast_idx = None

        n = t_grid.size
        if time_grid is not None and n != self.time_grid.size:
            base = np.asarray(self.time_grid)
            sub = t_grid
            idx0 = np.where(base == sub[0])[0]
            if idx0.size == 0:
                raise ValueError(
                    "time_grid does not match a subset of the simulation time grid."
                )
            offset = int(idx0[0])
        else:
            offset = 0

        d_arrays = {}
        for key, full in self.d.items():
            arr = np.asarray(full, dtype=np.float64)
            if offset + n > arr.shape[0]:
                raise ValueError("Forcings are shorter than the requested time grid.")
            d_arrays[key] = arr[offset : offset + n]

        y_list: list[np.ndarray] = []
        states = np.zeros((n, x.size), dtype=np.float64)
        u_records: dict[str, list[float]] = {}

        for k in range(n):
            dt = dt0 if k == 0 else t_grid[k] - t_grid[k - 1]

            d_payload_np = {name: d_arrays[name][k] for name in d_arrays}
            d_jax = {
                name: jnp.asarray(val, dtype=jnp.float64)
                for name, val in d_payload_np.items()
            }

            u_payload, ctrl_state = ctrl.compute_control(
                idx=k,
                y_measurements=x,
                disturbances=d_payload_np,
                ctrl_state=ctrl_state,
                dt=dt,
            )
            if isinstance(ctrl_state, dict):
                ctrl_states.append(dict(ctrl_state))
            else:
                ctrl_states.append(ctrl_state)
            u_jax = {
                name: jnp.asarray(val, dtype=jnp.float64)
                for name, val in u_payload.items()
            }

            if isinstance(ctrl_state, dict) and "latest_forecast" in ctrl_state:
                fc = ctrl_state["latest_forecast"]
                fc_idx = int(fc.get("decision_idx", k))
                if fc_idx != last_forecast_idx:
                    fc_time = np.asarray(fc.get("time", []), dtype=np.float64)
                    fc_y = np.asarray(fc.get("y", []), dtype=np.float64)
                    fc_u = (
                        np.asarray(fc.get("u", []), dtype=np.float64)
                        if "u" in fc
                        else None
                    )
                    if fc_time.size > 0 and fc_y.size > 0:
                        entry = {
                            "time": fc_time,
                            "y": fc_y,
                            "decision_idx": fc_idx,
                            "decision_time": float(t_grid[k]),
                        }
                        if fc_u is not None:
                            entry["u"] = fc_u
                        mpc_logs.append(entry)
                        last_forecast_idx = fc_idx

            y0 = jnp.asarray(x, dtype=jnp.float64)
            dt_jax = jnp.asarray(dt, dtype=jnp.float64)

            def rhs(y):
                return model.state_derivative(y, u_jax, d_jax)

            nxt = self.integrator(rhs, y0, dt_jax)
            x = np.asarray(nxt, dtype=np.float64)

            y_out = model.h(nxt, u_jax, d_jax)
            if isinstance(y_out, (tuple, list)):
                y_vec = np.stack(
                    [np.asarray(comp, dtype=np.float64) for comp in y_out]
                )
            else:
                y_arr = np.asarray(y_out, dtype=np.float64)
                y_vec = y_arr.reshape((-1,))
            y_list.append(y_vec)

            states[k] = x
            for name, val in u_payload.items():
                u_records.setdefault(name, []).append(float(val))

        y = np.vstack(y_list)
        u_record_arrays = {
            name: np.asarray(vals, dtype=np.float64)
            for name, vals in u_records.items()
        }

        return t_grid, y, states, u_record_arrays, ctrl_states, mpc_logs

    @staticmethod
    def rk4_step(rhs, state, dt):
        """Perform a Runge–Kutta 4 step."""
        h = jnp.maximum(dt, 0.0)
        k1 = rhs(state)
        k2 = rhs(state + 0.5 * h * k1)
        k3 = rhs(state + 0.5 * h * k2)
        k4 = rhs(state + h * k3)
        return state + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)

    @staticmethod
    def rk2_step(rhs, state, dt):
        """Perform a Runge–Kutta 2 step (Heun's method)."""
        h = jnp.maximum(dt, 0.0)
        k1 = rhs(state)
        k2 = rhs(state + h * k1)
        return state + 0.5 * h * (k1 + k2)


    @staticmethod
    def euler_step(rhs, state, dt):
        """Perform an explicit Euler step."""
        h = jnp.maximum(dt, 0.0)
        return state + h * rhs(state)
