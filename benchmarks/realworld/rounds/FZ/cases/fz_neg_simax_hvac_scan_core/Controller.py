# Source: https://github.com/paabL/Poster-IFT6162-A25--Generalized-HVAC-control-with-recurrent-RL/blob/14c373ab6e97ea130baf354404ad6af32a063705/SIMAX/Controller.py
# Title: SIMAX/Controller.py (controllers; the MPC differentiates the scanned simulation with eqx.filter_grad)
# Cut: PID and constant controllers, the SciPy MPC step and plotting helpers removed; window helpers, Controller base, Controller_constSeq, mpc_cost_core and the MPC objective set-up kept.
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable, Mapping

import jax64  # noqa: F401
import jax.numpy as jnp
from jax import grad, jit, lax, debug
import jax
import numpy as np
import equinox as eqx

if TYPE_CHECKING:  # only for hints; avoids circular import
    from SIMAX.Simulation import Simulation_JAX


# ------------------------------------------------------------------ #
# Helper Functions (Standalone)
# ------------------------------------------------------------------ #

def _prepare_sim_window(sim, i, window_size, forecast):
    """Prepare the simulation (time_grid and disturbances) for a given window."""
    num_time = sim.time_grid.shape[0]
    end_idx = min(i + window_size, num_time)
    window_grid = sim.time_grid[i:end_idx]
    
    sim_run = sim
    if forecast is not None:
        d_forecast = forecast.get("d")
        # Fallback: look up keys from sim.d in forecast
        if d_forecast is None:
             d_forecast = {k: forecast[k] for k in sim.d if k in forecast}
        
        if d_forecast:
            new_d = {}
            # 1. Slice existing disturbances
            for k, v in sim.d.items():
                v_arr = jnp.asarray(v)
                new_d[k] = v_arr[i:end_idx] if v_arr.shape[0] >= end_idx else v_arr
            # 2. Update with forecast
            new_d.update(d_forecast)
            sim_run = sim.copy(d=new_d, time_grid=window_grid)
            
    return sim_run, window_grid, end_idx

def _get_setpoints_window(setpoints, i, window_size, forecast, target_len, fallback_val=293.15):
    """Get and adapt the setpoint window."""
    if forecast is not None and "ST_window" in forecast:
        sp_window = jnp.asarray(forecast["ST_window"], dtype=jnp.float64)
    else:
        sp_full = jnp.asarray(setpoints, dtype=jnp.float64)
        end_sp = min(i + window_size, sp_full.shape[0])
        sp_window = sp_full[i:end_sp]

    # Padding/truncating to match target_len
    m = sp_window.shape[0]
    if m == 0:
        return jnp.full((target_len,), fallback_val, dtype=jnp.float64)
    if m < target_len:
        pad = jnp.full((target_len - m,), sp_window[-1], dtype=jnp.float64)
        return jnp.concatenate([sp_window, pad])
    if m > target_len:
        return sp_window[:target_len]
    return sp_window


# ------------------------------------------------------------------ #
# Controllers
# ------------------------------------------------------------------ #

class Controller(eqx.Module, ABC):
    """Base class for controllers compatible with JAX simulations."""

    def init_state(self):
        return None

    def setpoint_value(self, idx, *, fallback):
        seq = jnp.asarray(self.SetPoints, dtype=jnp.float64)
        if seq.size == 0:
            return jnp.asarray(fallback, dtype=jnp.float64)
        last = max(int(seq.shape[0]) - 1, 0)
        safe_idx = jnp.asarray(jnp.clip(idx, 0, last), dtype=jnp.int32)
        return seq[safe_idx]

    @abstractmethod
    def compute_control(self, *, idx, y_measurements, disturbances, ctrl_state, ST=None, dt=None, forecast=None, W=None):
        raise NotImplementedError




class Controller_constSeq(Controller):
    oveHeaPumY_u: jnp.ndarray

    def compute_control(self, *, idx, y_measurements, disturbances, ctrl_state, ST=None, dt=None, forecast=None, W=None):
        seq = jnp.asarray(self.oveHeaPumY_u, dtype=jnp.float64)
        clipped = jnp.clip(idx, 0, max(seq.shape[0] - 1, 0))
        return {
            "oveHeaPumY_u": seq[clipped],
            "oveHeaPumY_activate": jnp.ones_like(seq[clipped]),
        }, ctrl_state




# ------------------------------------------------------------------ #
# MPC Core & Controller
# ------------------------------------------------------------------ #

def mpc_cost_core(u_window_bloc, x_i, i, setpoints, sim, time_grid, window_size, n, forecast=None):
    """
    Compute MPC-window costs [energy, comfort] (pure JAX function).

    From a block control vector `u_window_bloc` (one value per block), we build
    the fine control `u_window` by repeating each value `n` times and truncating
    to `horizon_len`, then simulate the system and integrate (trapezoids) the
    net power and the comfort error.

    Parameters
    ----------
    u_window_bloc : array_like
        Reduced control, repeated in blocks of size n to form `u_window`.
    x_i : array_like
        Initial state at the start of the window (index i).
    i : int
        Current index in the global time grid.
    setpoints : array_like or callable
        Temperature setpoints over the horizon.
    sim : Simulation
        Simulation object compatible with `run(...)`.
    time_grid : array_like
        Global time grid.
    window_size : int
        Prediction window size (in time steps).
    n : int
        Repetition factor for values of `u_window_bloc`.
    forecast : optional
        Optional forecast data for the window.

    Returns
    -------
    jnp.ndarray
        Array (2,): [energy_cost, comfort_cost].
    """
    i = int(i)
    window_size = int(window_size)
    n = int(n)

    # Prepare simulation
    sim_run, window_grid, end_idx = _prepare_sim_window(sim, i, window_size, forecast)

    # Reconstruct the control
    horizon_len = end_idx - i
    u_window = jnp.repeat(u_window_bloc, n)[:horizon_len]
    u_window = jnp.clip(u_window, 0.0, 1.0)

    # Simulation interne (JAX)
    x_i = jnp.asarray(x_i, dtype=jnp.float64)
    controller = Controller_constSeq(oveHeaPumY_u=u_window)
    t, y_sim, _state, _controls = sim_run.run(time_grid=window_grid, x0=x_i, controller=controller)

    # Extract results
    y_arr = jnp.asarray(y_sim, dtype=jnp.float64)
    if y_arr.ndim == 1:
        y_arr = y_arr[:, None]
    tz_sim = y_arr[:, 0]
    qc_sim = y_arr[:, 1] if y_arr.shape[1] > 1 else jnp.zeros_like(tz_sim)
    qe_sim = y_arr[:, 2] if y_arr.shape[1] > 2 else jnp.zeros_like(tz_sim)

    # Costs
    P_heatpump = qc_sim - qe_sim
    sp_window = _get_setpoints_window(setpoints, i, window_size, forecast, tz_sim.shape[0])
    delta_T = jnp.abs(sp_window - tz_sim)

    energy_cost = jnp.trapezoid(P_heatpump, t)
    comfort_cost = jnp.trapezoid(delta_T, t)

    return jnp.array([energy_cost, comfort_cost])




class Controller_MPC(Controller):
    """
    MPC skeleton controller.
    """
    # NOTE: This controller cannot be jitted as-is
    # because it depends on the SciPy optimizer (Python side).
    # TODO: Make the controller generic for any simulation
    sim: "Simulation_JAX"
    window_size: int
    n: int = 1 # Control every n steps
    W: jnp.ndarray = eqx.field(default_factory=lambda: jnp.asarray([0.2/1000.0, 10.0], dtype=jnp.float64))
    cost_core: Callable[..., Any] = eqx.field(default=mpc_cost_core, static=True, repr=False)
    verbose: bool = True

    SetPoints: jnp.ndarray = eqx.field(default_factory=lambda: jnp.asarray([],dtype=jnp.float64))
    i: int = 0
    _objective_jit: Callable[..., Any] = eqx.field(init=False, repr=False, static=True)
    _objective_jit_grad: Callable[..., Any] = eqx.field(init=False, repr=False, static=True)

    def init_state(self):
        """Initialize the MPC state."""
        return {"i": 0, "x_i": self.sim.x0, "u_prev": 0.0, "u_window": None}

    def __post_init__(self):
        objective = type(self)._objective_bound
        def objective_u_first(u_window_bloc, self_ref, x_i, i, setpoints, W, forecast):
            return objective(self_ref, u_window_bloc, x_i, i, setpoints, W, forecast)

        objective_grad = eqx.filter_grad(objective_u_first)
        object.__setattr__(self, "_objective_jit", eqx.filter_jit(objective_u_first))
        object.__setattr__(self, "_objective_jit_grad", eqx.filter_jit(objective_grad))

    def _core_func(self, u_window_bloc, x_i, i, setpoints, forecast):
        return self.cost_core(
            u_window_bloc,
            x_i,
            i,
            setpoints,
            self.sim,
            self.sim.time_grid,
            self.window_size,
            self.n,
            forecast=forecast,
        )

    def _objective_bound(self, u_window_bloc, x_i, i, setpoints, W, forecast):
        costs = self._core_func(u_window_bloc, x_i, i, setpoints, forecast)
        return jnp.dot(W, costs)

    def objective_np(self, u, ctrl_state, W, forecast=None):
        i = int(ctrl_state.get("i", self.i))
        x_i = jnp.asarray(ctrl_state.get("x_i", self.sim.x0), dtype=jnp.float64)
        setpoints = jnp.asarray(ctrl_state.get("setpoints", self.SetPoints), dtype=jnp.float64)
        u_jax = jnp.asarray(u, dtype=jnp.float64)
        return float(self._objective_jit(u_jax, self, x_i, i, setpoints, W, forecast))

    def objective_np_grad(self, u, ctrl_state, W, forecast=None):
        i = int(ctrl_state.get("i", self.i))
        x_i = jnp.asarray(ctrl_state.get("x_i", self.sim.x0), dtype=jnp.float64)
        setpoints = jnp.asarray(ctrl_state.get("setpoints", self.SetPoints), dtype=jnp.float64)
        u_jax = jnp.asarray(u, dtype=jnp.float64)
        return np.asarray(self._objective_jit_grad(u_jax, self, x_i, i, setpoints, W, forecast), dtype=np.float64)
