# Source: https://github.com/ramonamezquita/vnn/blob/439819a72217f7ae2250d1ae51a0b5837e50a3a5/src/vnn/ensemble.py
# Title: src/vnn/ensemble.py (Deep Ensemble of mean-variance estimation networks)
# Cut: argument parser, main and plotting dropped; run() kept up to the prediction intervals,
#      plot arguments removed from its use.

import jax.numpy as jnp
import matplotlib.pyplot as plt
from sklearn.ensemble import BaggingRegressor

from vnn.datasets import DATASETS, get_dataset
from vnn.mve import MVE


def run(
    n_estimators: int = 10,
    n_total_epochs: int = 10000,
    n_warmup_epochs: int = 5000,
    n_hidden_units: int = 20,
    n_jobs: int = 4,
    max_samples: float | int | None = 0.8,
    bootstrap: bool = True,
    random_state: int = 0,
    verbose: int = 2,
    learning_rate: float = 1e-3,
    activation_fn: str = "sigmoid",
    dataset: str = "sinusoidal",
    plot: bool = True,
    ax=None,
) -> None:
    base_regressor = MVE(
        n_total_epochs=n_total_epochs,
        n_hidden_units=n_hidden_units,
        n_warmup_epochs=n_warmup_epochs,
        learning_rate=learning_rate,
        activation_fn=activation_fn,
    )

    regr = BaggingRegressor(
        base_regressor,
        n_estimators,
        max_samples=max_samples,
        bootstrap=bootstrap,
        random_state=random_state,
        verbose=verbose,
        n_jobs=n_jobs,
    )

    X, y = get_dataset(dataset)
    regr.fit(X, y)

    # `predictions` holds the output for all estimators.
    predictions = jnp.stack(
        [regr.estimators_[i].predict(X) for i in range(n_estimators)], axis=0
    )
    means = predictions[:, :, 0]
    vars_ = predictions[:, :, 1]

    # The estimated regression function is just the average of all mean predictions.
    mean_prediction = means.mean(axis=0)

    # The estimated variance is more tricky.
    var_prediction = (vars_ + jnp.square(means)).mean(axis=0) - jnp.square(
        mean_prediction
    )

    lb = mean_prediction - 1.96 * jnp.sqrt(var_prediction)
    ub = mean_prediction + 1.96 * jnp.sqrt(var_prediction)
    return mean_prediction, var_prediction, lb, ub
