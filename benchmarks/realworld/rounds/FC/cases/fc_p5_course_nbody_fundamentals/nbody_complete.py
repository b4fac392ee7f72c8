# Source: https://github.com/astrobytes-edu/astr596-modeling-universe/blob/148e73ee55d56b6ff3b31d8362ae24b718e0b9e8/03-scientific-computing-with-python/05-modern-approaches-jax-ecosystem/01-jax_fundamentals_chapter.md
# Title: "JAX Fundamentals: NumPy on Steroids" (ASTR 596 course chapter), nbody_simulation_complete()
# Cut: python code block "nbody_simulation_complete" up to the simulation call; energy printout and plotting dropped.
import time

import jax
import jax.numpy as jnp
from jax import jit, vmap
from jax.lax import scan


def nbody_simulation_complete():
    """Complete N-body simulation showcasing all JAX features."""

    print("COMPLETE N-BODY SIMULATION WITH JAX")
    print("=" * 50)

    # Define the physics
    @jit
    def compute_forces(positions, masses):
        """Compute gravitational forces between all bodies."""
        n = len(masses)
        forces = jnp.zeros_like(positions)

        for i in range(n):
            # Vectorize force calculation from body i to all others
            def force_from_j(j):
                r_ij = positions[j] - positions[i]
                dist = jnp.linalg.norm(r_ij)
                # Softening to avoid singularities
                dist_soft = jnp.maximum(dist, 0.01)
                return jax.lax.cond(
                    i == j,
                    lambda _: jnp.zeros(3),
                    lambda _: masses[j] * r_ij / dist_soft**3,
                    None
                )

            total_force = jnp.sum(vmap(force_from_j)(jnp.arange(n)), axis=0)
            forces = forces.at[i].set(masses[i] * total_force)

        return forces

    # Integration step
    @jit
    def leapfrog_step(state, dt):
        """Single leapfrog integration step."""
        positions, velocities, masses = state

        # Compute forces
        forces = compute_forces(positions, masses)
        accelerations = forces / masses[:, None]

        # Leapfrog update
        velocities_half = velocities + 0.5 * dt * accelerations
        positions_new = positions + dt * velocities_half

        forces_new = compute_forces(positions_new, masses)
        accelerations_new = forces_new / masses[:, None]

        velocities_new = velocities_half + 0.5 * dt * accelerations_new

        return (positions_new, velocities_new, masses)

    # Energy calculations for verification
    @jit
    def total_energy(state):
        """Calculate total energy of the system."""
        positions, velocities, masses = state

        # Kinetic energy
        kinetic = 0.5 * jnp.sum(masses[:, None] * velocities**2)

        # Potential energy
        potential = 0.0
        n = len(masses)
        for i in range(n):
            for j in range(i+1, n):
                r_ij = jnp.linalg.norm(positions[i] - positions[j])
                r_soft = jnp.maximum(r_ij, 0.01)
                potential -= masses[i] * masses[j] / r_soft

        return kinetic + potential

    # Simulate function
    @jit
    def simulate(initial_state, dt, n_steps):
        """Run full simulation."""

        def step(carry, _):
            state = carry
            new_state = leapfrog_step(state, dt)
            energy = total_energy(new_state)
            return new_state, (new_state[0], energy)  # Return positions and energy

        final_state, (trajectory, energies) = scan(
            step, initial_state, None, length=n_steps
        )

        return final_state, trajectory, energies

    # Set up initial conditions (Pythagorean 3-body)
    positions = jnp.array([
        [1.0, 3.0, 0.0],
        [-2.0, -1.0, 0.0],
        [1.0, -1.0, 0.0]
    ])

    velocities = jnp.array([
        [0.0, 0.0, 0.0],
        [0.0, 0.0, 0.0],
        [0.0, 0.0, 0.0]
    ])

    masses = jnp.array([3.0, 4.0, 5.0])

    initial_state = (positions, velocities, masses)

    # Run simulation
    print("\nRunning simulation...")
    start_time = time.perf_counter()

    final_state, trajectory, energies = simulate(
        initial_state, dt=0.001, n_steps=10000
    )

    elapsed = time.perf_counter() - start_time
    print(f"  Simulated 10,000 steps in {elapsed:.3f} seconds")

    # Check energy conservation
    initial_energy = total_energy(initial_state)
    final_energy = total_energy(final_state)
