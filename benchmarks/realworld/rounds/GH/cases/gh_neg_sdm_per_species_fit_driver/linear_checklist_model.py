# Source: https://github.com/martiningram/sdm_ml/blob/e95ac127a96c3bc51770a1a7b1d383b198413e12/sdm_ml/checklist_level/linear_checklist_model.py
# Title: sdm_ml sdm_ml/checklist_level/linear_checklist_model.py (one maximum-likelihood occupancy model per species)
# Cut: kept imports, fit (loop over species, one optimisation each) and predict_marginal_probabilities_direct; the remaining prediction and saving methods cut

from .checklist_model import ChecklistModel
import numpy as np
import pandas as pd
import jax.numpy as jnp
from .likelihoods import compute_checklist_likelihood
from functools import partial
from tqdm import tqdm
from sklearn.preprocessing import StandardScaler
from jax.nn import log_sigmoid, sigmoid
import os
from typing import Callable
import pickle
from .functional.max_lik_occu_model import fit, predict_env_logit, predict_obs_logit
from ml_tools.patsy import create_formula


class LinearChecklistModel(ChecklistModel):
    def __init__(self, env_formula, det_formula):

        self.fit_results = None
        self.species_names = None
        self.env_formula = env_formula
        self.det_formula = det_formula

    def fit(
        self,
        X_env: pd.DataFrame,
        X_checklist: pd.DataFrame,
        y_checklist: pd.DataFrame,
        checklist_cell_ids: np.ndarray,
    ) -> None:

        self.fit_results = list()
        self.species_names = y_checklist.columns

        for cur_species in tqdm(self.species_names):

            cur_y_checklist = y_checklist[cur_species].values

            fit_result = fit(
                X_env,
                X_checklist,
                cur_y_checklist,
                checklist_cell_ids,
                self.env_formula,
                self.det_formula,
                scale_env_data=True,
            )

            self.fit_results.append(fit_result)

    def predict_marginal_probabilities_direct(self, X: pd.DataFrame) -> np.ndarray:

        predictions = list()

        for cur_species_name, cur_fit_result in zip(
            self.species_names, self.fit_results
        ):

            cur_prediction = predict_env_logit(
                X,
                self.env_formula,
                cur_fit_result["env_coefs"],
                cur_fit_result["env_scaler"],
            )

            cur_prob_pres = sigmoid(cur_prediction)
            predictions.append(cur_prob_pres)

        predictions = np.stack(predictions, axis=1)

        return pd.DataFrame(predictions, columns=self.species_names)
