# Source: https://github.com/nrober1122/hjnnv/blob/709a22361ee6deaf19530bccc15a9389f773aaa7/src/hjnnv.py
# Title: src/hjnnv.py (class hjnnvUncertaintyAwareFilter)
# Cut: kept __init__ (value function from hj.step), make_grid and ua_filter_best_u (the filter the
#      simulator calls); dropped the CROWN bound methods, ua_filter_max_val (same shape, unused) and
#      commented-out code.
import functools
import jax
import jax.numpy as jnp
import numpy as np

import hj_reachability as hj


class hjnnvUncertaintyAwareFilter:
    def __init__(self,
                 dynamics,
                 pred_model,
                 grid,
                 initial_values,
                 num_controls=10,
                 num_disturbances=5,
                 time_horizon=10.0,
                 ):
        solver_settings = hj.SolverSettings.with_accuracy(
            "very_high",
            hamiltonian_postprocessor=hj.solver.backwards_reachable_tube,
        )

        final_time = 0.
        target_time = -time_horizon
        target_values = hj.step(
            solver_settings,
            dynamics,
            grid,
            final_time,
            initial_values,
            target_time
        )

        self.dynamics = dynamics
        self.pred_model = pred_model
        self.grid = grid

        self.target_values = target_values

        self.disturbance_vals = self.make_grid(
            dynamics.disturbance_space.lo,
            dynamics.disturbance_space.hi,
            num_disturbances
        )

        self.control_vals = self.make_grid(
            dynamics.control_space.lo,
            dynamics.control_space.hi,
            num_controls
        )

    def make_grid(self, lo, hi, num_points):
        d = len(lo)
        if isinstance(num_points, int):
            num_points = [num_points] * d
        elif isinstance(num_points, (jnp.ndarray, np.ndarray)):
            num_points = list(np.array(num_points).tolist())
        axes = [jnp.linspace(lo[i], hi[i], int(num_points[i])) for i in range(d)]
        mesh = jnp.meshgrid(*axes, indexing="ij")
        return jnp.stack(mesh, axis=-1).reshape(-1, d)

    @functools.partial(jax.jit, static_argnames=("self", "num_states"))
    def ua_filter_best_u(self, u_control, state_bounds, num_states=5, delta=0.0):
        # Construct state grid
        axes = [jnp.linspace(lo, hi, num_states) for lo, hi in zip(state_bounds.lo, state_bounds.hi)]
        mesh = jnp.meshgrid(*axes, indexing="ij")
        states = jnp.stack(mesh, axis=-1).reshape(-1, len(axes))

        def evaluate_u(u):
            u = jnp.atleast_1d(u)

            def eval_x_d(x):
                def eval_d(d):
                    d = jnp.atleast_1d(d)
                    next_state = self.dynamics.step(x, u, d, 0.0)
                    val = self.grid.interpolate(self.target_values, next_state)
                    return val
                return jnp.min(jax.vmap(eval_d)(self.disturbance_vals))
            return jnp.min(jax.vmap(eval_x_d)(states))

        # Evaluate nominal control
        val_filter = evaluate_u(u_control)

        # Evaluate all candidate controls
        min_vals = jax.vmap(evaluate_u)(self.control_vals)
        worst_val = jnp.min(min_vals)
        best_val = jnp.max(min_vals)

        # Compute distances to nominal
        distances = (
            jnp.linalg.norm(self.control_vals - u_control, axis=-1)
            if self.control_vals.ndim > 1
            else jnp.abs(self.control_vals - u_control)
        )

        # Mask for candidates above delta
        mask = min_vals >= delta
        any_above = jnp.any(mask)

        # If any candidate meets delta, pick closest to u_control; else pick argmax
        best_idx = jnp.where(
            any_above,
            jnp.argmin(jnp.where(mask, distances, jnp.inf)),
            jnp.argmax(min_vals)
        )

        best_u = self.control_vals[best_idx]

        return best_val, best_u, worst_val, val_filter, min_vals, distances, any_above, best_idx
