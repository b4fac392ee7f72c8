# Source: https://github.com/timamelko25/jax_solver/blob/a0a834a97ccf8893b1bd3043e139eee02118d2b0/src/solver.py
# Title: src/solver.py (IMPES solver for coupled two-phase flow)
# Cut: IMPESSolver.step and run kept (docstrings shortened); CFL step, 2D/3D solvers and PINN helpers dropped.
import jax.numpy as jnp

from .properties import compute_mobility
from .pressure_solver import solve_pressure_1d, compute_velocity_1d
from .saturation_solver import upwind_step, tvd_step


class IMPESSolver:
    """IMPES solver for two-phase flow in porous media."""

    def step(self, Sw, dt=None):
        """Perform one IMPES time step."""
        if dt is None:
            dt = self.config.dt

        q = jnp.zeros(self.config.nx)
        q = q.at[0].set(self.config.q_injection / self.dx)

        p = solve_pressure_1d(
            Sw, self.params, q, self.dx, self.config.p_inlet, self.config.p_outlet
        )

        lambda_w, _, lambda_total = compute_mobility(Sw, self.params)

        u_total, u_w = compute_velocity_1d(p, lambda_total, lambda_w, self.dx)

        Sw_bc = Sw.at[0].set(1.0 - self.params.Sor)

        if self.config.scheme == "upwind":
            Sw_new = upwind_step(Sw_bc, u_total, self.params, dt, self.dx, 1.0)
        else:
            Sw_new = tvd_step(Sw_bc, u_total, self.params, dt, self.dx)

        Sw_new = jnp.maximum(Sw_new, self.params.Swc)
        Sw_new = jnp.minimum(Sw_new, 1.0 - self.params.Sor)

        return Sw_new, p

    def run(self, Sw_init=None):
        """Run full simulation."""
        if Sw_init is None:
            Sw_init = jnp.full(self.config.nx, self.params.Swc)

        n_steps = int(self.config.t_max / self.config.dt)
        n_save = n_steps // self.config.save_interval + 1

        time_history = jnp.zeros(n_save)
        Sw_history = jnp.zeros((n_save, self.config.nx))
        p_history = jnp.zeros((n_save, self.config.nx))

        time_history = time_history.at[0].set(0.0)
        Sw_history = Sw_history.at[0, :].set(Sw_init)

        Sw_current = Sw_init

        save_idx = 1

        for t in range(n_steps):
            Sw_new, p = self.step(Sw_current)

            Sw_current = Sw_new

            if (t + 1) % self.config.save_interval == 0:
                time_history = time_history.at[save_idx].set((t + 1) * self.config.dt)
                Sw_history = Sw_history.at[save_idx, :].set(Sw_current)
                p_history = p_history.at[save_idx, :].set(p)
                save_idx += 1

        return time_history[:save_idx], Sw_history[:save_idx], p_history[:save_idx]
