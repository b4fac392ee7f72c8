"""gradadvisor: find the code shapes that make JAX gradients slow."""

__version__ = "0.1.0"
