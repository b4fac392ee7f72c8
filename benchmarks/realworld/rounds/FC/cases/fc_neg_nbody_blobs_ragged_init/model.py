# Source: https://github.com/lucasmbll/diffNBody-for-bayesian-inference/blob/9c21ccb0891304bc9efae146f49bc8b25dac69fd/src/model.py
# Title: src/model.py (forward model: blobs -> diffrax N-body -> painted fields), differentiated by jax.grad in src/run.py
# Cut: pairwise forces kept; model() reduced to initialisation, the diffrax solve with one solver, and the density painting;
#      velocity fields and the other solver choices dropped. log_posterior_grad is reconstructed from src/run.py (lines 454-459).
import jax
import jax.numpy as jnp
from diffrax import diffeqsolve, ODETerm, SaveAt, LeapfrogMidpoint
from jaxpm.painting import cic_paint
from initialization import initialize_blobs
from utils import apply_density_scaling

def pairwise_forces(pos, masses, G, softening, length):
    """
    Calculate pairwise forces with per-particle masses.

    Parameters:
    -----------
    pos : jnp.array
        Particle positions (N, 3)
    masses : jnp.array
        Particle masses (N,)
    G : float
        Gravitational constant
    softening : float
        Softening length
    length : float
        Box size for periodic boundaries

    Returns:
    --------
    F : jnp.array
        Forces on each particle (N, 3)
    """
    # dx_ij = pos_i - pos_j with minimal-image, branchless
    dx = pos[:,None,:] - pos[None,:,:] # (N,N,3)
    dx = dx - length*jnp.round(dx/length) # periodic, no comparison so better for XLA
    r2 = jnp.sum(dx**2, axis=-1) + softening**2 # (N,N)
    inv_r3 = jnp.where(jnp.eye(pos.shape[0]), 0., r2**-1.5)

    # Include masses in force calculation: F_ij = -G * m_i * m_j * r_ij / |r_ij|^3
    mass_matrix = masses[:, None] * masses[None, :]  # (N, N)
    F = jnp.einsum('ij,ijc->ic', -G * mass_matrix * inv_r3, dx)  # (N,3)

    return F

def make_diffrax_ode(softening, G, length, masses):
    @jax.jit
    def nbody_ode(t, state, args):
        pos, vel = state # tuple (position, velocities)
        forces = pairwise_forces(pos, masses, G=G, softening=softening, length=length)
        dpos = vel #drift
        dvel = forces / masses[:, None] #kick (divide by mass for each particle)
        return jnp.stack([dpos, dvel])
    return nbody_ode

def model(params, fixed_params, other_params, params_infos, G, length, softening, t_f, dt, key,
          density_scaling, velocity_scaling, solver, observable):
    grid_shape = (length, length, length)
    # Initialize positions, velocities, and masses for all blobs
    init_pos, init_vel, masses = initialize_blobs(params, fixed_params, other_params, params_infos, length, G, softening, key)

    y0 = jnp.stack([init_pos, init_vel], axis=0)

    ts = jnp.linspace(0, t_f, int(t_f // dt) + 1)

    # Calculate max_steps with safety factor
    estimated_steps = int((t_f - 0.0) / dt)
    max_steps = max(estimated_steps * 2, 10000)  # 2x safety factor, minimum 10k steps

    term = ODETerm(make_diffrax_ode(softening=softening, G=G, length=length, masses=masses))
    solver = LeapfrogMidpoint()

    sol = diffeqsolve(
        term,
        solver,
        t0=0.0,
        t1=t_f,
        dt0=dt,
        y0=y0,
        saveat=SaveAt(ts=ts),
        max_steps=max_steps
    )
    final_pos = sol.ys[-1, 0]

    final_density_field = cic_paint(jnp.zeros(grid_shape), final_pos, weight=masses)
    final_density_field = apply_density_scaling(final_density_field, density_scaling)
    return final_density_field


def log_posterior_grad(params, data, noise, model_fn, key, log_prior_fn):
    # from src/run.py: log_posterior_fn = lambda params: log_posterior(params, log_likelihood_fn, log_prior_fn)
    def log_posterior_fn(p):
        out = model_fn(p, key)
        return -0.5 * jnp.sum((out - data) ** 2) / noise ** 2 + log_prior_fn(p)
    grad = jax.grad(log_posterior_fn, argnums=0)
    return grad(params)
