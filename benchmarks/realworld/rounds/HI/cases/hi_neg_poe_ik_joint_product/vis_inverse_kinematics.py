# Source: https://github.com/AlexanderFabisch/jaxtransform3d/blob/fd99fb9f68d09061301e6879ae7096b64adba86f/examples/vis/vis_inverse_kinematics.py
# Title: examples/vis/vis_inverse_kinematics.py (Inverse Kinematics and Product of Exponentials)
# Cut: kept imports, product_of_exponentials, the animation callback (one pseudo-inverse IK step
#      per frame) and the set-up of forward/jac; dropped get_screw_axes (URDF -> screw axes of the
#      six joints), the URDF loading and the visualizer/animation calls.
import os
from functools import partial

import chex
import jax.numpy as jnp
import jax.random
import numpy as np
import pytransform3d.transformations as pt
import pytransform3d.visualizer as pv
from pytransform3d.urdf import UrdfTransformManager

import jaxtransform3d.transformations as jt



# %%
# Once we have this information, the implementation of the product of
# exponentials is straightforward:
#
# 1. We multiply the screw axis of each joint with the corresponding joint
#    angle to obtain the exponential coordinates of each relative joint
#    displacement.
# 2. We concatenate the relative joint displacements and the base pose to
#    obtain the end-effector's pose.
def product_of_exponentials(ee2base_home, screw_axes_home, joint_limits, thetas):
    """Compute probabilistic forward kinematics.

    This is based on the probabilistic product of exponentials.

    Parameters
    ----------
    ee2base_home : array, shape (4, 4)
        The home configuration (position and orientation) of the
        end-effector.

    screw_axes_home : array, shape (n_joints, 6)
        The joint screw axes in the space frame when the manipulator is at
        the home position.

    joint_limits : array, shape (n_joints, 2)
        Joint limits: joint_limits[:, 0] contains the minimum values and
        joint_limits[:, 1] contains the maximum values.

    thetas : array, shape (n_joints,)
        A list of joint coordinates.

    Returns
    -------
    ee2base : array, shape (6,)
        Exponential coordinates of transformation from end-effector to base.
    """
    chex.assert_equal_shape_prefix((screw_axes_home, thetas), prefix_len=1)

    thetas = jnp.clip(thetas, joint_limits[:, 0], joint_limits[:, 1])
    exp_coords = screw_axes_home * thetas[:, jnp.newaxis]
    joint_displacements = jt.transform_from_exponential_coordinates(exp_coords)

    T = jnp.eye(4)
    for joint_displacement in joint_displacements:
        T = T @ joint_displacement
    T = T @ ee2base_home

    return jt.exponential_coordinates_from_transform(T)


# %%
# Inverse Kinematics Solver
# -------------------------
# We define a callback to animate the visualization. At the beginning of each
# animation, we sample a random goal.
# In each frame, we compute one step of the numerical inverse kinematics
# solver. We use the Jacobian pseudo-inverse to reduce the pose error. In
# addition, we perform a null-space projection to avoid getting close to the
# joint limits.
def animation_callback(step, tm, graph, target_frame, joint_names):
    global key, target, thetas

    if step == 0:
        key, sampling_key = jax.random.split(key, 2)
        current_exp_coords = forward(thetas)
        exp_coords = 0.9 * current_exp_coords + jnp.array(
            [0.5] * 3 + [0.1] * 3
        ) * jax.random.normal(sampling_key, shape=(6,))
        target = jt.transform_from_exponential_coordinates(exp_coords)
        target_frame.set_data(A2B=target)

    # details: https://www.cs.cmu.edu/~15464-s13/lectures/lecture6/iksurvey.pdf
    J = jac(thetas)
    J_inv = jnp.linalg.pinv(J)
    error = jt.exponential_coordinates_from_transform(target) - forward(thetas)
    new_thetas = (
        thetas
        + 0.2 * J_inv @ error
        + 0.05 * (jnp.eye(len(thetas)) - J_inv @ J) @ -thetas
    )
    if not jnp.any(jnp.isnan(new_thetas)):
        thetas = jnp.clip(new_thetas, joint_limits[:, 0], joint_limits[:, 1])
    print(thetas)

    for joint_name, value in zip(joint_names, thetas, strict=False):
        tm.set_joint(joint_name, value)
    graph.set_data()

    return graph, target_frame


# %%
# Setup
# %%
# define the kinematic chain that we are interested in,
joint_names = [f"joint{i}" for i in range(1, 7)]
tm, ee2base_home, screw_axes_home, joint_limits = get_screw_axes(
    robot_urdf, "tcp", "linkmount", joint_names
)

# %%
# define the Jacobian with JAX,
forward = jax.jit(
    partial(
        product_of_exponentials,
        ee2base_home,
        screw_axes_home,
        joint_limits,
    )
)
jac = jax.jit(jax.jacfwd(forward))

# %%
# and define the joint angles.
thetas = jnp.zeros(6)
for joint_name, theta in zip(joint_names, thetas, strict=True):
    tm.set_joint(joint_name, theta)
key = jax.random.PRNGKey(42)

