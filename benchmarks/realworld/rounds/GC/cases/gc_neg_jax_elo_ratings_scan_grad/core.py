# Source: https://github.com/martiningram/jax_elo/blob/62fc42003df2fb072b28b4ed3c2cb7ea79f69852/jax_elo/core.py
# Title: jax_elo/core.py (Elo with Laplace updates, lax.scan over matches, optimised with jit(grad))
# Cut: kept imports, the per-match update, the lax.scan over matches and the objective passed to jit(grad); removed docstrings, EloFunctions/EloParams field docs, the history driver and helpers

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


from typing import NamedTuple

class EloParams(NamedTuple):
    theta: Dict[str, jnp.ndarray]
@partial(jit, static_argnums=4)
def calculate_update(mu, cov_mat, a, y, elo_functions, elo_params):

    lik = elo_functions.marginal_lik_fun(mu, mu, a, cov_mat, elo_params.theta, y)

    # Evaluate Jacobian and Hessian at the current guess
    mode_jac = elo_functions.log_post_jac_x(mu, mu, cov_mat, a, elo_params.theta, y)
    mode_hess = elo_functions.log_post_hess_x(mu, mu, cov_mat, a, elo_params.theta, y)

    # Get the updated guess from linearising
    new_x = -jnp.linalg.solve(mode_hess, mode_jac)

    return new_x + mu, lik


@partial(jit, static_argnums=4)
def concatenate_and_update(mu1, mu2, a, y, elo_functions, elo_params):

    mu = jnp.concatenate([mu1, mu2])
    cov_full = jnp.kron(jnp.eye(2), elo_params.theta["cov_mat"])

    new_mu, lik = calculate_update(mu, cov_full, a, y, elo_functions, elo_params)

    new_mu1, new_mu2 = jnp.split(new_mu, 2)

    return new_mu1, new_mu2, lik


def update_ratings(carry, x, elo_functions, elo_params):

    cur_winner, cur_loser, cur_a, cur_y = x

    new_winner_mean, new_loser_mean, lik = concatenate_and_update(
        carry[cur_winner], carry[cur_loser], cur_a, cur_y, elo_functions, elo_params
    )

    carry = carry.at[cur_winner].set(new_winner_mean)
    carry = carry.at[cur_loser].set(new_loser_mean)

    return carry, lik


@partial(jit, static_argnums=4)
def calculate_ratings_scan(
    winners_array, losers_array, a_full, y_full, elo_functions, elo_params, init
):

    fun_to_scan = partial(
        update_ratings, elo_functions=elo_functions, elo_params=elo_params
    )

    ratings, liks = scan(
        fun_to_scan, init, [winners_array, losers_array, a_full, y_full]
    )

    return ratings, liks



def optimise_elo(
    start_params,
    functions,
    winners_array,
    losers_array,
    a_full,
    y_full,
    n_players,
    tol=1e-3,
    objective_mask=None,
    verbose=True,
):

    theta_flat, theta_summary = flatten_and_summarise(**start_params.theta)
    start_elts = theta_flat

    minimize_fun = partial(
        _to_optimise,
        start_params=start_params,
        functions=functions,
        winners_array=winners_array,
        losers_array=losers_array,
        a_full=a_full,
        y_full=y_full,
        summaries=theta_summary,
        n_players=n_players,
        objective_mask=objective_mask,
    )

    minimize_grad = jit(grad(minimize_fun))

    result = minimize(minimize_fun, start_elts, jac=minimize_grad, tol=tol)

    final_params = update_params(
        result.x, start_params, functions, theta_summary, verbose=False
    )

    return final_params, result


def _ratings_lik(*args):

    return calculate_ratings_scan(*args)[1]


def _to_optimise(
    x,
    start_params,
    functions,
    winners_array,
    losers_array,
    a_full,
    y_full,
    summaries,
    n_players,
    objective_mask=None,
    verbose=True,
):

    objective_mask = (
        onp.ones(winners_array.shape[0]) if objective_mask is None else objective_mask
    )

    params = update_params(x, start_params, functions, summaries, verbose=verbose)

    init = jnp.zeros((n_players, a_full.shape[1] // 2))

    cur_liks = _ratings_lik(
        winners_array, losers_array, a_full, y_full, functions, params, init
    )

    return jnp.sum(-objective_mask * cur_liks)
