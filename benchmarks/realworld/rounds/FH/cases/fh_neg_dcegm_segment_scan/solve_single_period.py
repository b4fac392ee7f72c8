# Source: https://github.com/OpenSourceEconomics/dcegm/blob/7d7af991f0ca14765d1e6305e56348de01a9dd95/src/dcegm/solve_single_period.py
# Title: src/dcegm/solve_single_period.py (dcegm single-period EGM step, the lax.scan body)
# Cut: kept the start of solve_single_period (unpacking the carry and xs, EGM step 1); the rest is
#      replaced by returning the carry unchanged.
from jax import vmap

from dcegm.egm.aggregate_marginal_utility import aggregate_marg_utils_and_exp_values
from dcegm.egm.interpolate_marginal_utility import interpolate_value_and_marg_util
from dcegm.egm.solve_euler_equation import (
    calculate_candidate_solutions_from_euler_equation,
)


def solve_single_period(
    carry,
    xs,
    params,
    continuous_grids_info,
    cont_grids_next_period,
    model_funcs,
    income_shock_weights,
    debug_info,
):
    """Solve a single period of the model using DCEGM."""
    value_solved, policy_solved, endog_grid_solved = carry

    (
        state_choices_idxs,
        child_state_choices_to_aggr_choice,
        child_states_to_integrate_stochastic,
        child_state_choice_idxs_to_interp,
        child_state_idxs,
        state_choice_mat,
        state_choice_mat_child,
    ) = xs

    # EGM step 1)
    value_interpolated, marginal_utility_interpolated = interpolate_value_and_marg_util(
        model_funcs=model_funcs,
        state_choice_vec=state_choice_mat_child,
        continuous_grids_info=continuous_grids_info,
        cont_grids_next_period=cont_grids_next_period,
        endog_grid_child_state_choice=endog_grid_solved[
            child_state_choice_idxs_to_interp
        ],
        policy_child_state_choice=policy_solved[child_state_choice_idxs_to_interp],
        value_child_state_choice=value_solved[child_state_choice_idxs_to_interp],
        child_state_idxs=child_state_idxs,
        params=params,
    )

    return (value_solved, policy_solved, endog_grid_solved), ()
