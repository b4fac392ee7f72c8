# Source: https://github.com/google-research/jaxpruner/blob/f133ee50f31a03d0152b8b272edb534065152f5d/jaxpruner/baselines/fedjax/trainer.py
# Title: jaxpruner/baselines/fedjax/trainer.py (FedAvg with a JaxPruner server updater)
# Cut: kept imports and federated_averaging; dropped flags, logging and the train driver

import csv
import os
from typing import Any, Callable, Mapping, Sequence, Tuple

from absl import app
from absl import flags
from absl import logging
import fedjax
import jax
import jax.numpy as jnp
import jaxpruner
import ml_collections
import optax
from tensorflow.io import gfile

ClientId = bytes


@fedjax.dataclass
class ServerState:
  """State of server passed between rounds.

  Attributes:
    params: A pytree representing the server model parameters.
    opt_state: A pytree representing the server optimizer state.
  """

  params: fedjax.Params
  opt_state: fedjax.OptState


def federated_averaging(
    grad_fn,
    client_optimizer,
    server_optimizer,
    server_updater,  # CHANGE: include JaxPruner updater
    client_batch_hparams,
):
  """Builds the basic implementation of federated averaging."""

  def init(params):
    opt_state = server_optimizer.init(params)
    return ServerState(params, opt_state)

  def apply(
      server_state,
      clients,
  ):
    client_diagnostics = {}
    # We use a list here for clarity, but we strongly recommend avoiding loading
    # all client outputs into memory since the outputs can be quite large
    # depending on the size of the model.
    client_delta_params_weights = []
    for client_id, client_dataset, client_rng in clients:
      delta_params = client_update(
          server_state.params, client_dataset, client_rng
      )
      client_delta_params_weights.append((delta_params, len(client_dataset)))
      # We record the l2 norm of client updates as an example, but it is not
      # required for the algorithm.
      client_diagnostics[client_id] = {
          'delta_l2_norm': fedjax.tree_util.tree_l2_norm(delta_params)
      }
    mean_delta_params = fedjax.tree_util.tree_mean(client_delta_params_weights)
    server_state = server_update(server_state, mean_delta_params)
    return server_state, client_diagnostics

  def client_update(server_params, client_dataset, client_rng):
    params = server_params
    opt_state = client_optimizer.init(params)
    for batch in client_dataset.shuffle_repeat_batch(client_batch_hparams):
      client_rng, use_rng = jax.random.split(client_rng)
      grads = grad_fn(params, batch, use_rng)  # pytype: disable=wrong-arg-types  # jax-ndarray
      opt_state, params = client_optimizer.apply(grads, opt_state, params)
    delta_params = jax.tree_util.tree_map(
        lambda a, b: a - b, server_params, params
    )
    return delta_params

  def server_update(server_state, mean_delta_params):
    opt_state, params = server_optimizer.apply(
        mean_delta_params, server_state.opt_state, server_state.params
    )
    # CHANGE: apply the JaxPruner updater's post gradient update procedure
    # to the server model.
    updated_params = server_updater.post_gradient_update(params, opt_state)
    return ServerState(updated_params, opt_state)

  return fedjax.FederatedAlgorithm(init, apply)
