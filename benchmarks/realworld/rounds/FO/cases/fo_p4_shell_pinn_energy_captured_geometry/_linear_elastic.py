# Source: https://github.com/jaeminoh/PhysicsInformedShellStructures-JAX/blob/ec0352f4e213751aa42282a3aac6c043a409e57a/src/_linear_elastic.py
# Title: src/_linear_elastic.py (linear elastic material tensors for the shell model)
# Cut: whole file.
import jax.numpy as jnp
from jaxtyping import Array, Float


class LinearElastic:
    def __init__(self, young_modulus: float, poisson_ratio: float):
        self.mu = 0.5 * young_modulus / (1 + poisson_ratio)
        self.Lambda = young_modulus * poisson_ratio / (1 - poisson_ratio**2)

    def _C(self, con_I: Float[Array, "2 2"]) -> Float[Array, "2 2 2 2"]:
        C = (
            self.Lambda * jnp.einsum("ab, cd -> abcd", con_I, con_I)
            + self.mu * jnp.einsum("ac, bd -> abcd", con_I, con_I)
            + self.mu * jnp.einsum("ad, bc -> abcd", con_I, con_I)
        )
        return C

    def _D(self, con_I: Float[Array, "2 2"]) -> Float[Array, "2 2"]:
        return con_I * self.mu
