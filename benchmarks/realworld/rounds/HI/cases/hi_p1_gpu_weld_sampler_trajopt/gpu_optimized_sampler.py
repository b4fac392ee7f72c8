# Source: https://github.com/mydulee06/pyroki/blob/c81c8263d95989f168d4e4069126af0fc6aa68be/examples/16_gpu_optimized_sampler.py
# Title: examples/16_gpu_optimized_sampler.py (GPU sampler of feasible welding lines for a humanoid arm)
# Cut: kept imports, the TrackingWeights type, batched target-pose generation, the jitted
#      solve_optimization_batch (vmap over paths) and evaluate_paths_batch; dropped GPU set-up,
#      URDF/config loading, saving and main().
import time
from pathlib import Path
from typing import Tuple, TypedDict, List, Dict, Any
from functools import partial
import jax
import jax.numpy as jnp
import jax_dataclasses as jdc
import jaxlie
import jaxls
import numpy as onp
import pyroki as pk
import yourdfpy
from jax import vmap, jit, pmap
from jax.random import PRNGKey, split, uniform

# GPU optimization settings
jax.config.update('jax_enable_x64', True)

os.environ['XLA_PYTHON_CLIENT_PREALLOCATE'] = 'false'
os.environ['XLA_PYTHON_CLIENT_ALLOCATOR'] = 'platform'

class TrackingWeights(TypedDict):
    position_tracking: float
    orientation_tracking: float
    smoothness: float
    joint_limits: float
    collision: float
def generate_target_poses_batch(
    start_points: jnp.ndarray,
    end_points: jnp.ndarray,
    rotation_config: dict,
    num_timesteps: int
) -> jaxlie.SE3:
    """Generate target poses in batch."""
    
    # Position interpolation
    t_values = jnp.linspace(0.0, 1.0, num_timesteps)
    positions = start_points[:, None, :] + t_values[None, :, None] * (end_points[:, None, :] - start_points[:, None, :])
    
    # Rotation generation
    rotation = jaxlie.SO3.from_rpy_radians(
        rotation_config['roll'],
        rotation_config['pitch'],
        rotation_config['yaw']
    )
    rotations = jax.vmap(lambda _: rotation)(jnp.arange(num_timesteps))
    
    # Add batch dimension
    batch_rotations = jax.vmap(lambda _: rotations)(jnp.arange(start_points.shape[0]))
    
    # Create SE3 poses
    poses = jaxlie.SE3.from_rotation_and_translation(batch_rotations, positions)
    
    return poses


@partial(jit, static_argnames=("safety_margin",))
def solve_optimization_batch(
    robot: pk.Robot,
    target_poses: jaxlie.SE3,
    weights: TrackingWeights,
    robot_coll: pk.collision.RobotCollision,
    safety_margin: float,
) -> jnp.ndarray:
    """Perform optimization in batch."""
    batch_size = target_poses.translation().shape[0]
    timesteps = target_poses.translation().shape[1]
    end_effector_link_idx = robot.links.names.index("end_effector")
    
    # Decompose target_poses into individual timesteps
    target_positions = target_poses.translation()  # (batch, timesteps, 3)
    target_rotations = target_poses.rotation()     # (batch, timesteps, 4)
    
    # Convert SO3 objects to quaternion arrays
    target_quaternions = target_rotations.wxyz  # (batch, timesteps, 4)
    
    def solve_single_path(target_positions_seq, target_quaternions_seq):
        var_joints = robot.joint_var_cls(jnp.arange(timesteps))
        costs = []
        
        for t in range(timesteps):
            # Create SE3 object for each timestep
            target_pose = jaxlie.SE3.from_rotation_and_translation(
                jaxlie.SO3.from_quaternion_xyzw(target_quaternions_seq[t]),
                target_positions_seq[t]
            )
            
            # Pose cost
            costs.append(
                pk.costs.pose_cost(
                    robot=robot,
                    joint_var=var_joints[t],
                    target_pose=target_pose,
                    target_link_index=jnp.array(end_effector_link_idx, dtype=jnp.int32),
                    pos_weight=weights["position_tracking"],
                    ori_weight=weights["orientation_tracking"],
                )
            )
            
            # Limit cost
            costs.append(
                pk.costs.limit_cost(
                    robot=robot,
                    joint_var=var_joints[t],
                    weight=weights["joint_limits"]
                )
            )
            
            # Collision cost
            costs.append(
                pk.costs.self_collision_cost(
                    robot=robot,
                    robot_coll=robot_coll,
                    joint_var=var_joints[t],
                    margin=safety_margin,
                    weight=weights["collision"],
                )
            )
        
        # Smoothness cost
        for t in range(timesteps - 1):
            costs.append(
                pk.costs.smoothness_cost(
                    curr_joint_var=var_joints[t + 1],
                    past_joint_var=var_joints[t],
                    weight=weights["smoothness"]
                )
            )
        
        # Execute optimization
        solution = (
            jaxls.LeastSquaresProblem(costs, [var_joints])
            .analyze()
            .solve()
        )
        
        solved_joints = jnp.stack([solution[var_joints[t]] for t in range(timesteps)])
        return solved_joints
    
    # Batch processing - pass position and quaternion separately
    solved_joints = vmap(solve_single_path)(target_positions, target_quaternions)
    
    return solved_joints


@partial(jit, static_argnames=("position_error_tolerance", "orientation_error_tolerance"))
def evaluate_paths_batch(
    robot: pk.Robot,
    joints: jnp.ndarray,
    target_poses: jaxlie.SE3,
    robot_coll: pk.collision.RobotCollision,
    position_error_tolerance: float,
    orientation_error_tolerance: float,
    safety_margin: float,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    """Evaluate paths in batch."""
    # Decompose target_poses into individual timesteps
    target_positions = target_poses.translation()  # (batch, timesteps, 3)
    target_rotations = target_poses.rotation()     # (batch, timesteps, 4)
    
    # Convert SO3 objects to quaternion arrays
    target_quaternions = target_rotations.wxyz  # (batch, timesteps, 4)
    timesteps = target_positions.shape[1]
    end_effector_link_idx = robot.links.names.index("end_effector")
    
    def evaluate_single_path(joint_sequence, target_positions_seq, target_quaternions_seq):
        # Forward kinematics
        fk_poses = vmap(lambda cfg: robot.forward_kinematics(cfg=cfg))(joint_sequence)
        ee_poses = jaxlie.SE3(fk_poses[:, end_effector_link_idx])
        
        # Create target SE3 object for each timestep
        def create_target_pose(t):
            return jaxlie.SE3.from_rotation_and_translation(
                jaxlie.SO3.from_quaternion_xyzw(target_quaternions_seq[t]),
                target_positions_seq[t]
            )
        
        target_poses_seq = vmap(create_target_pose)(jnp.arange(timesteps))
        
        # Error calculation
        def compute_error(ee_pose, target_pose):
            return (target_pose.inverse() @ ee_pose).log()
        
        errors = vmap(compute_error)(ee_poses, target_poses_seq)
        position_errors = jnp.linalg.norm(errors[:, :3], axis=1)
        orientation_errors = jnp.linalg.norm(errors[:, 3:], axis=1)
        
        # Maximum error
        max_position_error = jnp.max(position_errors)
        max_orientation_error = jnp.max(orientation_errors)
        
        # Collision analysis
        collision_distances = vmap(lambda cfg: robot_coll.compute_self_collision_distance(robot, cfg))(joint_sequence)
        min_collision_distance = jnp.min(collision_distances)
        collision_violations = jnp.sum(collision_distances < safety_margin)
        
        # Success criteria (Error tolerance + No collision violations)
        position_failed = max_position_error > position_error_tolerance
        orientation_failed = max_orientation_error > orientation_error_tolerance
        error_failed = jnp.logical_or(position_failed, orientation_failed)
        
        # Fail if there are collision violations
        collision_failed = collision_violations > 0        
        # Both conditions must be satisfied for success
        success = jnp.logical_not(jnp.logical_or(error_failed, collision_failed))
        
        return success, max_position_error, max_orientation_error, min_collision_distance, collision_violations
    
    # Batch processing - pass position and quaternion separately
    results = vmap(evaluate_single_path)(joints, target_positions, target_quaternions)
    successes, max_pos_errors, max_ori_errors, min_coll_distances, coll_violations = results
    
    return successes, max_pos_errors, max_ori_errors, min_coll_distances, coll_violations

