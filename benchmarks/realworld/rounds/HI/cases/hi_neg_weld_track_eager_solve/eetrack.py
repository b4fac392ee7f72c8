# Source: https://github.com/mydulee06/pyroki/blob/f6d3ff150b3a2a84094a5c0b855ae0011b8378ce/examples/13_eetrack.py
# Title: examples/13_eetrack.py (single-trajectory end-effector tracking for a G1 humanoid welding arm, with viser)
# Cut: kept imports, TrackingWeights, se3_from_pose, analyze_trajectory, the collision helpers and
#      solve_eetrack_optimization; dropped config/URDF/welding-object loading and the viser
#      visualisation. main() calls solve_eetrack_optimization(...) and then
#      analyze_trajectory(robot, joints, target_poses, config, ...) once each, directly (no jit/vmap).
import time
from pathlib import Path
from typing import Tuple, TypedDict
import numpy as np
import jax
import jax.numpy as jnp
import jax_dataclasses as jdc
import jaxlie
import jaxls
import pyroki as pk
import viser
from viser.extras import ViserUrdf
import yaml
import yourdfpy
import trimesh
from eetrack.utils.weld_objects import WeldObject
from jaxls import TerminationConfig, TrustRegionConfig
from pyroki.collision._robot_collision_custom import RobotCollision


class TrackingWeights(TypedDict):
    position_tracking: float
    orientation_tracking: float
    smoothness: float
    joint_limits: float


def se3_from_pose(pose):
    # pose: (7,) [x, y, z, x, y, z, w] (xyzw)
    return jaxlie.SE3.from_rotation_and_translation(
        jaxlie.SO3.from_quaternion_xyzw(pose[3:]), pose[:3]
    )

se3_from_pose_vmap = jax.vmap(se3_from_pose, in_axes=0)

def analyze_trajectory(robot, joints, target_poses, config, self_collision_pairs=None, robot_collision=None, world_collision=None, world_collision_pairs=None, safety_margin=None, collision_weight=None):
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
        
        # collision cost 계산
        if robot_collision is not None and safety_margin is not None and collision_weight is not None:
            self_active_idx_i, self_active_idx_j = np.array([]), np.array([])
            if self_collision_pairs is not None:
                self_active_idx_i, self_active_idx_j = convert_collision_pairs_to_indices(self_collision_pairs, robot_collision)
            world_active_idx_i, world_active_idx_j = None, None
            if world_collision is not None and world_collision_pairs:
                world_link_names = [p[0] for p in world_collision_pairs]
                world_object_names = [p[1] for p in world_collision_pairs]
                world_active_idx_i = jnp.array([robot_collision.link_names.index(n) for n in world_link_names])
                world_name_to_idx = {name: i for i, name in enumerate(world_collision.get_object_names())}
                world_active_idx_j = jnp.array([world_name_to_idx[n] for n in world_object_names])
            
            link_indices_for_collision = [robot.links.names.index(name) for name in robot_collision.link_names]
            costs, _ = compute_collision_costs(
                robot, robot_collision.coll, robot_cfg,
                self_active_idx_i, self_active_idx_j,
                safety_margin, collision_weight,
                link_indices_for_collision,
                world_geom,
                world_pose,
                world_active_idx_i,
                world_active_idx_j
            )
            total_collision_cost = jnp.sum(costs)
            max_collision_cost = jnp.maximum(max_collision_cost, total_collision_cost)
    
    return max_position_error, max_orientation_error, max_collision_cost

def compute_collision_costs(
    robot,
    robot_coll,
    robot_cfg,
    self_active_idx_i, self_active_idx_j,
    safety_margin,
    collision_weight,
    link_indices_for_collision,
    world_robot_collision: RobotCollision = None, 
    world_pose: jaxlie.SE3 = None,
    world_active_idx_i=None,
    world_active_idx_j=None,
):
    Ts_link_world_wxyz_xyz = robot.forward_kinematics(cfg=robot_cfg)
    Ts_link_world_se3 = jaxlie.SE3(Ts_link_world_wxyz_xyz)
    coll_robot_world = robot_coll.coll.transform(
        Ts_link_world_se3[jnp.array(link_indices_for_collision)]
    )

    from pyroki.collision._collision import pairwise_collide #

    dist_matrix = pairwise_collide(coll_robot_world, coll_robot_world)
    self_dists = dist_matrix[self_active_idx_i, self_active_idx_j]
    self_costs = jnp.maximum(0, safety_margin - self_dists) * collision_weight

    if world_robot_collision is not None and world_pose is not None:
        coll_world_obj = world_robot_collision.coll.transform(world_pose)
        
        world_dist_matrix = pairwise_collide(coll_robot_world, coll_world_obj)
        world_dists = world_dist_matrix[world_active_idx_i, world_active_idx_j]
        world_costs = jnp.maximum(0, safety_margin - world_dists) * collision_weight

        return jnp.concatenate([self_costs, world_costs]), jnp.concatenate(
            [self_dists, world_dists]
        )

    return self_costs, self_dists

@jax.jit
def collision_cost_jax(
    robot_cfg,
    robot,
    coll_capsules,
    self_active_idx_i,
    self_active_idx_j,
    safety_margin,
    collision_weight,
    link_indices_for_collision,
    world_robot_collision: RobotCollision = None, 
    world_pose: jaxlie.SE3 = None,
    world_active_idx_i=None,
    world_active_idx_j=None
):
    costs, _ = compute_collision_costs(robot, coll_capsules, robot_cfg, self_active_idx_i, self_active_idx_j, safety_margin, collision_weight, link_indices_for_collision, world_geom, world_pose, world_active_idx_i, world_active_idx_j)
    return jnp.array([jnp.sum(costs)])

def solve_eetrack_optimization(
    robot: pk.Robot,
    robot_collision,
    target_poses: jnp.ndarray,  # (T, 7)
    weights: TrackingWeights,
    world_robot_collision: RobotCollision = None, 
    world_pose: jaxlie.SE3 = None,
    safety_margin: float = 0.05,
    max_iterations = 100,
    self_collision_pairs=None,
    world_collision_pairs=None,
) -> Tuple[tuple[jaxlie.SE3, ...], jnp.ndarray]:
    timesteps = target_poses.shape[0]
    var_joints = robot.joint_var_cls(jnp.arange(timesteps))
    coll_capsules = robot_collision.coll

    self_active_idx_i, self_active_idx_j = convert_collision_pairs_to_indices(self_collision_pairs, robot_collision)
    world_active_idx_i, world_active_idx_j = None, None
    if world_geom is not None and world_pose is not None and world_collision_pairs:
        world_link_names = [p[0] for p in world_collision_pairs]
        world_active_idx_i = jnp.array([robot_collision.link_names.index(n) for n in world_link_names])
        world_active_idx_j = jnp.zeros_like(world_active_idx_i)
    
    link_indices_for_collision = [robot.links.names.index(name) for name in robot_collision.link_names]
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
            self_active_idx_i,
            self_active_idx_j,
            safety_margin,
            weights["collision"],
            link_indices_for_collision,
            world_geom,
            world_pose,
            world_active_idx_i,
            world_active_idx_j
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
