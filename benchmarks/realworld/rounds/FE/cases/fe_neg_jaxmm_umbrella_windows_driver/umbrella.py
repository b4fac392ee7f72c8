# Source: https://github.com/alexxthiery/jaxmm/blob/b4256ee969d12e3982e424821efa2233d5249a41/examples/custom_energy.ipynb
# Title: examples/custom_energy.ipynb (umbrella sampling along the alanine-dipeptide phi dihedral)
# Cut: notebook code cells converted to a script; system setup (openmmtools AlanineDipeptideVacuum,
#      extract_params, minimisation) reduced to arguments; WHAM iterations and plots removed.
import jax
import jax.numpy as jnp
import jax.random as random
import numpy as np

import jaxmm
from jaxmm.utils import KB

FEMTOSECOND = 0.001


def dihedral_bias(positions, phi_idx, phi_target, k_bias):
    phi = jaxmm.dihedral_angle(positions, phi_idx)[0]
    dphi = phi - phi_target
    # Periodic wrapping
    dphi = dphi - 2.0 * jnp.pi * jnp.round(dphi / (2.0 * jnp.pi))
    return 0.5 * k_bias * dphi**2


def biased_energy(positions, params, phi_idx, phi_target, k_bias):
    """Total energy + dihedral bias. Works with jit, grad, vmap."""
    return jaxmm.total_energy(positions, params) + dihedral_bias(
        positions, phi_idx, phi_target, k_bias
    )


def run_windows(params, pos_min, phi_idx, temperature=300.0):
    dt = 1.0 * FEMTOSECOND
    friction = 1.0
    inv_mass = (1.0 / params.masses)[:, None]
    c1 = jnp.exp(-friction * dt)
    c2 = jnp.sqrt((1.0 - c1**2) * KB * temperature * inv_mass)
    half_dt = 0.5 * dt

    window_centers_deg = np.arange(-165, 180, 15)
    window_centers = jnp.radians(jnp.array(window_centers_deg, dtype=jnp.float64))
    k_umbrella = 200.0  # kJ/mol/rad^2
    n_steps_per_window = 20000
    save_every_window = 20
    n_saved = n_steps_per_window // save_every_window
    
    print(f"{len(window_centers)} windows, {n_steps_per_window} steps each")
    print(f"k_bias = {k_umbrella} kJ/mol/rad^2")
    # ---- cell 13
    all_phi_samples = []

    
    for i, phi_center in enumerate(window_centers):
        # Build biased BAOAB for this window
        def _biased_force_window(pos, _phi_c=phi_center):
            return -jax.grad(biased_energy)(pos, params, phi_idx, _phi_c, k_umbrella)
    
        def _step(carry, _, _force_fn=_biased_force_window):
            pos, vel, forces, key = carry
            key, subkey = random.split(key)
            vel = vel + half_dt * forces * inv_mass
            pos = pos + half_dt * vel
            vel = c1 * vel + c2 * random.normal(subkey, vel.shape)
            pos = pos + half_dt * vel
            forces = _force_fn(pos)
            vel = vel + half_dt * forces * inv_mass
            return (pos, vel, forces, key), None
    
        def _outer(carry, _, _step_fn=_step):
            carry, _ = jax.lax.scan(_step_fn, carry, None, length=save_every_window)
            phi_val = jaxmm.dihedral_angle(carry[0], phi_idx)[0]
            return carry, phi_val
    
        init_f = _biased_force_window(pos_min)
        carry = (pos_min, jnp.zeros_like(pos_min), init_f, random.key(i))
        carry, phi_samples = jax.lax.scan(
            jax.jit(_outer), carry, None, length=n_saved,
        )
        all_phi_samples.append(np.array(phi_samples))
    
        if (i + 1) % 8 == 0 or i == len(window_centers) - 1:
            print(f"  Window {i + 1}/{len(window_centers)} done")
    
    print("All windows complete.")
    return all_phi_samples
