# Source: https://github.com/SamDuffield/abile/blob/9056748a29228945effd01100a00525b16d58154/abile/models/discrete.py
# Title: abile/models/discrete.py (discrete-state skill model: M-step objectives minimised with COBYLA)
# Cut: kept imports, module constants and maximiserM3; removed filter, smoother and the other maximiser

from typing import Tuple, Any, Union, Sequence, Callable

from jax import numpy as jnp, random, jit, vmap
from jax.scipy.stats import norm
from jax.lax import scan
# from jax.scipy.optimize import minimize
from scipy.optimize import minimize

from abile import get_basic_filter
from abile import times_and_skills_by_player_to_by_match
from . import sigmoids

# skills.shape = (number of players, number of discrete states)
# match_result in (0 for draw, 1 for p1 victory, 2 for p2 victory)
# static_propagate_params = (tau,)
#       tau = rate of dynamics
# static_update_params = (s, epsilon)
#       s = standard deviation of performance
#       epsilon = draw margin

init_time: float = 0.
M: int
grad_step_size: float = 1e-3
min_prob: float = 1e-10

psi: jnp.ndarray
lambdas: jnp.ndarray


sigmoid = sigmoids.inverse_probit

# Use with smootherM3
def maximiserM3(times_by_player: Sequence,
              smoother_skills_and_extras_by_player: Sequence,
              match_player_indices_seq: jnp.ndarray,
              match_results: jnp.ndarray,
              initial_params: jnp.ndarray,
              propagate_params: jnp.ndarray,
              update_params: jnp.ndarray,
              i: int,
              random_key: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    no_draw_bool = (update_params[1] == 0.) and (0 not in match_results)

    n_players = len(smoother_skills_and_extras_by_player)

    smoothing_list = [smoother_skills_and_extras_by_player[i][0] for i in range(n_players)]
    joint_smoothing_list = [smoother_skills_and_extras_by_player[i][1] for i in range(n_players)]

    initial_smoothing_dists = jnp.array([smoothing_list[i][0] for i in range(n_players)])

    def negative_expected_log_intial(log_rate):
        rate = jnp.exp(log_rate)
        _, initial_distribution_skills_player = initiator(n_players, rate, None)
        return -jnp.sum(jnp.log(initial_distribution_skills_player)*initial_smoothing_dists)

    optim_res = minimize(negative_expected_log_intial, jnp.log(initial_params), method='cobyla')
    assert optim_res.success, 'init rate optimisation failed'
    maxed_initial_params = jnp.exp(optim_res.x[0])

    def negative_expected_log_propagate(log_tau):
        tau = jnp.exp(log_tau)
        value_negative_expected_log_propagate = 0
        for ind in range(n_players):
            diff_time = (times_by_player[ind][1:] - times_by_player[ind][:-1])
            for t in range(len(joint_smoothing_list[ind])):
                value_negative_expected_log_propagate \
                    -= (jnp.sum(joint_smoothing_list[ind][t]
                                * jnp.log(1e-20 + K_t_Mcubed(diff_time[t], tau)
                                          + jnp.array(joint_smoothing_list[ind][t] == 0, dtype=jnp.float32))))

        return value_negative_expected_log_propagate

    optim_res = minimize(negative_expected_log_propagate, jnp.log(propagate_params), method='cobyla')
    assert optim_res.success, 'tau optimisation failed'
    maxed_tau = jnp.exp(optim_res.x[0])

    if no_draw_bool:
        maxed_s_and_epsilon = update_params
    else:
        smoother_skills_by_player = [ss for ss, _ in smoother_skills_and_extras_by_player]

        match_times, match_skills_p1, match_skills_p2 = times_and_skills_by_player_to_by_match(times_by_player,
                                                                                               smoother_skills_by_player,
                                                                                               match_player_indices_seq)

        def negative_expected_log_obs_dens(log_epsilon):
            epsilon = jnp.exp(log_epsilon)
            Phi = Phi_emission(update_params[0], epsilon)

            value_negative_expected_log_update = 0
            for t in range(len(match_results)):
                joint_players = jnp.reshape(match_skills_p1[t], (M, 1)) * jnp.reshape(match_skills_p2[t], (1, M))
                current_Phi = Phi[:, :, match_results[t]]

                value_negative_expected_log_update -= jnp.sum(jnp.log(1e-20 + current_Phi
                                                                      + jnp.array(joint_players == 0, jnp.float32))
                                                              * joint_players)

            return value_negative_expected_log_update

        optim_res = minimize(negative_expected_log_obs_dens, jnp.log(update_params[1]), method='cobyla')

        assert optim_res.success, 'epsilon optimisation failed'
        maxed_epsilon = jnp.exp(optim_res.x[0])
        maxed_s_and_epsilon = update_params.at[1].set(maxed_epsilon)
