# Source: https://github.com/astrobytes-edu/astr596-modeling-universe/blob/148e73ee55d56b6ff3b31d8362ae24b718e0b9e8/03-scientific-computing-with-python/05-modern-approaches-jax-ecosystem/05-jax_advanced_continued.md
# Title: "JAX Advanced Patterns: Control Flow and Optimization (Continued)" (ASTR 596 course chapter), distributed_computing()
# Cut: python code block "distributed_computing" reduced to the single-device N-body step and the conceptual pmap version; sharding section dropped.
import jax
import jax.numpy as jnp
from jax import jit


def distributed_computing():
    """Distributed and parallel computing patterns in JAX."""

    print("\nDISTRIBUTED COMPUTING WITH JAX")
    print("=" * 50)

    # Note: These examples are conceptual - actual multi-GPU requires hardware

    # 1. Data parallelism with pmap
    print("\n1. DATA PARALLELISM WITH PMAP:")

    # Get device count (will be 1 on single GPU/CPU)
    n_devices = jax.device_count()
    print(f"  Available devices: {n_devices}")

    @jit
    def single_device_nbody_step(positions, velocities, masses, dt):
        """N-body step on single device."""
        n = len(masses)
        forces = jnp.zeros_like(positions)

        for i in range(n):
            for j in range(n):
                if i != j:
                    r_ij = positions[j] - positions[i]
                    r_norm = jnp.linalg.norm(r_ij)
                    forces = forces.at[i].add(
                        masses[j] * r_ij / (r_norm**3 + 0.01)
                    )

        accelerations = forces
        velocities_new = velocities + accelerations * dt
        positions_new = positions + velocities_new * dt

        return positions_new, velocities_new

    # Parallel version (conceptual - needs multiple devices)
    def parallel_nbody_step(positions, velocities, masses, dt):
        """
        N-body with particles distributed across devices.
        Each device computes forces for its particles.
        """
        # This would use pmap in practice
        # positions shape: [n_devices, particles_per_device, 3]

        # All-gather pattern to share positions
        all_positions = jax.lax.all_gather(positions, axis_name='devices')

        # Each device computes forces for its particles
        # ... (computation here)

        # Return updated local positions and velocities
        pass
