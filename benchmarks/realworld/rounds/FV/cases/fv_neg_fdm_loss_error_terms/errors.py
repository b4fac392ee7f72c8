# Source: https://github.com/arpastrana/jax_fdm/blob/71d449076d7384104108cfd133108be01278c18d/src/jax_fdm/losses/errors.py
# Title: src/jax_fdm/losses/errors.py (JAX FDM error terms)
# Cut: docstrings, evaluate()/evaluate_state() and all but two error subclasses cut.
import jax.numpy as jnp
from jax import vmap


class Error:
    """
    Goals are grouped into collections in collections: one collection per goal
    type, its leaves carrying a leading element axis. A goal maps one element to
    one error, so the term vmaps that per-element error over a collection, sums
    the mapped result, and aggregates one such sum per collection via errors.
    """

    def __init__(self, goals, alpha=1.0, name=None, *args, **kwargs):
        self.goals = goals
        self.alpha = alpha
        self.name = name or self.__class__.__name__
        self.collections = []

    @staticmethod
    def error(gstate):
        raise NotImplementedError

    def errors(self, errors):
        raise NotImplementedError

    def __call__(self, eqstate, structure):
        errors = []
        for collection in self.collections:
            per_element = vmap(lambda g: self.error(g(eqstate, structure)))(collection)
            errors.append(jnp.sum(per_element))

        return self.errors(jnp.asarray(errors)) * self.alpha


class SquaredError(Error):
    @staticmethod
    def error(gstate):
        return jnp.sum(gstate.weight * jnp.square(gstate.prediction - gstate.goal))

    def errors(self, errors):
        return jnp.sum(errors)


class MeanSquaredError(SquaredError):
    def errors(self, errors):
        return jnp.mean(errors)
