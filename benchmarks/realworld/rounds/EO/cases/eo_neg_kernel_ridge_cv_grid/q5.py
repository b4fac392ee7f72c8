# Source: https://github.com/jswu18/comp0078-assignment1/blob/a84aced8c281fcbd651d6dbb7b2eaa097933d648/src/solutions/q5.py
# Title: src/solutions/q5.py
# Cut: plotting and the outer experiment loop dropped; the cross-validation grid search kept.
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from src.models.helpers import (
    TrainTestData,
    make_folds,
    mean_squared_error,
    split_train_test_data,
)
from src.models.kernels import GaussianKernel
from src.models.regression import KernelRidgeRegression

_MODEL_NAME = "Kernel Ridge Regression"


def _convert_to_scientific_notation(x: float) -> str:
    """
    Convert value to string in scientific notation
    :param x: value to convert
    :return: string of x in scientific notation
    """
    return "{:.1e}".format(float(x))


def _compute_model_performance(train_test_data: TrainTestData, gamma, sigma):
    kernel = GaussianKernel(sigma=sigma)
    model = KernelRidgeRegression(kernel, gamma)
    model.fit(train_test_data.x_train, train_test_data.y_train)
    return mean_squared_error(
        model.predict(train_test_data.x_test), train_test_data.y_test
    )


def find_optimal_parameters(x, y, number_of_folds, log_2_gammas, log_2_sigmas):
    mses = np.zeros((len(log_2_sigmas), len(log_2_gammas), number_of_folds))
    folds = make_folds(x, y, number_of_folds)
    for i, log_2_sigma in enumerate(log_2_sigmas):
        for j, log_2_gamma in enumerate(log_2_gammas):
            kernel = GaussianKernel(sigma=2.0**log_2_sigma)
            model = KernelRidgeRegression(kernel, 2.0**log_2_gamma)
            for k, fold in enumerate(folds):
                model.fit(fold.x_train, fold.y_train)
                mses[i, j, k] = mean_squared_error(
                    model.predict(fold.x_test), fold.y_test
                )
    average_mses = np.mean(mses, axis=-1)
    best_sigma_idx, best_gamma_idx = np.unravel_index(
        average_mses.argmin(), average_mses.shape
    )
    return (
        log_2_gammas[best_gamma_idx].item(),
        log_2_sigmas[best_sigma_idx].item(),
        mses,
    )


