# Source: https://github.com/monash-emu/summer/blob/f1cbcca65f0ff631525d1b1c708bfaae82162556/summer/runner/jax/jax.py
# Title: summer/runner/jax/jax.py (jax branch: JAX backend of the summer compartmental-model runner)
# Cut: jax config lines and the compartment-rate accumulation (imported here) removed; the
#      'COULD BE JITTED' / 'JITTED' comments and special-case population updates trimmed.
from jax import numpy as jnp

from summer.parameters import get_model_param_value
from .accumulate import build_get_compartment_rates

def clean_compartments(compartment_values: jnp.ndarray):
    return jnp.where(compartment_values < 0.0, 0.0, compartment_values)


def build_get_mixing_matrix(runner):
    def get_mixing_matrix(time: float, parameters) -> jnp.ndarray:
        """
        Returns the final mixing matrix for a given time.
        """
        # We actually have some matrices, let's do things with them...
        if len(runner.model._mixing_matrices):
            mixing_matrix = None
            for mm_func in runner.model._mixing_matrices:
                # Assume each mixing matrix is either an np.ndarray or
                # a function of time that returns one.
                # mm = mm_func(time) if callable(mm_func) else mm_func
                mm = get_model_param_value(mm_func, time, None, parameters)
                # Get Kronecker product of old and new mixing matrices.
                # Only do this if we actually need to
                if mixing_matrix is None:
                    mixing_matrix = mm
                else:
                    mixing_matrix = jnp.kron(mixing_matrix, mm)
        else:
            mixing_matrix = runner.model._DEFAULT_MIXING_MATRIX

        return mixing_matrix

    return get_mixing_matrix


def get_strain_infection_values(
    compartment_values,
    strain_compartment_infectiousness,
    category_matrix,
    mixing_matrix,
    category_populations,
):
    infected_values = compartment_values * strain_compartment_infectiousness
    infectious_populations = category_matrix @ infected_values
    infection_density = mixing_matrix @ infectious_populations
    category_prevalence = infectious_populations / category_populations
    infection_frequency = mixing_matrix @ category_prevalence

    return infection_density, infection_frequency


def build_get_infectious_multipliers(runner):
    SCI = runner._compartment_infectiousness["default"]
    cat_mat = runner._category_matrix
    get_mixing_matrix = build_get_mixing_matrix(runner)

    def get_infectious_multipliers(time, compartment_values, parameters):
        mm = get_mixing_matrix(time, parameters)
        cat_pops = cat_mat @ compartment_values
        return get_strain_infection_values(compartment_values, SCI, cat_mat, mm, cat_pops)[1]

    return get_infectious_multipliers


def build_get_flow_weights(runner):

    flow_block_maps = flatten_fbm(runner.flow_block_maps)

    def get_flow_weights(static_flow_weights, computed_values, parameters, time):
        flow_weights = static_flow_weights.copy()
        for (param, adjustments, flow_idx) in flow_block_maps:
            value = get_model_param_value(param, time, computed_values, parameters)
            for a in adjustments:
                value = a.get_new_value(value, computed_values, time, parameters)
            flow_weights = flow_weights.at[flow_idx].set(value)
        return flow_weights

    return get_flow_weights


def flatten_fbm(flow_block_map):
    out_map = []
    for (param, adjustments), flow_idx in flow_block_map.items():
        out_map.append((param, adjustments, flow_idx))
    return out_map


def build_calc_computed_values(runner):
    def calc_computed_values(compartment_vals, time, parameters):
        model_variables = {"compartment_values": compartment_vals, "time": time}

        computed_values = runner.computed_values_runner(
            parameters=parameters, model_variables=model_variables
        )

        return computed_values

    return calc_computed_values


def build_get_flow_rates(runner):

    calc_computed_values = build_calc_computed_values(runner)
    get_flow_weights = build_get_flow_weights(runner)
    get_infectious_multipliers = build_get_infectious_multipliers(runner)

    flow_weights_base = jnp.array(runner.flow_weights)

    population_idx = jnp.array(runner.population_idx)
    infectious_flow_indices = jnp.array(runner.infectious_flow_indices)

    def get_flow_rates(compartment_values: jnp.array, time, parameters):
        compartment_values = clean_compartments(compartment_values)
        computed_values = calc_computed_values(compartment_values, time, parameters)
        flow_weights = get_flow_weights(flow_weights_base, computed_values, parameters, time)
        populations = compartment_values[population_idx]
        flow_rates = flow_weights * populations
        infect_mul = get_infectious_multipliers(time, compartment_values, parameters)
        flow_rates = flow_rates.at[infectious_flow_indices].set(
            flow_rates[infectious_flow_indices] * infect_mul
        )
        return flow_rates

    return get_flow_rates


def build_get_rates(runner):
    get_flow_rates = build_get_flow_rates(runner)
    get_compartment_rates = build_get_compartment_rates(runner)

    def get_rates(compartment_values, time, parameters):
        flow_rates = get_flow_rates(compartment_values, time, parameters)
        comp_rates = get_compartment_rates(compartment_values, flow_rates)

        return comp_rates, flow_rates

    return get_rates
