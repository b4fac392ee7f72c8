# Source: https://github.com/mydulee06/pyroki/blob/f6d3ff150b3a2a84094a5c0b855ae0011b8378ce/examples/16_batch_mid_sole_sampling.py
# Title: examples/16_batch_mid_sole_sampling.py (batch sampling of humanoid stance poses for a welding trajectory)
# Cut: kept imports, collision helpers, robot-base transform helpers, the jitted solve factory,
#      analyze_trajectory_batch and process_batch_parallel (vmap over sampled base poses);
#      dropped config/URDF loading, pose sampling, success statistics and main().
import time
import numpy as np
import jax
import jax.numpy as jnp
import jaxlie
import yaml
from pathlib import Path
from typing import List, Dict, Any
import sys
import os

# Import functions and classes
from eetrack.utils.weld_objects import WeldObject
import pyroki as pk
import yourdfpy
from pyroki.collision._robot_collision_custom import RobotCollision
import jaxls
from jaxls import TerminationConfig

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

def create_robot_base_transform(mid_sole_x, mid_sole_y, mid_sole_z, mid_sole_yaw, modified_urdf):
    T_world_mid_sole = jaxlie.SE3.from_rotation_and_translation(
        jaxlie.SO3.from_rpy_radians(0.0, 0.0, mid_sole_yaw),
        jnp.array([mid_sole_x, mid_sole_y, mid_sole_z])
    )
    left_sole = jaxlie.SE3.from_matrix(modified_urdf.get_transform("left_sole_link"))
    right_sole = jaxlie.SE3.from_matrix(modified_urdf.get_transform("right_sole_link"))
    T_robot_base_mid_sole = jaxlie.SE3.from_rotation_and_translation(
        rotation=jaxlie.SO3.exp((left_sole.rotation().log() + right_sole.rotation().log()) / 2),
        translation=(left_sole.translation() + right_sole.translation()) / 2,
    )
    return T_world_mid_sole @ T_robot_base_mid_sole.inverse()

def create_robot_base_transforms_batch(mid_sole_poses, modified_urdf):
    """Batch creation of robot base transforms"""
    batch_size = mid_sole_poses.shape[0]
    transforms = []
    for i in range(batch_size):
        mid_sole_x, mid_sole_y, mid_sole_z, mid_sole_yaw = mid_sole_poses[i]
        T = create_robot_base_transform(mid_sole_x, mid_sole_y, mid_sole_z, mid_sole_yaw, modified_urdf)
        transforms.append(T.parameters())
    return jnp.array(transforms)  # (B, 7) SE3 parameters

def make_solve_eetrack_optimization_with_base_transform_jitted(robot, robot_collision, weights, max_iterations, collision_pairs, safety_margin):
    """Create jitted batch optimization function"""
    active_idx_i, active_idx_j = convert_collision_pairs_to_indices(collision_pairs, robot_collision)
    coll_capsules = robot_collision.coll
    link_indices_for_collision = [robot.links.names.index(name) for name in robot_collision.link_names]
    
    if len(active_idx_i) == 0:
        active_idx_i = jnp.array([0])
        active_idx_j = jnp.array([0])

    @jax.jit
    def solve(target_poses, T_world_robot_base_params):
        T_world_robot_base = jaxlie.SE3(T_world_robot_base_params)
        timesteps = target_poses.shape[0]
        var_joints = robot.joint_var_cls(jnp.arange(timesteps))

        def se3_from_pose(pose):
            return jaxlie.SE3.from_rotation_and_translation(
                jaxlie.SO3.from_quaternion_xyzw(pose[3:]), pose[:3]
            )

        @jaxls.Cost.create_factory
        def path_tracking_cost_t(var_values, var_robot_cfg_t, target_pose_t):
            robot_cfg = var_values[var_robot_cfg_t]
            end_effector_link_idx = robot.links.names.index("end_effector")
            fk_poses_arr = robot.forward_kinematics(cfg=robot_cfg)
            ee_pose_in_robot_base_arr = fk_poses_arr[end_effector_link_idx]
            T_robot_base_ee = jaxlie.SE3(ee_pose_in_robot_base_arr)
            ee_pose = T_world_robot_base @ T_robot_base_ee
            target_se3 = se3_from_pose(target_pose_t)
            se3_error = target_se3.inverse() @ ee_pose
            error = se3_error.log()
            if error.shape != (6,):
                error = jnp.zeros(6)
            position_error = error[:3]
            orientation_error = error[3:]
            weighted_error = jnp.concatenate([
                position_error * weights["position_tracking"],
                orientation_error * weights["orientation_tracking"],
            ])
            return weighted_error

        @jaxls.Cost.create_factory
        def smoothness_cost_t(var_values, var_robot_cfg_curr, var_robot_cfg_prev):
            curr_cfg = var_values[var_robot_cfg_curr]
            prev_cfg = var_values[var_robot_cfg_prev]
            return (curr_cfg - prev_cfg) * weights["smoothness"]

        @jaxls.Cost.create_factory
        def collision_cost_t(var_values, var_robot_cfg_t):
            robot_cfg = var_values[var_robot_cfg_t]
            return collision_cost_jax(
                robot_cfg, robot, coll_capsules, active_idx_i, active_idx_j,
                safety_margin, weights["collision"], link_indices_for_collision
            )

        costs = []
        for t in range(timesteps):
            costs.append(path_tracking_cost_t(var_joints[t], target_poses[t]))
            costs.append(pk.costs.limit_cost(robot, var_joints[t], weights["joint_limits"]))
            costs.append(collision_cost_t(var_joints[t]))
        for t in range(timesteps - 1):
            costs.append(smoothness_cost_t(var_joints[t+1], var_joints[t]))
        
        termination_config = TerminationConfig(max_iterations=max_iterations, early_termination=False)
        solution = (
            jaxls.LeastSquaresProblem(costs, [var_joints])
            .analyze()
            .solve(termination=termination_config)
        )
        solved_joints = jnp.stack([solution[var_joints[t]] for t in range(timesteps)])
        return solved_joints
    
    return solve

def analyze_trajectory_batch(robot, joints_batch, target_poses, T_world_robot_base_batch):
    """Batch analysis of trajectories"""
    def analyze_single(joints, T_world_robot_base_params):
        T_world_robot_base = jaxlie.SE3(T_world_robot_base_params)
        end_effector_link_idx = robot.links.names.index("end_effector")
        fk_poses_arr = robot.forward_kinematics(cfg=joints[-1])
        ee_pose_in_robot_base_arr = fk_poses_arr[end_effector_link_idx]
        T_robot_base_ee = jaxlie.SE3(ee_pose_in_robot_base_arr)
        ee_pose = T_world_robot_base @ T_robot_base_ee
        target_se3 = jaxlie.SE3.from_rotation_and_translation(
            jaxlie.SO3.from_quaternion_xyzw(target_poses[-1, 3:]),
            target_poses[-1, :3]
        )
        error = (target_se3.inverse() @ ee_pose).log()
        position_error = jnp.linalg.norm(error[:3])
        orientation_error = jnp.linalg.norm(error[3:])
        return position_error, orientation_error
    
    analyze_fn_vmap = jax.vmap(analyze_single, in_axes=(0, 0))
    return analyze_fn_vmap(joints_batch, T_world_robot_base_batch)

def process_batch_parallel(robot, robot_collision, target_poses, weights, mid_sole_poses, modified_urdf, 
                         solve_fn, max_iterations, collision_pairs, safety_margin, batch_idx=None, num_batches=None):
    """Process a batch of mid_sole poses in parallel"""
    batch_size = mid_sole_poses.shape[0]
    
    # Create robot base transforms for batch
    T_world_robot_base_batch = create_robot_base_transforms_batch(mid_sole_poses, modified_urdf)
    
    # Batch optimization
    start_time = time.time()
    joints_batch = jax.vmap(solve_fn, in_axes=(None, 0))(target_poses, T_world_robot_base_batch)
    end_time = time.time()
    print(f"Batch TrajOpt completed in {end_time - start_time:.2f} seconds")
    
    # Batch error analysis
    start_time = time.time()
    position_errors, orientation_errors = analyze_trajectory_batch(
        robot, joints_batch, target_poses, T_world_robot_base_batch
    )
    end_time = time.time()
    print(f"Batch Error Analysis completed in {end_time - start_time:.2f} seconds")
    
    if batch_idx is not None and num_batches is not None:
        print(f"Batch {batch_idx+1}/{num_batches}")
    
    # Compile results
