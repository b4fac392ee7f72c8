# Source: https://github.com/martiningram/sdm_ml/blob/e95ac127a96c3bc51770a1a7b1d383b198413e12/sdm_ml/checklist_level/ebird_joint_checklist_model_efficient.py
# Title: sdm_ml sdm_ml/checklist_level/ebird_joint_checklist_model_efficient.py (joint eBird occupancy model: likelihood vmapped over species, hierarchical prior)
# Cut: kept imports, create_shapes_and_constraints, the obs/env logits, calculate_likelihood and calculate_prior; the model class (design matrices, ADVI fit, prediction) cut

from .checklist_model import ChecklistModel
import numpy as np
from typing import Callable
import pandas as pd
from tqdm import tqdm
from patsy import dmatrix
from jax_advi.advi import get_pickleable_subset, optimize_advi_mean_field
from jax_advi.advi import get_posterior_draws
from ml_tools.utils import save_pickle_safely
from os import makedirs
from os.path import join
from sklearn.preprocessing import StandardScaler, LabelEncoder
from jax_advi.constraints import constrain_positive
from jax.scipy.stats import norm
from functools import partial
from jax import jit, vmap
import jax.numpy as jnp
from sdm_ml.checklist_level.likelihoods import compute_checklist_likelihood
from .functional.hierarchical_checklist_model import predict_direct
from jax.nn import log_sigmoid, sigmoid
from sdm_ml.checklist_level.utils import split_every


def create_shapes_and_constraints(n_protocols, n_s, n_env_covs, n_daytimes):

    theta_shapes = {
        "env_slopes": (n_env_covs, n_s),
        "env_intercepts": (n_s),
        "duration_slopes": (n_s),
        "obs_intercepts": (n_s),
        "duration_slope_mean": (),
        "duration_slope_sd": (),
        "obs_intercept_mean": (),
        "obs_intercept_sd": (),
        "protocol_slope_additions": (n_protocols - 1, n_s),
        "protocol_intercept_additions": (n_protocols - 1, n_s),
        "protocol_slope_additions_mean": (n_protocols - 1),
        "protocol_slope_additions_sd": (n_protocols - 1),
        "protocol_intercept_additions_mean": (n_protocols - 1),
        "protocol_intercept_additions_sd": (n_protocols - 1),
        # "env_slope_prior_sd": (n_env_covs),
        "daytime_intercept_additions": (n_daytimes - 1, n_s),
        "daytime_intercept_additions_sd": (n_daytimes - 1),
        "daytime_intercept_additions_mean": (n_daytimes - 1),
    }

    theta_constraints = {
        "duration_slope_sd": constrain_positive,
        "obs_intercept_sd": constrain_positive,
        "protocol_slope_additions_sd": constrain_positive,
        "protocol_intercept_additions_sd": constrain_positive,
        # "env_slope_prior_sd": constrain_positive,
        "daytime_intercept_additions_sd": constrain_positive,
    }

    return theta_shapes, theta_constraints


def calculate_obs_logits(theta, n_s, obs_covs):

    protocol_slope_additions = jnp.concatenate(
        [jnp.zeros((1, n_s)), theta["protocol_slope_additions"]]
    )

    protocol_intercept_additions = jnp.concatenate(
        [jnp.zeros((1, n_s)), theta["protocol_intercept_additions"]]
    )

    daytime_intercept_additions = jnp.concatenate(
        [jnp.zeros((1, n_s)), theta["daytime_intercept_additions"]]
    )

    obs_logits = obs_covs["log_duration"].reshape(-1, 1) * (
        theta["duration_slopes"].reshape(1, -1)
        + protocol_slope_additions[obs_covs["protocol_ids"]]
    ) + (
        theta["obs_intercepts"].reshape(1, -1)
        + protocol_intercept_additions[obs_covs["protocol_ids"]]
        + daytime_intercept_additions[obs_covs["daytime_ids"]]
    )

    return obs_logits


@jit
def calculate_env_logits(theta, covs):

    env_logits = covs @ theta["env_slopes"] + theta["env_intercepts"].reshape(1, -1)

    return env_logits


def calculate_likelihood(theta, n_s, covs, obs_covs, cell_ids, y_pa):

    env_logits = calculate_env_logits(theta, covs)
    obs_logits = calculate_obs_logits(theta, n_s, obs_covs)

    curried_lik = lambda cur_env_logit, cur_obs_logit, cur_y: compute_checklist_likelihood(
        cur_env_logit, cur_obs_logit, 1 - cur_y, cell_ids, env_logits.shape[0]
    )

    lik = vmap(curried_lik)(env_logits.T, obs_logits.T, y_pa.T)

    return jnp.sum(lik)


@jit
def calculate_prior(theta):

    prior = jnp.sum(
        norm.logpdf(
            theta["duration_slopes"],
            theta["duration_slope_mean"],
            theta["duration_slope_sd"],
        )
    )

    prior = prior + jnp.sum(
        norm.logpdf(
            theta["obs_intercepts"],
            theta["obs_intercept_mean"],
            theta["obs_intercept_sd"],
        )
    )

    prior = prior + jnp.sum(
        norm.logpdf(
            theta["protocol_slope_additions"],
            theta["protocol_slope_additions_mean"].reshape(-1, 1),
            theta["protocol_slope_additions_sd"].reshape(-1, 1),
        )
    )

    prior = prior + jnp.sum(
        norm.logpdf(
            theta["protocol_intercept_additions"],
            theta["protocol_intercept_additions_mean"].reshape(-1, 1),
            theta["protocol_intercept_additions_sd"].reshape(-1, 1),
        )
    )

    # N(0, 1) prior
    prior = prior + jnp.sum(norm.logpdf(theta["env_slopes"], 0.0, 1.0))

    prior = prior + jnp.sum(
        norm.logpdf(
            theta["daytime_intercept_additions"],
            theta["daytime_intercept_additions_mean"].reshape(-1, 1),
            theta["daytime_intercept_additions_sd"].reshape(-1, 1),
        )
    )

    # Others: Mean and sd get N(0, 1)
    for cur_var in [
        "protocol_slope_additions",
        "protocol_intercept_additions",
        "daytime_intercept_additions",
        "duration_slope",
        "obs_intercept",
    ]:
        prior = prior + jnp.sum(norm.logpdf(theta[cur_var + "_mean"]))
        prior = prior + jnp.sum(norm.logpdf(theta[cur_var + "_sd"]))

    return prior
