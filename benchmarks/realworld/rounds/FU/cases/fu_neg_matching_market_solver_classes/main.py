# Source: https://github.com/esbenscriver/SolveOneToOneMatching/blob/3d8cf0757cdb3de02e5f5eef4563a4cf093c6bf1/examples/main.py
# Title: examples/main.py (solve a one-to-one matching market with three fixed-point solvers)
# Cut: kept the logit-market setup and the loop over the three solver classes; nested and generalized nested
#      logit markets inside the loop cut.
import jax
import jax.numpy as jnp
from jax import random

from jaxopt import FixedPointIteration, AndersonAcceleration
from squarem_jaxopt import SquaremAcceleration

from MatchingModel import MatchingModel
from DiscreteChoiceModel import LogitModel


# Set number of types of agents on both sides of the market
types_X, types_Y = 4, 6

# Simulate choice-specific utilities
utility_X = -random.uniform(key=random.PRNGKey(111), shape=(types_X, types_Y))
utility_Y = random.uniform(key=random.PRNGKey(112), shape=(types_Y, types_X))

# Simulate scale parameters
scale_X = random.uniform(key=random.PRNGKey(113), shape=(types_X, 1)) + 1.0
scale_Y = random.uniform(key=random.PRNGKey(114), shape=(types_Y, 1)) + 1.0

# Simulate distribution of agents
n_X = random.uniform(key=random.PRNGKey(115), shape=(types_X, 1))
n_Y = random.uniform(key=random.PRNGKey(116), shape=(types_Y, 1)) + 1.0

# Set number of nests
nests_X, nests_Y = 2, 3
for fixed_point_solver in [
    FixedPointIteration,
    AndersonAcceleration,
    SquaremAcceleration,
]:
    print("-----------------------------------------------------------------------")
    print("1. Solve a matching model with logit demand:")

    model_logit = MatchingModel(
        model_X=LogitModel(utility=utility_X, scale=scale_X, n=n_X),
        model_Y=LogitModel(utility=utility_Y, scale=scale_Y, n=n_Y),
    )

    solution_logit = model_logit.Solve(fixed_point_solver=fixed_point_solver)
