# Source: https://github.com/instadeepai/poppy/blob/c0a95c97d27941ff64d1d2eb6b828fe7a1a4f510/poppy/trainers/trainer.py
# Title: poppy/trainers/trainer.py (generate_trajectory, rollout, calculate_loss), instadeepai/poppy
# Cut: generate_trajectory (tour construction as lax.scan over the episode horizon), rollout (triple
# vmap over problems, agents and start positions) and the POMO branch of calculate_loss; the poppy
# variants of the loss, the training state and the update step dropped.
import functools

import haiku as hk
import jax
import jax.numpy as jnp
import rlax
from jax import random

from poppy.environments.poppy_env import PoppyEnv
from poppy.utils.utils import ActingState, Information


def generate_trajectory(
        decoder_apply_fn,
        policy_temperature,
        environment,
        problem,
        embeddings,
        params,
        start_position,
        acting_key,
):
    """Decode a single agent, from a single starting position on a single problem."""

    def policy(observation, key):
        logits = decoder_apply_fn(params, observation, embeddings)
        logits -= 1e30 * observation.action_mask
        if policy_temperature > 0:
            action = rlax.softmax(temperature=policy_temperature).sample(key, logits)
        else:
            action = rlax.greedy().sample(key, logits)
        logprob = rlax.softmax(temperature=1).logprob(sample=action, logits=logits)
        return action, logprob

    def take_step(acting_state):
        key, act_key = random.split(acting_state.key, 2)
        action, logprob = policy(acting_state.timestep.observation, act_key)
        state, timestep = environment.step(acting_state.state, action)
        info = Information(extras={"logprob": logprob}, metrics={}, logging={})
        acting_state = ActingState(state=state, timestep=timestep, key=key)
        return acting_state, (timestep, info)

    state, timestep = environment.reset_from_state(problem, start_position)

    acting_state = ActingState(state=state, timestep=timestep, key=acting_key)

    acting_state, (traj, info) = jax.lax.scan(
        lambda acting_state, _: take_step(acting_state),
        acting_state,
        xs=None,
        length=environment.get_episode_horizon(),
    )

    return acting_state, (traj, info)


def rollout(cfg, environment: PoppyEnv, params, networks, problems, start_positions, acting_keys):
    """Rollout a batch of agents on a batch of problems and starting points."""
    encoder_params, decoder_params = hk.data_structures.partition(
        lambda m, n, p: "encoder" in m, params
    )

    embeddings = jax.vmap(networks.encoder_fn.apply, in_axes=(None, 0))(
        encoder_params, problems
    )

    @functools.partial(jax.vmap, in_axes=(0, 0, None, 0, 0))  # over N problems
    @functools.partial(jax.vmap, in_axes=(None, None, 0, 0, 0))  # over K agents
    @functools.partial(jax.vmap, in_axes=(None, None, None, 0, 0))  # M starting pos.
    def generate_trajectory_fn(
            problem, embeddings, decoder_params, start_position, acting_key
    ):
        return generate_trajectory(
            networks.decoder_fn.apply,
            cfg.policy.temperature,
            environment,
            problem,
            embeddings,
            decoder_params,
            start_position,
            acting_key,
        )

    acting_state, (traj, info) = generate_trajectory_fn(
        problems, embeddings, decoder_params, start_positions, acting_keys
    )

    return acting_state, (traj, info)


def calculate_loss(traj, info, use_poppy='pomo'):
    returns = traj.reward.sum(-1)  # [N, K, M, t] --> [N, K, M]
    logprob_traj = info.extras["logprob"].sum(-1)  # [N, K, M, t] --> [N, K, M]

    # Calculate advantages.
    if returns.shape[-1] > 1 and use_poppy != 'poppy':
        advantages = returns - returns.mean(-1, keepdims=True)
    else:
        advantages = returns

    loss = -jnp.mean(advantages * logprob_traj)
    return loss
