# Source: https://github.com/OpenSourceEconomics/dcegm/blob/cdad7681ac5aecaaeb8296efbd942cc9a5d38953/src/dcegm/likelihood.py
# Title: src/dcegm/likelihood.py (dcegm individual likelihood, parent of "Introduce separation of large arrays for jit compiling (#192)")
# Cut: kept create_individual_likelihood_function, create_choice_prob_function (observed-states branch)
#      and create_partial_choice_prob_calculation; calc_choice_prob_for_state_choices is imported.
import copy
from typing import Dict

import jax
import jax.numpy as jnp
import numpy as np
from jax import vmap

from dcegm.egm.aggregate_marginal_utility import (
    calculate_choice_probs_and_unsqueezed_logsum,
)
from dcegm.interfaces.index_functions import get_state_choice_index_per_discrete_states
from dcegm.interfaces.interface import choice_values_for_states

from dcegm.likelihood_utils import calc_choice_prob_for_state_choices, create_choice_prob_func_unobserved_states


def create_individual_likelihood_function(
    model_structure,
    model_config,
    model_funcs,
    model_specs,
    backwards_induction_inner_jit,
    observed_states: Dict[str, int],
    observed_choices,
    params_all,
    unobserved_state_specs=None,
    return_model_solution=False,
    use_probability_of_observed_states=True,
    slow_version=False,
):

    choice_prob_func = create_choice_prob_function(
        model_structure=model_structure,
        model_config=model_config,
        model_funcs=model_funcs,
        model_specs=model_specs,
        observed_states=observed_states,
        observed_choices=observed_choices,
        unobserved_state_specs=unobserved_state_specs,
        use_probability_of_observed_states=use_probability_of_observed_states,
        return_weight_func=False,
    )

    def individual_likelihood(params):
        params_update = params_all.copy()
        params_update.update(params)

        value, policy, endog_grid = backwards_induction_inner_jit(params_update)

        choice_probs = choice_prob_func(
            value_in=value,
            endog_grid_in=endog_grid,
            params_in=params_update,
        )
        # Negative ll contributions are positive numbers. The smaller the better the fit
        # Add high fixed punishment for not explained choices
        neg_likelihood_contributions = (-jnp.log(choice_probs)).clip(max=999)

        if return_model_solution:
            sol_dict = {
                "value": value,
                "policy": policy,
                "endog_grid": endog_grid,
            }
            return neg_likelihood_contributions, sol_dict
        else:
            return neg_likelihood_contributions

    if slow_version:
        return individual_likelihood
    else:
        return jax.jit(individual_likelihood)


def create_choice_prob_function(
    model_structure,
    model_config,
    model_funcs,
    model_specs,
    observed_states,
    observed_choices,
    unobserved_state_specs,
    use_probability_of_observed_states,
    return_weight_func,
):
    if unobserved_state_specs is None:
        choice_prob_func = create_partial_choice_prob_calculation(
            observed_states=observed_states,
            observed_choices=observed_choices,
            model_structure=model_structure,
            model_config=model_config,
            model_funcs=model_funcs,
        )
    else:

        choice_prob_func = create_choice_prob_func_unobserved_states(
            model_structure=model_structure,
            model_config=model_config,
            model_funcs=model_funcs,
            model_specs=model_specs,
            observed_states=observed_states,
            observed_choices=observed_choices,
            unobserved_state_specs=unobserved_state_specs,
            use_probability_of_observed_states=use_probability_of_observed_states,
            return_weight_func=return_weight_func,
        )

    return choice_prob_func


def create_partial_choice_prob_calculation(
    observed_states,
    observed_choices,
    model_structure,
    model_config,
    model_funcs,
):
    discrete_observed_state_choice_indexes = get_state_choice_index_per_discrete_states(
        states=observed_states,
        map_state_choice_to_index=model_structure[
            "map_state_choice_to_index_with_proxy"
        ],
        discrete_states_names=model_structure["discrete_states_names"],
    )

    def partial_choice_prob_func(value_in, endog_grid_in, params_in):
        return calc_choice_prob_for_state_choices(
            value_solved=value_in,
            endog_grid_solved=endog_grid_in,
            params=params_in,
            states=observed_states,
            choices=observed_choices,
            state_choice_indexes=discrete_observed_state_choice_indexes,
            model_config=model_config,
            model_funcs=model_funcs,
        )

