# Source: https://github.com/CristianManta/partial-cliques/blob/5346e30dbc79d29824bab41bdcdea6a5f347a765/dag_gflownet/utils/data.py
# Title: dag_gflownet/utils/data.py (CristianManta/partial-cliques)
# Cut: get_potential_fns and get_energy_fns kept with their imports; data loading and graph sampling removed.
import pandas as pd
import numpy as np
from pgmpy.utils import get_example_model
from pgmpy.factors.discrete import DiscreteFactor
from pgmpy.factors import factor_sum_product
from pgmpy.sampling import GibbsSampling
from pgmpy.models import MarkovNetwork
import networkx as nx


def get_potential_fns(model: MarkovNetwork, unobserved_cliques: list):
    """
    Given the markov model and a mutable representation of unfinished cliques,
    return a list of potential functions.

    Inputs
    --------
    model : MarkovNetwork

    unobserved_cliques : list
        A list of sets, where each set correspond to a clique. Each
        variable is represented by its index, an integer, Fully observed
        and cashed out variables are excluded from these sets.

    Outputs
    --------
    clique_potentials : list
        A list of potential functions for unobserved_cliques cliques
    """

    clique_potentials = []
    num_cliques = len(unobserved_cliques)
    nodes = [n for n in model.nodes]
    for c_ind in range(num_cliques):
        clique = list(unobserved_cliques[c_ind])
        clique_potentials.append(
            factor_sum_product(
                output_vars=[nodes[i] for i in clique], factors=model.factors
            )
        )

    return clique_potentials


def get_energy_fns(model: MarkovNetwork, full_cliques: list):
    """
    Given the markov model and a mutable representation of unfinished cliques,
    return a list of energy functions.

    Inputs
    --------
    model : MarkovNetwork

    full_cliques : list
        A list of sets, where each set correspond to a clique. Each
        variable is represented by its index, an integer.

    Outputs
    --------
    clique_energies : list
        A list of energy functions for full_cliques
    """
    clique_energies = []
    for c_ind in range(len(full_cliques)):
        clique_energies.append(-np.log(model.factors[c_ind].values))

    return clique_energies

