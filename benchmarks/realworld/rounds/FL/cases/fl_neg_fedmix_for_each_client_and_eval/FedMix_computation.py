# Source: https://github.com/gaseln/flix_on_fedjax/blob/fba0811327afe85754ae0133341e1187f147837c/src/FedMix_computation.py
# Title: src/FedMix_computation.py (FLIX/FedMix: evaluation of personalised models over clients)
# Cut: kept imports and evaluate_model as written; the hyperparameter dataclasses and the training driver dropped.
from typing import Callable, Tuple, Iterable, Dict


from fedjax.core import client_datasets
from fedjax.core import dataclasses
from fedjax.core import federated_data
from fedjax.core import metrics
from fedjax.core import models
from fedjax.core.client_samplers import UniformShuffledClientSampler
from fedjax.core.typing import BatchExample
from fedjax.core.typing import Params
from fedjax.core.typing import PRNGKey

import fedjax
import jax
import jax.numpy as jnp

import FedMix

Grads = Params


def evaluate_model(
    model: models.Model,
    params: Params,
    client_data: Iterable[Tuple[float, Params, client_datasets.ClientDataset]],
    client_batch_parameters: client_datasets.BatchHParams
) -> Dict[str, jnp.ndarray]:
    """Evaluates FedMix model for multiple batches and returns final results.
    Args:
        model: Model container.
        params: Pytree of model parameters to be evaluated.
        client_data: Tuple of client's alpha, pure local model and dataset.
        client_batch_parameters: Hyperparameters for batching client dataset
        for evaluation.
    Returns:
        A dictionary of evaluation :class:`~fedjax.metrics.Metric` results.
    """
    stat = {k: metric.zero() for k, metric in model.eval_metrics.items()}
    for alpha, plm, cds in client_data:
        personalized_params = FedMix.convex_combination(params, plm, alpha)
        for batch in cds.batch(client_batch_parameters):
            stat = models._evaluate_model_step(
                model, personalized_params, batch, stat)
    return jax.tree_util.tree_map(
        lambda x: x.result(), stat,
        is_leaf=lambda v: isinstance(v, metrics.Stat))
