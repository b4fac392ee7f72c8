# Source: https://github.com/esbenscriver/SolveOneToOneMatching/blob/3d8cf0757cdb3de02e5f5eef4563a4cf093c6bf1/src/SolveOneToOneMatching/MatchingModel.py
# Title: src/SolveOneToOneMatching/MatchingModel.py (one-to-one matching market with transferable utility)
# Cut: kept Solution, MatchingModel.adjust_step, Payoff_X/Y, Demand_X/Y, UpdateTransfers and Solve; the
#      outside-option demands and docstrings are cut.
import jax.numpy as jnp
from jax import Array

# import simple_pytree (used to store variables)
from simple_pytree import Pytree, dataclass

# import solvers
from jaxopt import FixedPointIteration, AndersonAcceleration
from squarem_jaxopt import SquaremAcceleration

from DiscreteChoiceModel import ModelType

SolverTypes = (
    type[SquaremAcceleration] | type[AndersonAcceleration] | type[FixedPointIteration]
)


@dataclass
class Solution(Pytree, mutable=False):

    transfer: Array
    matches: Array


@dataclass
class MatchingModel(Pytree, mutable=False):

    model_X: ModelType
    model_Y: ModelType

    @property
    def adjust_step(self) -> Array:
        scale_adjustment_X = self.model_X.scale * self.model_X.adjustment
        scale_adjustment_Y = self.model_Y.scale * self.model_Y.adjustment
        return (scale_adjustment_X * scale_adjustment_Y.T) / (
            scale_adjustment_X + scale_adjustment_Y.T
        )

    def Payoff_X(self, transfer: Array) -> Array:
        return (self.model_X.utility + transfer) / self.model_X.scale

    def Payoff_Y(self, transfer: Array) -> Array:
        return (self.model_Y.utility - transfer.T) / self.model_Y.scale

    def Demand_X(self, transfer: Array) -> Array:
        v_X = self.Payoff_X(transfer)
        return self.model_X.n * self.model_X.ChoiceProbabilities(v_X)[0]

    def Demand_Y(self, transfer: Array) -> Array:
        v_Y = self.Payoff_Y(transfer)
        return (self.model_Y.n * self.model_Y.ChoiceProbabilities(v_Y)[0]).T

    def UpdateTransfers(self, t_initial: Array, adjust_step: Array) -> Array:
        # Calculate demand for both sides of the market
        demand_X = self.Demand_X(t_initial)  # type X's demand for type Y
        demand_Y = self.Demand_Y(t_initial)  # type Y's demand for type X

        # Update transfer
        t_updated = t_initial + adjust_step * jnp.log(demand_Y / demand_X)
        return t_updated

    def Solve(
        self,
        fixed_point_solver: SolverTypes = SquaremAcceleration,
        tol: float = 1e-10,
        maxiter: int = 1_000,
        verbose: bool = True,
    ) -> Solution:
        # Initial guess for equilibrium transfers
        transfer_init = jnp.zeros((self.model_X.n.size, self.model_Y.n.size))

        # Find equilibrium transfers
        result = fixed_point_solver(
            self.UpdateTransfers,
            maxiter=maxiter,
            tol=tol,
            verbose=verbose,
        ).run(transfer_init, self.adjust_step)
        return Solution(transfer=result.params, matches=self.Demand_X(result.params))

