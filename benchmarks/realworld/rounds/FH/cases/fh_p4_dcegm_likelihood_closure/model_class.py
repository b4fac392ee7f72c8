# Source: https://github.com/OpenSourceEconomics/dcegm/blob/cdad7681ac5aecaaeb8296efbd942cc9a5d38953/src/dcegm/interfaces/model_class.py
# Title: src/dcegm/interfaces/model_class.py (dcegm setup_model, parent of "Introduce separation of large arrays for jit compiling (#192)")
# Cut: kept backward_induction_inner_jit, get_fast_solve_func and create_experimental_ll_func of
#      setup_model; __init__ reduced to the attributes they read; solve/simulate methods removed.
from functools import partial

import jax

from dcegm.backward_induction import backward_induction
from dcegm.likelihood import create_individual_likelihood_function


class setup_model:
    def __init__(self, model_config, model_specs, model_funcs, model_structure, batch_info,
                 income_shock_draws_unscaled, income_shock_weights):
        self.model_config = model_config
        self.model_specs = model_specs
        self.model_funcs = model_funcs
        self.model_structure = model_structure
        self.batch_info = batch_info
        self.income_shock_draws_unscaled = income_shock_draws_unscaled
        self.income_shock_weights = income_shock_weights

    def backward_induction_inner_jit(self, params):
        return backward_induction(
            params=params,
            income_shock_draws_unscaled=self.income_shock_draws_unscaled,
            income_shock_weights=self.income_shock_weights,
            model_config=self.model_config,
            batch_info=self.batch_info,
            model_funcs=self.model_funcs,
            model_structure=self.model_structure,
        )

    def get_fast_solve_func(self):
        backward_jit = jax.jit(
            partial(
                backward_induction,
                income_shock_draws_unscaled=self.income_shock_draws_unscaled,
                income_shock_weights=self.income_shock_weights,
                model_config=self.model_config,
                batch_info=self.batch_info,
                model_funcs=self.model_funcs,
                model_structure=self.model_structure,
            )
        )

        return backward_jit


    def create_experimental_ll_func(
        self,
        params_all,
        observed_states,
        observed_choices,
        unobserved_state_specs=None,
        return_model_solution=False,
        use_probability_of_observed_states=True,
        slow_version=False,
    ):

        return create_individual_likelihood_function(
            model_structure=self.model_structure,
            model_config=self.model_config,
            model_funcs=self.model_funcs,
            model_specs=self.model_specs,
            backwards_induction_inner_jit=self.backward_induction_inner_jit,
            observed_states=observed_states,
            observed_choices=observed_choices,
            params_all=params_all,
            unobserved_state_specs=unobserved_state_specs,
            return_model_solution=return_model_solution,
            use_probability_of_observed_states=use_probability_of_observed_states,
            slow_version=slow_version,
        )

