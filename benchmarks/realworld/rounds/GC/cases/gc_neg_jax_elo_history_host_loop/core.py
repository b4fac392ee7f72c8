# Source: https://github.com/martiningram/jax_elo/blob/62fc42003df2fb072b28b4ed3c2cb7ea79f69852/jax_elo/core.py
# Title: jax_elo/core.py (calculate_ratings_history: per-match Python loop over jitted updates, keyed by player name)
# Cut: kept imports, the two jitted update functions it calls and calculate_ratings_history; removed docstrings and the scan/optimiser code

import numpy as onp
import jax.numpy as jnp
from jax import jit, grad
from jax.lax import scan
from collections import defaultdict
from typing import NamedTuple, Callable, Dict
from scipy.optimize import minimize
from functools import partial
from tqdm import tqdm

from jax_elo.utils.normals import weighted_sum, logistic_normal_integral_approx
from jax_elo.utils.flattening import flatten_and_summarise


@partial(jit, static_argnums=4)
def calculate_update(mu, cov_mat, a, y, elo_functions, elo_params):

    lik = elo_functions.marginal_lik_fun(mu, mu, a, cov_mat, elo_params.theta, y)

    # Evaluate Jacobian and Hessian at the current guess
    mode_jac = elo_functions.log_post_jac_x(mu, mu, cov_mat, a, elo_params.theta, y)
    mode_hess = elo_functions.log_post_hess_x(mu, mu, cov_mat, a, elo_params.theta, y)

    # Get the updated guess from linearising
    new_x = -jnp.linalg.solve(mode_hess, mode_jac)

    return new_x + mu, lik


@jit
def calculate_win_prob(mu1, mu2, a, y, elo_params, pre_factor=1.0):

    full_mu = jnp.concatenate([mu1, mu2])
    full_cov_mat = jnp.kron(jnp.eye(2), elo_params.theta["cov_mat"])

    latent_mean, latent_var = weighted_sum(full_mu, full_cov_mat, a)

    return logistic_normal_integral_approx(
        pre_factor * latent_mean, pre_factor**2 * latent_var
    )


@partial(jit, static_argnums=4)
def concatenate_and_update(mu1, mu2, a, y, elo_functions, elo_params):

    mu = jnp.concatenate([mu1, mu2])
    cov_full = jnp.kron(jnp.eye(2), elo_params.theta["cov_mat"])

    new_mu, lik = calculate_update(mu, cov_full, a, y, elo_functions, elo_params)

    new_mu1, new_mu2 = jnp.split(new_mu, 2)

    return new_mu1, new_mu2, lik


def calculate_ratings_history(
    winners, losers, a_full, y_full, elo_functions, elo_params, show_progress=True
):

    ratings = defaultdict(lambda: jnp.zeros(a_full.shape[1] // 2))
    history = list()

    winners = tqdm(winners) if show_progress else winners

    for cur_winner, cur_loser, cur_a, cur_y in zip(
        tqdm(winners), losers, a_full, y_full
    ):

        mu1, mu2 = ratings[cur_winner], ratings[cur_loser]

        prior_win_prob = elo_functions.win_prob_fun(mu1, mu2, cur_a, cur_y, elo_params)

        new_mu1, new_mu2, lik = concatenate_and_update(
            mu1, mu2, cur_a, cur_y, elo_functions, elo_params
        )

        history.append(
            {
                "winner": cur_winner,
                "loser": cur_loser,
                "prior_mu_winner": mu1,
                "prior_mu_loser": mu2,
                "prior_win_prob": prior_win_prob,
            }
        )

        ratings[cur_winner] = new_mu1
        ratings[cur_loser] = new_mu2

    return history, ratings
