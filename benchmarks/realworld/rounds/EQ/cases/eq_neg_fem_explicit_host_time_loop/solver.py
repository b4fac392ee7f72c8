# Source: https://github.com/hyunjil4/JAX-FEM/blob/d3b73e714bb6eb699a1a8c6c6ee2a52c53c273b4/src/solver.py
# Title: src/solver.py (explicit FEM heat solver: jitted step, Python time loop with logging)
# Cut: docstrings removed; mesh generation, initial-condition and CSV logging code replaced by arguments; the rest of run_simulation kept.
import jax
import jax.numpy as jnp
from jax import jit


def apply_K_global(T, elem_dofs, Ke):
    T_e = T[elem_dofs]                 # (Ne,8)
    KeTe = T_e @ Ke.T                  # (Ne,8)
    out = jnp.zeros_like(T)
    out = out.at[elem_dofs].add(KeTe)  # scatter-add
    return out


@jit
def explicit_step(T, elem_dofs, Ke, M_lump, dt, kappa, dir_nodes, T_bc_vals):
    KT = apply_K_global(T, elem_dofs, Ke)
    T_new = T - dt * kappa * (KT / M_lump)
    T_new = T_new.at[dir_nodes].set(T_bc_vals)
    return T_new


def time_stepping(T, elem_dofs, Ke, M_lump, dt, kappa, dir_nodes, T_bc_vals,
                  steps=500, save_history=False, verbose=True):
    history = {'T_min': [], 'T_max': []}
    T_history = [] if save_history else None

    # Warm up (JIT compilation)
    T = explicit_step(T, elem_dofs, Ke, M_lump, dt, kappa, dir_nodes, T_bc_vals)
    jax.block_until_ready(T)

    # Time stepping loop
    for step in range(steps):
        T = explicit_step(T, elem_dofs, Ke, M_lump, dt, kappa, dir_nodes, T_bc_vals)
        
        # Check for numerical instability
        if jnp.isnan(T).any() or jnp.isinf(T).any():
            raise RuntimeError(f"Simulation diverged at step {step}: dt too large. Try reducing mesh size or increasing steps.")
        
        # Log temperature statistics
        Tmin = float(T.min())
        Tmax = float(T.max())
        history['T_min'].append(Tmin)
        history['T_max'].append(Tmax)
        
        if save_history:
            T_history.append(T.copy())
        
        if verbose and (step + 1) % max(1, steps // 10) == 0:
            print(f"  Step {step+1}/{steps}: T_min={Tmin:.2f}, T_max={Tmax:.2f}")

    jax.block_until_ready(T)
    return T, history, T_history
