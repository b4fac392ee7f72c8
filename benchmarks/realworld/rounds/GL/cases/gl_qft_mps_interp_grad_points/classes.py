# Source: https://github.com/mipt-alexa/quantum_comp/blob/e32f5648b7086561ce965557e420d24a91516677/classes.py
# Title: classes.py (MPS class: components and scalar product)
# Cut: canonical forms, truncation and MPO classes cut; constructor reduced; dot kept as written.
import jax.numpy as jnp
import jax.config

from typing import List

jax.config.update("jax_enable_x64", True)


class MPS:
    def __init__(self, components: List[jnp.ndarray]):
        self.components = components
        self.len = len(components)

    def dot(self, rhs) -> jnp.float64:
        """
        This function computes scalar product of two MPS.
        """
        if self.len != rhs.len:
            raise Exception("Ranks of multipliers do not match")

        result = jnp.tensordot(self.components[0], rhs.components[0], [[1], [1]])
        for i in range(1, self.len):
            if i == 1:
                result = jnp.tensordot(result, self.components[i], [[1], [0]])
            else:
                result = jnp.tensordot(result, self.components[i], [[2], [0]])

            result = jnp.tensordot(result, rhs.components[i], [[2, 3], [0, 1]])
        return jnp.reshape(result, 1)[0]
