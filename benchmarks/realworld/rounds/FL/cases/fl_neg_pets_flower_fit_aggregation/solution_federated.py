# Source: https://github.com/kenziyuliu/pets-challenge/blob/3bc2fa90804831a7ef31cdd8da8e1853fc217979/submission_src/pandemic/solution_federated.py
# Title: submission_src/pandemic/solution_federated.py (Flower server strategy for the federated pandemic track)
# Cut: kept TrainStrategy's initialize_parameters, configure_fit and aggregate_fit; BATCH_SIZE/D_INPUT/SEED/MRMTL_LAM (read from FED_HPARAMS in the original) given fixed values; client classes and evaluation strategy dropped.
import gc
from pathlib import Path
from typing import List, Tuple

from loguru import logger
import numpy as np
import flwr as fl
from flwr.common import FitIns, FitRes, Parameters
from flwr.server import ClientManager
from flwr.server.client_proxy import ClientProxy

import src.training_utils as training_utils

BATCH_SIZE = 512
D_INPUT = 64
SEED = 0
MRMTL_LAM = 0.0



class TrainStrategy(fl.server.strategy.Strategy):
  """Federated aggregation equivalent to pooling observations across partitions.

  Maintain an invariant that the server only maintains the flattened params
  vector (i.e. Parameters = encoded([flat_params]), and the client will maintain
  the structured params.
  """
  def __init__(self, server_dir: Path):
    self.server_dir = server_dir
    super().__init__()

  def initialize_parameters(self, client_manager: ClientManager) -> Parameters:
    logger.info(f'[Server Train] Initializing params ...')
    model = training_utils.create_model(model_fn=training_utils.model_fn)
    batch_x_template = np.zeros((BATCH_SIZE, D_INPUT))
    params = training_utils.init_model(model, batch_x_template, seed=SEED)
    # Convert to flower params
    flat_params = training_utils.struct_flatten(params)
    return fl.common.ndarrays_to_parameters([flat_params])

  def configure_fit(self, server_round: int, parameters: Parameters,
                    client_manager: ClientManager) -> List[Tuple[ClientProxy, FitIns]]:
    logger.info(f'[Server Train] Configuring fit for round {server_round}...')
    # Fit every client once. Don't need to pass any initial parameters or config.
    clients = list(client_manager.all().values())
    config_dict = {'round_idx': server_round, 'mrmtl_lam': MRMTL_LAM}
    fit_ins = fl.common.FitIns(parameters, config_dict)
    logger.info(f'[Server Train] ...done configuring fit for round {server_round}')
    return [(client, fit_ins) for client in clients]

  def aggregate_fit(self, server_round: int, results: List[Tuple[ClientProxy, FitRes]],
                    failures) -> Tuple[Optional[Parameters], dict]:

    if len(failures) > 0:
      raise Exception(f'Client fit round had {len(failures)} failures. Failures: {failures}')

    # results is List[Tuple[ClientProxy, FitRes]]
    # convert FitRes to List[flat_vec]
    client_flat_params = [
        fl.common.parameters_to_ndarrays(fit_res.parameters)[0] for _, fit_res in results
    ]
    client_num_examples = [fit_res.num_examples for _, fit_res in results]

    logger.info(f'[Server Train] Averaging client params for round {server_round}...')
    new_flat_params = np.average(client_flat_params, axis=0, weights=client_num_examples)
    new_paramaters = fl.common.ndarrays_to_parameters([new_flat_params])
    empty_metrics = {}
    gc.collect()
    return new_paramaters, empty_metrics
