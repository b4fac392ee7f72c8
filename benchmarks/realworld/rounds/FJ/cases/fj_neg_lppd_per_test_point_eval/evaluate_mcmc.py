# Source: https://github.com/jgwiese/mcmc_bnn_symmetry/blob/72d7af6cd5b38c5c2c31573b0bd517db26112b55/notebooks/experiment_performance_mcmc.ipynb
# Title: notebooks/experiment_performance_mcmc.ipynb
# Cut: code cell 10 (lppd of the MCMC posterior on the test split) made into a function; the
#      experiment loading cells dropped.
import jax.numpy as jnp

from lppd import computed_lppd_mcmc


def evaluate(experiment):
    dataset = experiment._dataset
    samples = experiment.result.samples
    model = experiment._model

    # compute lppd
    inputs = dataset.data_test[:, dataset.conditional_indices]
    outputs = dataset.data_test[:, dataset.dependent_indices]
    log_prob_means = computed_lppd_mcmc(
        inputs=inputs,
        outputs=outputs,
        parameters_network=samples["parameters"],
        parameters_data_std=samples["std"],
        regression_model=model
    )

    log_probs_mean = jnp.mean(log_prob_means, axis=0)
    log_probs_std = jnp.std(log_prob_means, axis=0)
    log_probs_std_error = log_probs_std / jnp.sqrt(inputs.shape[0])
    return log_probs_mean, log_probs_std_error
