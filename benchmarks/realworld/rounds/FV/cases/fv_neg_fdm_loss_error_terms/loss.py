# Source: https://github.com/arpastrana/jax_fdm/blob/71d449076d7384104108cfd133108be01278c18d/src/jax_fdm/losses/loss.py
# Title: src/jax_fdm/losses/loss.py (JAX FDM: auto-differentiable force density method for cable nets and shells)
# Cut: docstrings, the evaluate() method and the term-sorting properties cut; Loss keeps its
#      two lists of terms (their sorting by type is reconstructed with hasattr). Differentiation site from optimization/optimizers/optimizer.py (same commit).
import jax.numpy as jnp
from jax import grad, jit


class Loss:
    """A scalar objective summing error and regularization terms."""

    def __init__(self, *args, name=None):
        self.terms_error = [a for a in args if hasattr(a, "collections")]
        self.terms_regularization = [a for a in args if not hasattr(a, "collections")]
        self.name = name or self.__class__.__name__

    def __call__(self, params, model, structure):
        eq_state = model(params, structure)

        loss = jnp.asarray(0.0)
        for error_term in self.terms_error:
            loss = loss + error_term(eq_state, structure)

        for reg_term in self.terms_regularization:
            loss = loss + reg_term(params)

        return loss


def gradient(loss):
    """optimizer.py: the gradient of the loss that the optimizers call."""
    return jit(grad(loss, argnums=0))
