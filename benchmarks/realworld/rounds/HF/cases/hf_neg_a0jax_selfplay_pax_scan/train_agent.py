# Source: https://github.com/NTT123/a0-jax/blob/1badadf05a11a9ff358561cf18c239d0b4420102/train_agent.py
# Title: train_agent.py (AlphaZero training script), NTT123/a0-jax
# Cut: kept the MoveOutput dataclass and collect_batched_self_play_data (self-play moves under pax.scan,
# batched envs under vmap, pmap over devices); imports from the repo's tree_search/utils kept.
from functools import partial

import chex
import jax
import jax.numpy as jnp
import pax

from games.env import Enviroment
from tree_search import improve_policy_with_mcts, recurrent_fn
from utils import env_step, replicate, reset_env


@chex.dataclass(frozen=True)
class MoveOutput:
    """The output of a single self-play move."""

    state: chex.Array
    reward: chex.Array
    terminated: chex.Array
    action_weights: chex.Array


@partial(jax.pmap, in_axes=(None, None, 0), static_broadcasted_argnums=(3, 4))
def collect_batched_self_play_data(
    agent,
    env: Enviroment,
    rng_key: chex.Array,
    batch_size: int,
    num_simulations_per_move: int,
):
    """Collect a batch of self-play data using mcts."""

    def single_move(prev, inputs):
        """Execute one self-play move using MCTS.

        This function is designed to be compatible with jax.scan.
        """
        env, rng_key, step = prev
        del inputs
        rng_key, rng_key_next = jax.random.split(rng_key, 2)
        state = jax.vmap(lambda e: e.canonical_observation())(env)
        terminated = env.is_terminated()
        policy_output = improve_policy_with_mcts(
            agent,
            env,
            rng_key,
            recurrent_fn,
            num_simulations_per_move,
        )
        env, reward = jax.vmap(env_step)(env, policy_output.action)
        return (env, rng_key_next, step + 1), MoveOutput(
            state=state,
            action_weights=policy_output.action_weights,
            reward=reward,
            terminated=terminated,
        )

    env = reset_env(env)
    env = replicate(env, batch_size)
    step = jnp.array(1)
    _, self_play_data = pax.scan(
        single_move,
        (env, rng_key, step),
        None,
        length=env.max_num_steps(),
        time_major=False,
    )
    return self_play_data
