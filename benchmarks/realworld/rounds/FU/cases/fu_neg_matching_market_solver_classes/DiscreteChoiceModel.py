# Source: https://github.com/esbenscriver/SolveOneToOneMatching/blob/3d8cf0757cdb3de02e5f5eef4563a4cf093c6bf1/src/SolveOneToOneMatching/DiscreteChoiceModel.py
# Title: src/SolveOneToOneMatching/DiscreteChoiceModel.py
# Cut: kept LogitModel only (docstrings trimmed); nested and generalized nested logit cut; ModelType alias
#      reduced to LogitModel.
import jax.numpy as jnp
from jax import Array
from simple_pytree import Pytree, dataclass

@dataclass
class LogitModel(Pytree, mutable=False):

    utility: Array
    scale: Array

    n: Array

    outside_option: bool = True
    axis: int = 1

    @property
    def adjustment(self) -> Array:
        # Set up adjustment factor for the logit model
        return jnp.ones_like(self.scale, dtype=float)

    def ChoiceProbabilities(self, v: Array) -> tuple[Array, Array]:
        v_max = jnp.max(v, axis=self.axis, keepdims=True)

        # exponentiated centered payoffs of inside options
        expV_inside = jnp.exp(v - v_max)

        # if outside option exists exponentiate the centered payoff
        expV_outside = jnp.where(
            self.outside_option, jnp.exp(-v_max), jnp.zeros_like(v_max)
        )

        # denominator of choice probabilities
        denominator = expV_outside + jnp.sum(expV_inside, axis=self.axis, keepdims=True)
        return expV_inside / denominator, expV_outside / denominator


ModelType = LogitModel
