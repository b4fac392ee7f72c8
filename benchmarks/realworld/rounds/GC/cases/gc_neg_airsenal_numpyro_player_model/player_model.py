# Source: https://github.com/alan-turing-institute/AIrsenal/blob/3a28cf91329bcb247104c35f409b667fdba154ac/airsenal/framework/player_model.py
# Title: airsenal/framework/player_model.py (NumPyro Dirichlet-multinomial player model for fantasy football)
# Cut: kept imports, scale_goals_by_minutes and NumpyroPlayerModel; removed the base class docs and the conjugate model

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import jax.numpy as jnp
import jax.random as random
import numpy as np
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS

DEFAULT_PLAYER_EPSILON = 0.2
DEFAULT_N_GOALS_PRIOR = 35

def scale_goals_by_minutes(
    goals, minutes, time_diff=None, epsilon=None, rescale_weights=True
):
    """
    Scale player goal involvements by the proportion of minutes they played
    (specifically: reduce the number of "neither" goals where the player is said
    to have had no involvement.
    goals: np.array with shape (n_players, n_matches, 3) where last axis is no. goals,
    no. assists, and no. goals not involved in
    minutes: np.array with shape (n_players, m_matches)
    time_diff: np.array with shape (n_players, m_matches)
    epsilon: float for weight decay rate with time
    rescale_weights: bool indicating whether to rescale weights to sum to n_matches for
    each player (n_matches the player appeared in where a goal was scored)
    """
    if epsilon is not None and time_diff is None:
        msg = "time_diff must be provided if using time weighting."
        raise ValueError(msg)
    if time_diff is not None and epsilon is not None:
        weights = np.exp(-epsilon * time_diff)
    else:
        weights = np.ones_like(minutes)
    select_matches = (goals.sum(axis=2) > 0) & (minutes > 0)
    n_players, _, _ = goals.shape
    scaled_goals = np.zeros((n_players, 3))
    for p in range(n_players):
        if select_matches[p, :].sum() == 0:
            # player not involved in any matches with goals
            scaled_goals[p, :] = [0, 0, 0]
            continue

        match_weights = weights[p, select_matches[p, :]]
        if rescale_weights:
            match_weights = (
                select_matches[p, :].sum() * match_weights / match_weights.sum()
            )
        team_goals = (
            goals[p, select_matches[p, :], :].sum(axis=1) * match_weights
        ).sum()
        team_mins = (90 * match_weights).sum()
        player_mins = (minutes[p, select_matches[p, :]] * match_weights).sum()
        player_goals = (goals[p, select_matches[p, :], 0] * match_weights).sum()
        player_assists = (goals[p, select_matches[p, :], 1] * match_weights).sum()
        player_neither = (
            team_goals * (player_mins / team_mins) - player_goals - player_assists
        )
        scaled_goals[p, :] = [player_goals, player_assists, player_neither]

    # players with high goal involvements in few matches may end up with a scaled
    # neither count less than 0 - set these to zero
    scaled_goals[scaled_goals < 0] = 0

    return scaled_goals

class BasePlayerModel:
    pass
class NumpyroPlayerModel(BasePlayerModel):
    """
    numpyro implementation of the AIrsenal player model.
    """

    def __init__(self):
        self.player_ids = None
        self.samples = None

    @staticmethod
    def _model(
        nplayer: int,
        nmatch: int,  # noqa: ARG004
        minutes: jnp.ndarray,
        y: jnp.ndarray,
        alpha: jnp.ndarray,
    ):
        theta = dist.Dirichlet(concentration=alpha)
        # one sample from the prior per player
        with numpyro.plate("nplayer", nplayer):
            dprobs = numpyro.sample("probs", theta)
            # now it's all about how to broadcast in the right dimensions.....
        if not isinstance(dprobs, jnp.ndarray):
            dprobs = jnp.array(dprobs)
        prob_score = numpyro.deterministic(
            "prob_score", dprobs[:, 0, None] * (minutes / 90.0)
        )
        prob_assist = numpyro.deterministic(
            "prob_assist", dprobs[:, 1, None] * (minutes / 90.0)
        )
        prob_neither = numpyro.deterministic(
            "prob_neither",
            dprobs[:, 2, None] * (minutes / 90.0) + (90.0 - minutes) / 90.0,
        )
        theta_mins = dist.Multinomial(
            probs=jnp.moveaxis(jnp.array([prob_score, prob_assist, prob_neither]), 0, 2)
        )
        return numpyro.sample("obs", theta_mins, obs=y)

    def fit(
        self,
        data,
        random_state: int = 42,
        num_warmup: int = 500,
        num_samples: int = 2000,
        mcmc_kwargs: dict[str, Any] | None = None,
        run_kwargs: dict[str, Any] | None = None,
        **kwargs,
    ):
        self.player_ids = data["player_ids"]
        kernel = NUTS(self._model)
        mcmc = MCMC(
            kernel,
            num_warmup=num_warmup,
            num_samples=num_samples,
            num_chains=1,
            progress_bar=True,
            **(mcmc_kwargs or {}),
        )
        rng_key, _rng_key_predict = random.split(random.PRNGKey(random_state))
        mcmc.run(
            rng_key,
            data["nplayer"],
            data["nmatch"],
            data["minutes"],
            data["y"],
            data["alpha"],
            **(run_kwargs or {}),
        )
        self.samples = mcmc.get_samples()
        return self

    def get_probs(self) -> dict[str, np.ndarray]:
        if self.samples is None or self.player_ids is None:
            msg = "Model samples or player_ids have not been set yet."
            raise RuntimeError(msg)
        prob_dict = {
            "player_id": np.zeros_like(self.player_ids, dtype=int),
            "prob_score": np.zeros_like(self.player_ids, dtype=float),
            "prob_assist": np.zeros_like(self.player_ids, dtype=float),
            "prob_neither": np.zeros_like(self.player_ids, dtype=float),
        }
        for i, pid in enumerate(self.player_ids):
            prob_dict["player_id"][i] = pid
            prob_dict["prob_score"][i] = float(self.samples["probs"][:, i, 0].mean())
            prob_dict["prob_assist"][i] = float(self.samples["probs"][:, i, 1].mean())
            prob_dict["prob_neither"][i] = float(self.samples["probs"][:, i, 2].mean())
        return prob_dict

    def get_probs_for_player(self, player_id: int) -> np.ndarray:
        if self.samples is None or self.player_ids is None:
            msg = "Model samples or player_ids have not been set yet."
            raise RuntimeError(msg)
        try:
            index = list(self.player_ids).index(player_id)
        except ValueError as e:
            msg = f"Unknown player_id {player_id}"
            raise RuntimeError(msg) from e
        prob_score = float(self.samples["probs"][:, index, 0].mean())
        prob_assist = float(self.samples["probs"][:, index, 1].mean())
        prob_neither = float(self.samples["probs"][:, index, 2].mean())
        return np.array([prob_score, prob_assist, prob_neither])
