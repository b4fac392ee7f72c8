# Source: https://github.com/martiningram/jax_elo/blob/62fc42003df2fb072b28b4ed3c2cb7ea79f69852/jax_elo/models/margin_model.py
# Title: jax_elo/models/margin_model.py (margin-of-victory Elo: fit and ratings history post-processing)
# Cut: kept imports, fit and calculate_ratings; removed docstrings and the prediction helpers

import numpy as np
import pandas as pd
import jax.numpy as jnp

from jax_elo.elo_functions.margin_functions import margin_functions
from jax_elo.core import (
    EloParams,
    optimise_elo,
    calculate_ratings_history,
    get_starting_elts,
)
from jax_elo.utils.encoding import encode_players


def _make_1d_a(n_matches):

    a = jnp.stack([jnp.ones(n_matches), -jnp.ones(n_matches)], axis=1)

    return a


def fit(winners, losers, margins, objective_mask=None, verbose=False):

    cov_mat = jnp.eye(1)
    cov_mat_elts = get_starting_elts(cov_mat)

    # a1, a2, sigma_obs as defined in the paper, _except_ that we take the sqrt
    # of a1 and sigma_obs since they will be squared later to make sure they
    # remain positive.
    # TODO: Is there a nicer way?
    start_theta = {
        "a1": jnp.sqrt(0.1),
        "a2": jnp.array(0.0),
        "sigma_obs": jnp.sqrt(0.1),
        "cov_mat": cov_mat_elts,
    }

    init_params = EloParams(
        theta=start_theta,
    )

    # Get winner and loser ids
    winner_ids, loser_ids, names = encode_players(winners, losers)

    n_matches = winner_ids.shape[0]
    n_players = len(names)

    a = _make_1d_a(n_matches)

    # y will just be the margins, but with an extra dimension
    y = jnp.reshape(margins, (-1, 1))

    opt_result = optimise_elo(
        init_params,
        margin_functions,
        winner_ids,
        loser_ids,
        a,
        y,
        n_players,
        verbose=verbose,
        objective_mask=objective_mask,
    )

    return opt_result


def calculate_ratings(parameters, winners, losers, margins):

    a_full = _make_1d_a(winners.shape[0])
    y = margins.reshape(-1, 1)

    history, final_ratings = calculate_ratings_history(
        winners, losers, a_full, y, margin_functions, parameters
    )

    result_df = list()

    for cur_entry in history:

        cur_dict = {
            "winner": cur_entry["winner"],
            "loser": cur_entry["loser"],
            "winner_prior_mean": cur_entry["prior_mu_winner"][0] + 1500,
            "loser_prior_mean": cur_entry["prior_mu_loser"][0] + 1500,
            "winner_prior_prob": cur_entry["prior_win_prob"],
        }

        cur_dict = {
            x: y if x in ["winner", "loser"] else float(y) for x, y in cur_dict.items()
        }

        result_df.append(cur_dict)

    final_ratings = {x: float(y[0]) + 1500 for x, y in final_ratings.items()}

    return pd.DataFrame(result_df), final_ratings
