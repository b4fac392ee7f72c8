# Source: https://github.com/astrobytes-edu/astr596-modeling-universe/blob/148e73ee55d56b6ff3b31d8362ae24b718e0b9e8/03-scientific-computing-with-python/05-modern-approaches-jax-ecosystem/01-jax_fundamentals_chapter.md
# Title: "JAX Fundamentals: NumPy on Steroids" (ASTR 596 course chapter), jit_compilation_deep_dive()
# Cut: python code block "jit_compilation_deep_dive" reduced to section 2 (static arguments); timing, pitfalls and debugging sections dropped.
from functools import partial

import jax.numpy as jnp
from jax import jit, random


def jit_compilation_deep_dive():
    """Deep dive into JIT compilation for scientific computing."""

    # 2. JIT with static arguments
    print("\n2. STATIC ARGUMENTS:")

    @partial(jit, static_argnums=(1, 2))
    def simulate_galaxy(positions, n_steps, dt):
        """
        Simulate galaxy dynamics.
        n_steps and dt are static (known at compile time).
        """
        def step(pos):
            # Simplified dynamics
            center_of_mass = jnp.mean(pos, axis=0)
            forces = -(pos - center_of_mass) / 100
            return pos + forces * dt

        for _ in range(n_steps):
            positions = step(positions)

        return positions

    # Different compiled versions for different static args
    pos = random.normal(random.PRNGKey(0), (100, 3))

    # These create different compiled functions
    result1 = simulate_galaxy(pos, 10, 0.1)   # Compilation 1
    result2 = simulate_galaxy(pos, 10, 0.1)   # Uses compilation 1
    result3 = simulate_galaxy(pos, 20, 0.1)   # New compilation!

    print(f"  Static arguments create specialized compiled versions")
