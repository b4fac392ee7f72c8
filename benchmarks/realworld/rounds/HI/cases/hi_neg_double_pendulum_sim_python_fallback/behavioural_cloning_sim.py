# Source: https://github.com/tud-phi/ics-pa-sv/blob/860ab1758938e68441de1a3267d7af6230e19635/assignment/problem_3/task_3f_behavioural_cloning_torques_configuration_input.ipynb
# Title: task_3f_behavioural_cloning_torques_configuration_input.ipynb (cells 6 and 28, converted to .py)
# Cut: kept the imports used and the closed-loop simulation cell; the notebook leaves the GP
#      evaluation as an exercise ("YOUR CODE HERE" followed by raise NotImplementedError()), which is
#      kept as a single raise inside the with-block so that the file parses. traj_ts, t_ts,
#      ctrl_ff_gravity_compensation and the trained GP come from earlier cells.
from functools import partial
import jax

jax.config.update("jax_platforms", "cpu")  # set default device to 'cpu'
jax.config.update("jax_enable_x64", True)  # double precision
from jax import Array, random
from jax import numpy as jnp
import numpy as np
import torch

from jax_double_pendulum.dynamics import dynamical_matrices
from jax_double_pendulum.robot_simulation import simulate_robot
from jax_double_pendulum.robot_parameters import ROBOT_PARAMS
from jax_double_pendulum.utils import normalize_link_angles

# run the simulation with cloned PD controller

# define feedforward gravity compensation controller
ctrl_ff = partial(
    ctrl_ff_gravity_compensation, partial(dynamical_matrices, ROBOT_PARAMS)
)


# define the feedback function that implements the GP-based controller
def ctrl_fb(th: Array, th_d: Array, th_des: Array, th_d_des: Array) -> Array:
    # compute the normalized joint angles (i.e., relative angles) from the link angles
    th_rel = normalize_link_angles(jnp.array([th[0], th[1] - th[0]]))

    # construct input for GP
    gp_input = torch.tensor(np.array(th_rel)).unsqueeze(0)

    with torch.no_grad():
        # evaluate GP output and use the mean as the controller action
        # YOUR CODE HERE
        raise NotImplementedError()

    tau_gp= tau_gp.numpy().flatten()    
    return tau_gp


# set the initial state to the start of the reference trajectory
th_0 = traj_ts["th_ts"][0]
th_d_0 = traj_ts["th_d_ts"][0]

# simulate the robot together in closed loop with the GP-based controller
print("starting simulation")
sim_ts = simulate_robot(
    ROBOT_PARAMS,
    t_ts=t_ts,
    th_0=th_0,
    th_d_0=th_d_0,
    ctrl_ff=ctrl_ff,
    ctrl_fb=ctrl_fb,
    jit_compile=False,
)
print("finished simulation")
