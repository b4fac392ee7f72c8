# Source: https://pypi.org/project/nexusim/0.2.0/ (sdist nexusim-0.2.0.tar.gz, src/nexus/simulator/spatial/layers/chemical.py; project repository github.com/AmoghSingh25/nexus)
# Title: src/nexus/simulator/spatial/layers/chemical.py (reaction layer of the NEXUS spatial cell simulator)
# Cut: kept calc_reaction_change and the three reaction-order updates; the commented-out logging block dropped.
import jax
import jax.numpy as jnp
from nexus.simulator.spatial.utils.random_generators import (
    generate_poisson,
    generate_uniform,
    generate_permutation,
)


def calc_reaction_change(
    step,
    field_id,
    logger,
    reaction_key,
    n_reactions,
    chem_mass,
    delta,
    reaction_table,
    reaction_prob,
    reaction_matrix,
    reaction_order,
):
    """
    Calculate change in chemical concentration due to reactions. Randomly shuffles the reaction order during each step. The subsequent concentration from the reaction_i is used for reaction_i+1.
    Executes reaction based on probability.
    """

    key, sub_key, reaction_order = generate_permutation(
        key=reaction_key[0], sub_key=reaction_key[1], x=n_reactions
    )

    conc_t_0 = chem_mass
    reaction_ids = []

    for i in reaction_order:
        prob_i = reaction_prob[i]

        key, sub_key, random_prob = generate_uniform(key=key, sub_key=sub_key)

        def get_updated_conc(conc_t_0, key, sub_key):
            key, sub_key, poisson_i = generate_poisson(
                key=key,
                sub_key=sub_key,
                lam=reaction_matrix[i],
            )
            react_matrix_i = poisson_i * delta

            conc_t_1 = jax.lax.switch(
                reaction_order[i], reaction_table, (conc_t_0, react_matrix_i)
            )

            ## Skip reaction if resultant concentrations are negative - Assuming sufficient amount of reactant is not available
            def update_reaction():
                reaction_ids.append(i)
                return conc_t_1

            return jax.lax.cond(
                jnp.any(jnp.abs(react_matrix_i) * conc_t_1 < 0),
                lambda _: conc_t_0,
                lambda _: update_reaction(),
                None,
            )

        conc_t_0 = jax.lax.cond(
            random_prob <= prob_i,
            lambda _: get_updated_conc(conc_t_0, key, sub_key),
            lambda _: conc_t_0,
            None,
        )

    return jnp.array([key, sub_key]), conc_t_0


def calc_zero_order(args):
    curr_conc = args[0].at[:].set(args[0] + args[1])
    return curr_conc


def calc_first_order(args):
    curr_conc = args[0].at[:].set(jnp.exp(jnp.log(args[0]) + args[1]))
    return curr_conc


def calc_second_order(args):
    curr_conc = args[0].at[:].set(1 / ((1 / args[0]) - args[1]))
    return curr_conc
