# Source: https://github.com/tristanmanchester/tomojax/blob/54edb1bd4d0d508d142bc4077712f29bd5569ddf/alignment-testing/optimization_steps.py
# Title: alignment-testing/optimization_steps.py (parent of 5899283 "Add scan-based loss and gradient functions for FISTA-TV reconstruction")
# Cut: kept compute_view_loss, data_f_grad_vjp_aligned and optimize_alignment_params up to the per-view update; dropped verbose progress printing and the FISTA driver.
from __future__ import annotations

import math
import os
import sys
from typing import Dict, List, Tuple

import jax
import jax.numpy as jnp
import numpy as np

# Add parent directories to path
parent_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, parent_dir)
sys.path.insert(0, os.path.join(parent_dir, 'examples'))

# Import FISTA-TV components
from run_fista_tv import (
    prox_tv_cp, data_f_grad_vjp, estimate_L_power
)
from projector_parallel_jax import forward_project_view

def compute_view_loss(
    params: jnp.ndarray,
    measured: jnp.ndarray,
    recon_flat: jnp.ndarray,
    nx: int, ny: int, nz: int,
    vx: float, vy: float, vz: float,
    nu: int, nv: int,
    du: float, dv: float,
    vol_origin: jnp.ndarray,
    det_center: jnp.ndarray,
    step_size: float,
    n_steps: int
) -> jnp.ndarray:
    """Compute view loss without static arguments to avoid JAX hashability issues."""
    
    # Forward project with current parameters
    pred = forward_project_view(
        params=params,
        recon_flat=recon_flat,
        nx=nx, ny=ny, nz=nz,
        vx=jnp.float32(vx), vy=jnp.float32(vy), vz=jnp.float32(vz),
        nu=nu, nv=nv,
        du=jnp.float32(du), dv=jnp.float32(dv),
        vol_origin=vol_origin,
        det_center=det_center,
        step_size=jnp.float32(step_size),
        n_steps=n_steps,
        use_checkpoint=True,
        stop_grad_recon=True
    )
    
    # Compute MSE loss
    resid = (pred - measured).astype(jnp.float32)
    return 0.5 * jnp.vdot(resid, resid).real


def data_f_grad_vjp_aligned(x_flat: jnp.ndarray,
                           projections: np.ndarray,  # (n_proj, nv, nu)
                           angles: np.ndarray,       # (n_proj,)
                           alignment_params: np.ndarray,  # (n_proj, 5)
                           grid, det,
                           step_size: float,
                           n_steps: int,
                           verbose: bool = False,
                           desc: str = "") -> Tuple[float, jnp.ndarray]:
    """Compute data fidelity gradient using current alignment parameters."""
    n_proj = int(projections.shape[0])
    fval = 0.0
    grad = jnp.zeros_like(x_flat)
    
    # Extract parameters to avoid dictionary hashability issues
    nx, ny, nz = int(grid["nx"]), int(grid["ny"]), int(grid["nz"])
    vx, vy, vz = float(grid["vx"]), float(grid["vy"]), float(grid["vz"])
    nu, nv = int(det["nu"]), int(det["nv"])
    du, dv = float(det["du"]), float(det["dv"])
    
    # Convert arrays to JAX arrays
    vol_origin = jnp.asarray(grid["vol_origin"], dtype=jnp.float32)
    det_center = jnp.asarray(det.get("det_center", [0.0, 0.0]), dtype=jnp.float32)

    for i in range(n_proj):
        
        # Use current alignment parameters for this view
        params = jnp.asarray(alignment_params[i], dtype=jnp.float32)
        measured = jnp.asarray(projections[i], dtype=jnp.float32).ravel()
        
        # Define projection function
        def proj_fn(vol):
            proj_2d = forward_project_view(
                params=params,
                recon_flat=vol,
                nx=nx, ny=ny, nz=nz,
                vx=jnp.float32(vx), vy=jnp.float32(vy), vz=jnp.float32(vz),
                nu=nu, nv=nv,
                du=jnp.float32(du), dv=jnp.float32(dv),
                vol_origin=vol_origin,
                det_center=det_center,
                step_size=jnp.float32(step_size),
                n_steps=n_steps,
                use_checkpoint=True,
                stop_grad_recon=False
            )
            return proj_2d.ravel()

        pred, vjp_fn = jax.vjp(proj_fn, x_flat)
        resid = pred - measured

        fval += float(0.5 * jnp.vdot(resid, resid).real)
        grad = grad + vjp_fn(resid)[0]
    
    return fval, grad


def optimize_alignment_params(
    projections: np.ndarray,
    angles: np.ndarray,
    recon_flat: jnp.ndarray,
    initial_params: np.ndarray,
    grid: Dict, det: Dict,
    max_iters: int = 10,
    rot_learning_rate: float = 0.001,  # Smaller for rotations (radians)
    trans_learning_rate: float = 0.01,  # Larger for translations (world units)
    verbose: bool = True
) -> Tuple[np.ndarray, List[float]]:
    """Optimize alignment parameters for all views using gradient descent."""
    
    n_proj = len(angles)
    params = jnp.asarray(initial_params.copy(), dtype=jnp.float32)
    step_size = float(grid.get("step_size", grid["vy"]))
    n_steps = int(grid.get("n_steps", math.ceil((grid["ny"] * grid["vy"]) / step_size)))
    objective_history = []
    
    # Extract parameters to avoid dictionary hashability issues
    nx, ny, nz = int(grid["nx"]), int(grid["ny"]), int(grid["nz"])
    vx, vy, vz = float(grid["vx"]), float(grid["vy"]), float(grid["vz"])
    nu, nv = int(det["nu"]), int(det["nv"])
    du, dv = float(det["du"]), float(det["dv"])
    
    # Convert arrays to JAX arrays
    vol_origin = jnp.asarray(grid["vol_origin"], dtype=jnp.float32)
    det_center = jnp.asarray(det.get("det_center", [0.0, 0.0]), dtype=jnp.float32)
    
    # Pre-convert data to device arrays once per level to reduce host↔device churn
    projections_jnp = jax.device_put(jnp.asarray(projections, dtype=jnp.float32))
    angles_jnp = jax.device_put(jnp.asarray(angles, dtype=jnp.float32))
    
    # Compile a single-view loss+grad function once per resolution level
    # Avoid passing dicts to static_argnames - use closed-over constants instead
    def _single_view_loss(align_only, angle, measured, recon_flat):
        """Single view loss function with geometry constants closed over."""
        full_params = jnp.array(
            [align_only[0], align_only[1], angle, align_only[2], align_only[3]],
            dtype=jnp.float32,
        )
        return compute_view_loss(
            full_params,
            measured,
            recon_flat,
            nx, ny, nz,
            vx, vy, vz,
            nu, nv,
            du, dv,
            vol_origin,
            det_center,
            step_size,
            n_steps,
        )
    
    # JIT compile once for this resolution level - reuse for all views and iterations
    loss_and_grad = jax.jit(jax.value_and_grad(_single_view_loss))
    
    for it in range(max_iters):
        total_loss = 0.0
        
        # Update each view's parameters
        for i in range(n_proj):
            measured = projections_jnp[i]
            angle = angles_jnp[i]
            align_only = jnp.array(
                [params[i, 0], params[i, 1], params[i, 3], params[i, 4]],
                dtype=jnp.float32,
            )
            
            # Use pre-compiled loss+grad function
            loss_val, grad_align = loss_and_grad(align_only, angle, measured, recon_flat)
            
            # Clip gradients to prevent explosion
            grad_clip_norm = 1.0
            grad_norm = jnp.linalg.norm(grad_align)
            grad_align = jnp.where(grad_norm > grad_clip_norm, 
                                 grad_align * (grad_clip_norm / grad_norm), 
                                 grad_align)
            
            # Do a single fused update for this view to avoid 4 separate scatters
            delta = jnp.array(
                [
                    rot_learning_rate * grad_align[0],   # alpha
                    rot_learning_rate * grad_align[1],   # beta
                    0.0,                                 # phi (unchanged)
                    trans_learning_rate * grad_align[2], # dx
                    trans_learning_rate * grad_align[3], # dz
                ],
                dtype=jnp.float32,
            )
            params = params.at[i].add(-delta)
            
            total_loss += float(loss_val)
        
        objective_history.append(total_loss / n_proj)
    return np.asarray(params), objective_history
