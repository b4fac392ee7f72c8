# Source: https://github.com/astrobytes-edu/astr596-modeling-universe/blob/148e73ee55d56b6ff3b31d8362ae24b718e0b9e8/03-scientific-computing-with-python/05-modern-approaches-jax-ecosystem/01-jax_fundamentals_chapter.md
# Title: "JAX Fundamentals: NumPy on Steroids" (ASTR 596 course chapter), automatic_differentiation_astronomy()
# Cut: python code block "automatic_differentiation_astronomy" reduced to its N-body part; the Planck-law and Hessian examples dropped.
import jax.numpy as jnp
from jax import grad


def automatic_differentiation_astronomy():
    """Automatic differentiation for astronomical applications."""

    # 2. Gravitational N-body forces
    def nbody_potential(positions, masses):
        """
        Total gravitational potential energy.

        Parameters
        ----------
        positions : array shape (n, 3)
            Positions of n bodies
        masses : array shape (n,)
            Masses of bodies
        """
        n = len(masses)
        potential = 0.0

        for i in range(n):
            for j in range(i+1, n):
                r_ij = jnp.linalg.norm(positions[i] - positions[j])
                potential -= masses[i] * masses[j] / r_ij

        return potential

    # Get forces from potential gradient
    def get_forces(positions, masses):
        """Calculate forces as negative gradient of potential."""
        return -grad(nbody_potential)(positions, masses)

    # Three-body system
    positions = jnp.array([
        [1.0, 0.0, 0.0],
        [-0.5, 0.866, 0.0],
        [-0.5, -0.866, 0.0]
    ])
    masses = jnp.array([1.0, 1.0, 1.0])

    forces = get_forces(positions, masses)
    print(f"  Forces on 3 bodies:")
    for i, f in enumerate(forces):
        print(f"    Body {i}: {f}")
    print(f"  Total force: {jnp.sum(forces, axis=0)} (should be ~0)")
