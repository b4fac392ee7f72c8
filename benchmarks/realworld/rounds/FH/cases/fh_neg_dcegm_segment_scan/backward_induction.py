# Source: https://github.com/OpenSourceEconomics/dcegm/blob/7d7af991f0ca14765d1e6305e56348de01a9dd95/src/dcegm/backward_induction.py
# Title: src/dcegm/backward_induction.py (dcegm: DC-EGM solver for discrete-continuous life-cycle models)
# Cut: kept the part of backward_induction after the last two periods are solved (the loop over
#      batch segments, each solved with lax.scan); the grid computation and last-two-period solve
#      before it are removed and their results become arguments of the function.
"""Interface for the DC-EGM algorithm."""

from typing import Any, Callable, Dict, Tuple

import jax
import jax.lax
import jax.numpy as jnp

from dcegm.solve_single_period import solve_single_period


def backward_induction(
    params: Dict[str, float],
    income_shock_weights: jnp.ndarray,
    model_config: Dict[str, Any],
    model_funcs: Dict[str, Callable],
    batch_info: Dict[str, Any],
    cont_grids_next_period,
    value_solved,
    policy_solved,
    endog_grid_solved,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    """Do backward induction and solve for optimal policy and value function."""
    continuous_states_info = model_config["continuous_states_info"]

    # If it is a two period model we are done.
    if batch_info["two_period_model"]:
        return value_solved, policy_solved, endog_grid_solved

    # Create JIT-compiled single period solver using lambda
    partial_single_period = lambda carry, xs: solve_single_period(
        carry=carry,
        xs=xs,
        params=params,
        continuous_grids_info=continuous_states_info,
        cont_grids_next_period=cont_grids_next_period,
        model_funcs=model_funcs,
        income_shock_weights=income_shock_weights,
        debug_info=None,
    )

    for id_segment in range(batch_info["n_segments"]):
        segment_info = batch_info[f"batches_info_segment_{id_segment}"]

        carry_start = (
            value_solved,
            policy_solved,
            endog_grid_solved,
        )

        final_carry, _ = jax.lax.scan(
            f=partial_single_period,
            init=carry_start,
            xs=(
                segment_info["batches_state_choice_idx"],
                segment_info["child_state_choices_to_aggr_choice"],
                segment_info["child_states_to_integrate_stochastic"],
                segment_info["child_state_choice_idxs_to_interp"],
                segment_info["child_states_idxs"],
                segment_info["state_choices"],
                segment_info["state_choices_childs"],
            ),
        )

        if not segment_info["batches_cover_all"]:
            last_batch_info = segment_info["last_batch_info"]
            extra_final_carry, () = partial_single_period(
                carry=final_carry,
                xs=(
                    last_batch_info["state_choice_idx"],
                    last_batch_info["child_state_choices_to_aggr_choice"],
                    last_batch_info["child_states_to_integrate_stochastic"],
                    last_batch_info["child_state_choice_idxs_to_interp"],
                    last_batch_info["child_states_idxs"],
                    last_batch_info["state_choices"],
                    last_batch_info["state_choices_childs"],
                ),
            )

            (
                value_solved,
                policy_solved,
                endog_grid_solved,
            ) = extra_final_carry
        else:
            (
                value_solved,
                policy_solved,
                endog_grid_solved,
            ) = final_carry

    return (
        value_solved,
        policy_solved,
        endog_grid_solved,
    )
