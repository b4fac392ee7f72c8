# Source: https://github.com/mydulee06/pyroki/blob/0411e6d05bb2783efc8c008f3e72363be835645d/examples/14_batch_eetrack.py
# Title: examples/14_batch_eetrack.py (batch end-effector tracking trajectory optimisation for a G1 humanoid welding arm)
# Cut: kept imports, the collision helpers, analyze_trajectory, the jitted solve factory and
#      process_batch_parallel (vmap over sampled welding paths); dropped config/URDF loading,
#      path sampling, result bookkeeping, saving and main().
import time
import argparse
from pathlib import Path
from typing import Tuple, TypedDict
import numpy as np
import jax
import jax.numpy as jnp
import jax_dataclasses as jdc
import jaxlie
import jaxls
import pyroki as pk
import yaml
import yourdfpy
from eetrack.utils.weld_objects import WeldObject
from jaxls import TerminationConfig, TrustRegionConfig
from pyroki.collision._robot_collision_custom import RobotCollision


class TrackingWeights(TypedDict):
    position_tracking: float
    orientation_tracking: float
    smoothness: float
    joint_limits: float
    collision: float
def convert_collision_pairs_to_indices(collision_pairs, robot_collision):
    link_names = robot_collision.link_names
    link_name_to_idx = {name: i for i, name in enumerate(link_names)}
    active_idx_i = []
    active_idx_j = []
    for pair in collision_pairs:
        if pair[0] in link_name_to_idx and pair[1] in link_name_to_idx:
            active_idx_i.append(link_name_to_idx[pair[0]])
            active_idx_j.append(link_name_to_idx[pair[1]])
    return jnp.array(active_idx_i), jnp.array(active_idx_j)

def compute_collision_costs(robot, coll_capsules, robot_cfg, active_idx_i, active_idx_j, safety_margin, collision_weight, link_indices_for_collision):
    Ts_link_world_wxyz_xyz = robot.forward_kinematics(cfg=robot_cfg)
    Ts_link_world_wxyz_xyz = Ts_link_world_wxyz_xyz[jnp.array(link_indices_for_collision)]
    import jaxlie
    coll_world = coll_capsules.transform(jaxlie.SE3(Ts_link_world_wxyz_xyz))
    from pyroki.collision._collision import pairwise_collide
    dist_matrix = pairwise_collide(coll_world, coll_world)
    dists = dist_matrix[active_idx_i, active_idx_j]
    costs = jnp.maximum(0, safety_margin - dists) * collision_weight
    return costs, dists

@jax.jit
def collision_cost_jax(
    robot_cfg,
    robot,
    coll_capsules,
    active_idx_i,
    active_idx_j,
    safety_margin,
    collision_weight,
    link_indices_for_collision
):
    costs, _ = compute_collision_costs(robot, coll_capsules, robot_cfg, active_idx_i, active_idx_j, safety_margin, collision_weight, link_indices_for_collision)
    return jnp.array([jnp.sum(costs)])

def se3_from_pose(pose):
    # pose: (7,) [x, y, z, x, y, z, w] (xyzw)
    return jaxlie.SE3.from_rotation_and_translation(
        jaxlie.SO3.from_quaternion_xyzw(pose[3:]), pose[:3]
    )

se3_from_pose_vmap = jax.vmap(se3_from_pose, in_axes=0)

def analyze_trajectory(robot, joints, target_poses, config, collision_pairs=None, robot_collision=None, safety_margin=None, collision_weight=None):
    num_timesteps = joints.shape[0]
    max_position_error = 0.0
    max_orientation_error = 0.0
    max_collision_cost = 0.0
    
    for t in range(num_timesteps):
        robot_cfg = joints[t]
        end_effector_link_idx = robot.links.names.index("end_effector")
        fk_poses_arr = robot.forward_kinematics(cfg=robot_cfg)
        ee_pose_in_root_arr = fk_poses_arr[end_effector_link_idx]
        T_root_ee = jaxlie.SE3(ee_pose_in_root_arr)
        T_world_root = jaxlie.SE3.identity()
        ee_pose = T_world_root @ T_root_ee
        target_se3 = jaxlie.SE3.from_rotation_and_translation(
            jaxlie.SO3.from_quaternion_xyzw(target_poses[t, 3:]),
            target_poses[t, :3]
        )
        error = (target_se3.inverse() @ ee_pose).log()
        position_error = jnp.linalg.norm(error[:3])
        orientation_error = jnp.linalg.norm(error[3:])
        max_position_error = jnp.maximum(max_position_error, position_error)
        max_orientation_error = jnp.maximum(max_orientation_error, orientation_error)
        
        if collision_pairs is not None and robot_collision is not None and safety_margin is not None and collision_weight is not None:
            link_indices_for_collision = [robot.links.names.index(name) for name in robot_collision.link_names]
            active_idx_i, active_idx_j = convert_collision_pairs_to_indices(collision_pairs, robot_collision)
            costs, _ = compute_collision_costs(
                robot, robot_collision.coll, robot_cfg,
                active_idx_i, active_idx_j,
                safety_margin, collision_weight,
                link_indices_for_collision
            )
            total_collision_cost = jnp.sum(costs)
            max_collision_cost = jnp.maximum(max_collision_cost, total_collision_cost)
    
    return max_position_error, max_orientation_error, max_collision_cost

def make_solve_eetrack_optimization_jitted(robot, robot_collision, weights, max_iterations, collision_pairs, safety_margin):
    active_idx_i, active_idx_j = convert_collision_pairs_to_indices(collision_pairs, robot_collision)
    coll_capsules = robot_collision.coll
    link_indices_for_collision = [robot.links.names.index(name) for name in robot_collision.link_names]

    @jax.jit
    def solve(target_poses):
        timesteps = target_poses.shape[0]
        var_joints = robot.joint_var_cls(jnp.arange(timesteps))

        @jaxls.Cost.create_factory
        def path_tracking_cost_t(
            var_values: jaxls.VarValues,
            var_robot_cfg_t: jaxls.Var[jnp.ndarray],
            target_pose_t: jnp.ndarray,
        ) -> jax.Array:
            robot_cfg = var_values[var_robot_cfg_t]
            T_world_root = jaxlie.SE3.identity()
            end_effector_link_idx = robot.links.names.index("end_effector")
            fk_poses_arr = robot.forward_kinematics(cfg=robot_cfg)
            ee_pose_in_root_arr = fk_poses_arr[end_effector_link_idx]
            T_root_ee = jaxlie.SE3(ee_pose_in_root_arr)
            ee_pose = T_world_root @ T_root_ee
            target_se3 = se3_from_pose(target_pose_t)
            error = (target_se3.inverse() @ ee_pose).log()
            position_error = error[:3]
            orientation_error = error[3:]
            weighted_error = jnp.hstack([
                position_error * weights["position_tracking"],
                orientation_error * weights["orientation_tracking"],
            ])
            return weighted_error

        @jaxls.Cost.create_factory
        def smoothness_cost_t(
            var_values: jaxls.VarValues,
            var_robot_cfg_curr: jaxls.Var[jnp.ndarray],
            var_robot_cfg_prev: jaxls.Var[jnp.ndarray],
        ) -> jax.Array:
            curr_cfg = var_values[var_robot_cfg_curr]
            prev_cfg = var_values[var_robot_cfg_prev]
            return (curr_cfg - prev_cfg) * weights["smoothness"]

        @jaxls.Cost.create_factory
        def collision_cost_t(
            var_values: jaxls.VarValues,
            var_robot_cfg_t: jaxls.Var[jnp.ndarray],
        ) -> jax.Array:
            robot_cfg = var_values[var_robot_cfg_t]
            return collision_cost_jax(
                robot_cfg,
                robot,
                coll_capsules,
                active_idx_i,
                active_idx_j,
                safety_margin,
                weights["collision"],
                link_indices_for_collision
            )

        costs = []
        for t in range(timesteps):
            costs.append(path_tracking_cost_t(var_joints[t], target_poses[t]))
            costs.append(pk.costs.limit_cost(robot, var_joints[t], weights["joint_limits"]))
            costs.append(collision_cost_t(var_joints[t]))
        for t in range(timesteps - 1):
            costs.append(smoothness_cost_t(var_joints[t+1], var_joints[t]))
        termination_config = TerminationConfig(
            max_iterations=max_iterations,
            early_termination=False,
        )
        solution = (
            jaxls.LeastSquaresProblem(costs, [var_joints])
            .analyze()
            .solve(
                termination = termination_config,
            )
        )
        solved_Ts_world_root = tuple([jaxlie.SE3.identity() for _ in range(timesteps)])
        solved_joints = jnp.stack([solution[var_joints[t]] for t in range(timesteps)])
        return solved_Ts_world_root, solved_joints
    return solve


def process_batch_parallel(config, asset_dir, robot, robot_collision, modified_urdf, weights, max_iterations, samples, solve_fn, collision_pairs, safety_margin, batch_idx=None, num_batches=None):
    # samples: (B, 4)
    B = samples.shape[0]
    sampled_x, sampled_y, sampled_yaw, sampled_z = samples[:,0], samples[:,1], samples[:,2], samples[:,3]
    welding_paths = get_welding_path_batch(config, asset_dir, modified_urdf, sampled_x, sampled_y, sampled_yaw, sampled_z)  # (B, T, 7)
    # batch TrajOpt (vmap)
    start_time = time.time()
    Ts_world_root_batch, joints_batch = jax.vmap(solve_fn, in_axes=0)(welding_paths)
    end_time = time.time()
    print(f"Batch TrajOpt completed in {end_time - start_time:.2f} seconds")

    # batch error analysis (vmap)
    start_time = time.time()
    def analyze_fn(joints, target_poses):
        return analyze_trajectory(robot, joints, target_poses, config, collision_pairs, robot_collision, safety_margin, weights['collision'])
    analyze_fn_vmap = jax.vmap(analyze_fn, in_axes=(0, 0))
    max_position_errors, max_orientation_errors, max_collision_costs = analyze_fn_vmap(joints_batch, welding_paths)
    end_time = time.time()
    print(f"Batch Error Analysis completed in {end_time - start_time:.2f} seconds")
    if batch_idx is not None and num_batches is not None:
        print(f"Batch {batch_idx+1}/{num_batches}")

    results = []
