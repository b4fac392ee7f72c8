# Source: https://github.com/nrober1122/hjnnv/blob/709a22361ee6deaf19530bccc15a9389f773aaa7/src/simulators/beacon_env/beacon_simulator.py
# Title: src/simulators/beacon_env/beacon_simulator.py
# Cut: kept the grid (30 x 30 x 20 x 20 = 360,000 nodes), the initial value function and the
#      construction of the filter; the experiment table, plotting and epsilon checks are dropped,
#      and the import of the filter points at the sibling file. run() is the experiment's closed loop
#      (smoothing branch, timing and observation-perturbation sampling dropped).
import functools
import numpy as np
import jax.numpy as jnp
import hj_reachability as hj

from hjnnv_filter import hjnnvUncertaintyAwareFilter


class BeaconSimulator:
    def __init__(self, dynamics, epsilon, smoothing=False, smoothing_alpha=0.5):
        self.dynamics = dynamics
        self.epsilon = epsilon

        grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
                    hj.sets.Box(
                        np.array([-5., -5., -5., -5.]),
                        np.array([15., 15., 5., 5.])),
                    (30, 30, 20, 20),
                )
        values_ = jnp.stack(
            [jnp.abs(grid.states[..., 0] - 5.),
             jnp.abs(grid.states[..., 1] - 5.)],
            axis=-1
        )
        values = -jnp.max(values_, axis=-1) + 5.

        if smoothing:
            estimation_function = functools.partial(
                dynamics.get_smoothed_state_estimate,
                alpha=smoothing_alpha
            )
        else:
            estimation_function = dynamics.get_state_estimate

        self.hjnnv_filter = hjnnvUncertaintyAwareFilter(
            dynamics=dynamics,
            pred_model=estimation_function,
            grid=grid,
            initial_values=values,
            num_controls=30,
            num_disturbances=2
        )

    def run(self, state, rov_controller, desired_traj, num_steps=650):
        state_hat = state
        u = rov_controller(state_hat, desired_traj, 0)
        for step in range(num_steps):
            t = step * self.dynamics.dt
            obs = self.dynamics.get_observation(state, time=step)
            state_hat = self.dynamics.get_state_estimate(obs).flatten()
            state_bounds = self.hjnnv_filter.nnv_state_bounds(
                obs=obs,
                eps=self.epsilon
            )

            u_nominal = rov_controller(state_hat, desired_traj, t)
            v_star, u_star, worst_val, val_filter, min_vals, distances, _, _, = self.hjnnv_filter.ua_filter_best_u(
                u_nominal,
                state_bounds,
                num_states=2,
                delta=0.01
            )

            if val_filter < 0.0:
                u = u_star
            else:
                u = u_nominal
            state = self.dynamics.step(state, u, self.dynamics.get_random_disturbance(), time=t)
        return state
