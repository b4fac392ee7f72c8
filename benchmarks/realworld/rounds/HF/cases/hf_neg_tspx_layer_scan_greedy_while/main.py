# Source: https://github.com/johnnycrab/tspx/blob/da27f29696e4f4d4fa69c0ee0fdc1b18c9e042d9/main.py
# Title: main.py (TSP supervised learning in JAX/Flax NNX), johnnycrab/tspx
# Cut: loss_fn/train_step and the jitted greedy rollout (nnx.while_loop over tour construction);
# data loading, checkpointing and the epoch driver dropped.
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding

from jumanji.environments import TSP
from jumanji.environments.routing.tsp.types import State
from jumanji.types import TimeStep
from env_utils import state_to_network_rep
from network import TSPNetwork


def loss_fn(model: TSPNetwork, batch: dict):
    logits = model(batch)
    loss = optax.softmax_cross_entropy_with_integer_labels(
        logits=logits, labels=batch["next_node_idx"].squeeze(-1)
    ).mean()
    return loss


@nnx.jit
def train_step(model: TSPNetwork, optimizer: nnx.Optimizer, metrics: nnx.Metric, batch: dict):
    grad_fn = nnx.value_and_grad(loss_fn)
    loss, grads = grad_fn(model, batch)
    metrics.update(loss=loss)
    optimizer.update(grads)
    return loss


@partial(nnx.jit, static_argnames="sharding")
def log_probability_fn(model: TSPNetwork, sharding: NamedSharding, states: State):
    batch = jax.vmap(state_to_network_rep)(states)
    batch = jax.tree.map(lambda x: jax.lax.with_sharding_constraint(x, sharding), batch)
    logits = model(batch)
    return nnx.log_softmax(logits)


@partial(nnx.jit, static_argnames=("sharding", "env_wrapper"))
def batch_greedy_rollout(model: TSPNetwork, sharding: NamedSharding, env_wrapper: TSP, initial_states: State, initial_timesteps: TimeStep):
    step_fn = jax.vmap(env_wrapper.step)

    def body_fun(input):
        states, timesteps, network = input
        logits = log_probability_fn(network, sharding, states)
        actions = jnp.argmax(logits, axis=-1)
        new_states, new_timesteps = step_fn(states, actions)
        return new_states, new_timesteps, network

    return nnx.while_loop(
        cond_fun=lambda x: x[1].reward[0] == 0,  # we continue until we have obtained a nonzero reward in a timestep.
        body_fun=body_fun,
        init_val=(initial_states, initial_timesteps, model)
    )
