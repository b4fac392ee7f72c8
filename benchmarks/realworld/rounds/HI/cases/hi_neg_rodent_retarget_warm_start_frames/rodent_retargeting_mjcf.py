# Source: https://github.com/charles-zhng/pyroki/blob/3b56719fab8bb6fdb05ae2f7210af8ba4a4488f7/examples/11_rodent_retargeting_mjcf.py
# Title: examples/11_rodent_retargeting_mjcf.py (rodent motion retargeting with MJCFRobot / MuJoCo MJX FK)
# Cut: kept imports, retarget_frame and the frame loop of main(); dropped the keypoint-name tables,
#      load_mocap_data, setup_retargeting_mapping (returns keypoint_indices/body_indices),
#      the try/except wrapper, saving and the final-error statistics.
import jax
import jax.numpy as jnp
import numpy as np
import tyro
from loguru import logger
from jaxopt import GradientDescent

import pyroki as pk


def retarget_frame(
    robot: pk.MJCFRobot,
    target_keypoints: jnp.ndarray,
    keypoint_indices: jnp.ndarray,
    body_indices: jnp.ndarray,
    initial_cfg: jnp.ndarray,
    max_iterations: int = 100,
) -> tuple[jnp.ndarray, bool]:
    """Retarget a single frame of keypoints to robot configuration."""
    # Create a simple optimization using JAX directly
    def objective(cfg):
        # Forward kinematics to get all body poses
        body_poses = robot.forward_kinematics(cfg)
        
        # Extract positions of target bodies
        target_body_poses = body_poses[body_indices]  # (n_targets, 7)
        target_positions = target_body_poses[:, 4:]   # (n_targets, 3) - xyz positions
        
        # Get corresponding target keypoints
        target_kp_positions = target_keypoints[keypoint_indices]  # (n_targets, 3)
        
        # Position error
        position_error = target_positions - target_kp_positions
        position_cost = jnp.sum(position_error ** 2)
        
        # Joint limit cost
        lower_limits, upper_limits = robot.get_joint_limits()
        limit_violations = (
            jnp.sum(jnp.maximum(0.0, cfg - upper_limits) ** 2) +
            jnp.sum(jnp.maximum(0.0, lower_limits - cfg) ** 2)
        )
        
        return position_cost * 1000.0 + limit_violations * 1e3
    
    # Use JAX optimization directly
    solver = GradientDescent(fun=objective, maxiter=max_iterations)
    result = solver.run(initial_cfg)
    
    optimized_cfg = result.params
    success = result.state.error < 1e-6  # Simple convergence check
    
    return optimized_cfg, success


def main(
    mocap_path: str = "/Users/charleszhang/GitHub/stac-mjx/coltrane_2021_07_29_1_kps.npy",
    mjcf_path: str = "examples/retarget_helpers/rodent/rodent.xml",
    start_frame: int = 0,
    num_frames: int = 10,
    max_iterations: int = 100,
    save_results: bool = True,
) -> None:
    # Load robot
    logger.info(f"Loading rodent model from {mjcf_path}")
    robot = pk.MJCFRobot.from_mjcf(mjcf_path)
    
    # Load mocap data
    mocap_data = load_mocap_data(mocap_path)
    n_frames, n_keypoints, _ = mocap_data.shape
    
    # Set up retargeting mapping
    keypoint_indices, body_indices = setup_retargeting_mapping(robot)
    
    # Process frames
    end_frame = min(start_frame + num_frames, n_frames)
    logger.info(f"Processing frames {start_frame} to {end_frame-1}")
    
    results = []
    success_count = 0
    
    # Get initial configuration (default)
    lower_limits, upper_limits = robot.get_joint_limits()
    initial_cfg = (lower_limits + upper_limits) / 2.0
    
    for frame_idx in range(start_frame, end_frame):
        logger.info(f"Processing frame {frame_idx}/{end_frame-1}")
        
        # Get target keypoints for this frame
        target_keypoints = mocap_data[frame_idx]
        
        # Retarget this frame
        optimized_cfg, success = retarget_frame(
            robot=robot,
            target_keypoints=target_keypoints,
            keypoint_indices=keypoint_indices,
            body_indices=body_indices,
            initial_cfg=initial_cfg,
            max_iterations=max_iterations,
        )
        
        if success:
            success_count += 1
            # Use this as initial guess for next frame
            initial_cfg = optimized_cfg
        
        results.append({
            'frame': frame_idx,
            'config': optimized_cfg,
            'success': success,
            'target_keypoints': target_keypoints,
        })
        
        logger.info(f"Frame {frame_idx}: {'✓' if success else '✗'}")
    
    logger.info(f"Successfully retargeted {success_count}/{len(results)} frames")


if __name__ == "__main__":
    tyro.cli(main) 
