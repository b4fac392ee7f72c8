# Source: https://github.com/gaseln/flix_on_fedjax/blob/fba0811327afe85754ae0133341e1187f147837c/src/FedMix.py
# Title: src/FedMix.py (FLIX/FedMix personalised federated learning on FedJAX: per-client training via for_each_client)
# Cut: kept imports, convex_combination and create_train_for_each_client as written; server state and the round function dropped.
from typing import Any, Callable, Mapping, Sequence, Tuple

from fedjax.core import client_datasets
from fedjax.core import dataclasses
from fedjax.core import federated_algorithm
from fedjax.core import federated_data
from fedjax.core import for_each_client
from fedjax.core import optimizers
from fedjax.core import tree_util
from fedjax.core.typing import BatchExample
from fedjax.core.typing import Params
from fedjax.core.typing import PRNGKey

import jax

Grads = Params


def convex_combination(
    x_global: Params,
    x_local: Params,
    alpha: float
) -> Params:
    """Computes alpha * x_global + (1 - alpha) * x_local for PyTrees."""
    return tree_util.tree_add(tree_util.tree_weight(x_global, alpha),
                              tree_util.tree_weight(x_local, 1 - alpha))


def create_train_for_each_client(grad_fn):
    """Builds client_init, client_step, client_final for for_each_client."""
    def client_init(server_params, client_input):
        client_alpha = client_input['alpha']
        client_plm = client_input['plm']
        client_rng = client_input['rng']
        client_step_state = {
            'params': server_params,
            'rng': client_rng,
            'grad': None,
            'plm': client_plm,
            'alpha': client_alpha,
        }
        return client_step_state

    def client_step(client_step_state, batch):
        rng, use_rng = jax.random.split(client_step_state['rng'])
        point = convex_combination(client_step_state['params'],
                                   client_step_state['plm'],
                                   client_step_state['alpha'])
        grad = grad_fn(point, batch, use_rng)
        grad = tree_util.tree_weight(grad, client_step_state['alpha'])
        next_client_step_state = {
            'params': client_step_state['alpha'],
            'rng': rng,
            'grad': grad,
            'plm': client_step_state['plm'],
            'alpha': client_step_state['alpha'],
        }
        return next_client_step_state

    def client_final(server_params, client_step_state):
        del server_params
        return client_step_state['grad']
    return for_each_client.for_each_client(
        client_init, client_step, client_final)

