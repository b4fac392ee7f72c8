# Source: https://github.com/OpenSourceEconomics/lcm/blob/5891ea2d6da30b14ceda72c7b88bda03803b0d9d/src/lcm/entry_point.py
# Title: entry_point.py (lcm: get_lcm_function)
# Cut: kept the per-period function construction loop and the jax.jit of the solver;
#      simulation targets, logging setup and input processing dropped.
from functools import partial

import jax

from solve_brute import solve


def get_lcm_function(internal_model, create_state_action_space, get_Q_and_F,
                     get_max_Q_over_c, get_max_Qc_over_d, logger, jit=True):
    last_period = internal_model.n_periods - 1
    state_action_spaces = {}
    max_Q_over_c_functions = {}
    max_Qc_over_d_functions = {}

    for period in reversed(range(internal_model.n_periods)):
        is_last_period = period == last_period

        state_action_space = create_state_action_space(
            model=internal_model,
            is_last_period=is_last_period,
        )
        Q_and_F = get_Q_and_F(
            model=internal_model,
            period=period,
        )
        max_Q_over_c = get_max_Q_over_c(
            Q_and_F=Q_and_F,
            continuous_actions_names=tuple(state_action_space.continuous_actions),
            states_and_discrete_actions_names=state_action_space.states_and_discrete_actions_names,
        )
        max_Qc_over_d = get_max_Qc_over_d(
            random_utility_shock_type=internal_model.random_utility_shocks,
            variable_info=internal_model.variable_info,
            is_last_period=is_last_period,
        )
        state_action_spaces[period] = state_action_space
        max_Q_over_c_functions[period] = max_Q_over_c
        max_Qc_over_d_functions[period] = max_Qc_over_d

    _solve_model = partial(
        solve,
        state_action_spaces=state_action_spaces,
        max_Q_over_c_functions=max_Q_over_c_functions,
        max_Qc_over_d_functions=max_Qc_over_d_functions,
        logger=logger,
    )
    solve_model = jax.jit(_solve_model) if jit else _solve_model
    return solve_model
