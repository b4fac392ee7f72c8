# Source: https://github.com/OpenSourceEconomics/lcm/blob/5891ea2d6da30b14ceda72c7b88bda03803b0d9d/src/lcm/solution/solve_brute.py
# Title: solve_brute.py (lcm: solve a life-cycle model using grid search)
# Cut: docstring shortened; code unchanged.
import logging

import jax.numpy as jnp
from jax import Array


def solve(
    params,
    state_action_spaces,
    max_Q_over_c_functions,
    max_Qc_over_d_functions,
    logger: logging.Logger,
) -> dict[int, Array]:
    """Solve a model using grid search; one state_action_space and one pair of
    (period-specific) functions per period."""
    n_periods = len(state_action_spaces)
    solution = {}
    next_V_arr = jnp.empty(0)

    logger.info("Starting solution")

    # backwards induction loop
    for period in reversed(range(n_periods)):
        state_action_space = state_action_spaces[period]

        max_Qc_over_d = max_Qc_over_d_functions[period]
        max_Q_over_c = max_Q_over_c_functions[period]

        # evaluate Q-function on states and actions, and maximize over continuous
        # actions
        Qc_arr = max_Q_over_c(
            **state_action_space.states,
            **state_action_space.discrete_actions,
            **state_action_space.continuous_actions,
            next_V_arr=next_V_arr,
            params=params,
        )

        # maximize Qc-function evaluations over discrete actions
        V_arr = max_Qc_over_d(Qc_arr, params=params)

        solution[period] = V_arr
        next_V_arr = V_arr
        logger.info("Period: %s", period)

    return solution
