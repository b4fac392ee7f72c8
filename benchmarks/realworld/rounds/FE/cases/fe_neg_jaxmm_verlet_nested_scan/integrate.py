# Source: https://github.com/alexxthiery/jaxmm/blob/b4256ee969d12e3982e424821efa2233d5249a41/jaxmm/integrate.py
# Title: jaxmm/integrate.py (pure JAX molecular dynamics integrators)
# Cut: kept verlet (nested lax.scan) as written, returning a tuple instead of the MDTrajectory NamedTuple;
#      BAOAB integrators and docstrings removed; the grad-through-trajectory use is from
#      examples/differentiable_md.ipynb of the same commit.
import jax
import jax.numpy as jnp

from jaxmm.energy import total_energy


def verlet(positions: jax.Array, velocities: jax.Array, params, dt: float,
           n_steps: int, save_every: int = 1, remove_com: bool = True):
    """Velocity Verlet integration (kick-drift-kick)."""
    if n_steps % save_every != 0:
        raise ValueError(f"n_steps ({n_steps}) must be divisible by save_every ({save_every})")
    inv_mass = (1.0 / params.masses)[:, None]  # (n_atoms, 1)
    total_mass = jnp.sum(params.masses)
    half_dt = 0.5 * dt
    n_outer = n_steps // save_every

    def _force(pos):
        return -jax.grad(total_energy)(pos, params)

    # Carry forces in scan state to avoid double force evaluation per step.
    # Force at end of step N is reused as force at start of step N+1.
    init_forces = _force(positions)

    def _one_step(carry, _):
        pos, vel, forces = carry
        vel = vel + half_dt * forces * inv_mass
        pos = pos + dt * vel
        forces = _force(pos)
        vel = vel + half_dt * forces * inv_mass
        if remove_com:
            vel = vel - jnp.sum(params.masses[:, None] * vel, axis=0) / total_mass
        return (pos, vel, forces), None

    def _outer_step(carry, _):
        (pos, vel, forces), _ = jax.lax.scan(_one_step, carry, None, length=save_every)
        return (pos, vel, forces), (pos, vel)

    (final_pos, final_vel, _), (traj_pos, traj_vel) = jax.lax.scan(
        _outer_step, (positions, velocities, init_forces), None, length=n_outer
    )
    return final_pos, final_vel, traj_pos, traj_vel


def final_energy_from_pos(pos_init, params, dt, n_steps):
    final_pos, _, _, _ = verlet(pos_init, jnp.zeros_like(pos_init), params, dt, n_steps)
    return total_energy(final_pos, params)


grad_final = jax.grad(final_energy_from_pos)  # dE_final / d(pos_init)
