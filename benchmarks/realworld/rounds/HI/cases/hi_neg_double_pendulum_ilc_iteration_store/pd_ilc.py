# Source: https://github.com/tud-phi/ics-pa-sv/blob/860ab1758938e68441de1a3267d7af6230e19635/assignment/problem_2/task_2d-2_pd_ilc.ipynb
# Title: task_2d-2_pd_ilc.ipynb (cell 17: run_pd_ilc and pd_ilc_iteration, converted to .py)
# Cut: kept the cell verbatim except the docstrings; the "YOUR CODE HERE / raise
#      NotImplementedError()" exercise gaps are the course template's own. Imports from cell 6.
from functools import partial
import jax
from jax import Array, debug, jit, lax, vmap
import jax.numpy as jnp
from typing import Callable, Dict, Tuple

from ilc import init_ilc_its, apply_ilc_control_action_to_system

# import linearize_closed_loop_fb_system_about_trajectory from linearization.ipynb
from ipynb.fs.full.linearization import linearize_closed_loop_fb_system_about_trajectory


def run_pd_ilc(
    rp: dict,
    traj_ts: Dict[str, Array],
    th_0: Array,
    th_d_0: Array,
    num_iterations: int,
    kp_ilc: float = 0.0,
    kd_ilc: float = 0.0,
    kp_fb: Array = jnp.zeros((2, 2)),
    kd_fb: Array = jnp.zeros((2, 2)),
    rp_perturbed: dict = None,
):
    # number of time-steps
    N = traj_ts["t_ts"].shape[0]

    # define perturbed robot parameters used for linearizing the robot
    if rp_perturbed is None:
        rp_perturbed = rp.copy()

    # linearize the system about the trajectory with the corresponding equilibrium states and torques
    #    - tau_eq_ts is the compute equilbrium torque
    #    - Ad_ts, Bd_ts, Cd_ts, Dd_ts are the resulting discrete-time, time-varying, linear state-space matrices
    # It is not allowed to use `rp` here, as the controller is not allowed to have access to the
    # nominal robot model.
    # Hint: use a function from the `linearization.ipynb` notebook.
    tau_eq_ts = jnp.zeros((N, 2))
    Ad_ts, Bd_ts = jnp.zeros((N, 4, 4)), jnp.zeros((N, 4, 2))
    Cd_ts, Dd_ts = jnp.zeros((N, 2, 4)), jnp.zeros((N, 2, 2))
    # YOUR CODE HERE
    raise NotImplementedError()

    # we estimate the ILC control action initially to be zero
    # the torque at the last time index is always zero and never applied to the system
    u_ts = jnp.zeros_like(traj_ts["th_ts"])

    # initialize the dictionary to save iterations
    ilc_its = init_ilc_its(num_iterations, traj_ts)
    ilc_its["tau_eq_ts"] = tau_eq_ts
    ilc_its["u_nextit_ts"] = u_ts

    # Compute the PD-ILC gains L and D
    L = jnp.zeros((2 * (N - 1), 2 * (N - 1)))
    D = jnp.zeros_like(L)
    # YOUR CODE HERE
    raise NotImplementedError()

    # this is the main loop for iterations
    ilc_its = lax.fori_loop(
        0,  # lower bound
        num_iterations,  # upper bound
        partial(
            pd_ilc_iteration,
            rp,
            traj_ts,
            th_0,
            th_d_0,
            tau_eq_ts,
            L,
            D,
            kp_fb,
            kd_fb,
        ),  # function to be called
        ilc_its,  # init_val
    )

    # remove u_ts_next_it entries only needed for the loop
    ilc_its.pop("u_nextit_ts")

    return ilc_its


@jit
def pd_ilc_iteration(
    rp: dict,
    traj_ts: Dict[str, Array],
    th_0: Array,
    th_d_0: Array,
    tau_eq_ts: Array,
    L: Array,
    D: Array,
    kp_fb: Array,
    kd_fb: Array,
    it: int,
    ilc_its: Dict[str, Array],
) -> Dict[str, Array]:
    # Read-out the ILC action `u_ts` computed at the end of the last iteration
    u_ts = ilc_its["u_nextit_ts"]
    ilc_its["u_its"] = ilc_its["u_its"].at[it].set(u_ts)

    # Compute the feedforward torque sequence tau_ilc_ts as a sum of
    # the equilbrium torque and the ILC control action
    tau_ilc_ts = jnp.zeros_like(tau_eq_ts)
    # YOUR CODE HERE
    raise NotImplementedError()

    # simulate the system with the current control action
    sim_ts, ilc_its = apply_ilc_control_action_to_system(
        rp=rp,
        traj_ts=traj_ts,
        th_0=th_0,
        th_d_0=th_d_0,
        it=it,
        ilc_its=ilc_its,
        tau_ilc_ts=tau_ilc_ts,
        kp_fb=kp_fb,
        kd_fb=kd_fb,
    )

    # Call the PD-ILC learning rule
    # Hint: the sequence of link angles is stored in the `traj_ts` and `sim_ts` dictionaries.
    u_nextit_ts = jnp.zeros_like(u_ts)
    # YOUR CODE HERE
    raise NotImplementedError()

    # Store the ILC action for the next iteration in the dictionary
    ilc_its["u_nextit_ts"] = u_nextit_ts

    return ilc_its
