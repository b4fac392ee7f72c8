# Source: https://github.com/avirupdas55/model_based_RL_JAX/blob/e290201800e1b010d46dfc48ac22337a55baa28c/mbrl/agents/model_based_agent.py
# Title: mbrl/agents/model_based_agent.py (DeepModelBasedAgent)
# Cut: imports and the scanned rollout evaluator kept (its long docstring shortened); model training loop and other helpers cut
from abc import ABC, abstractmethod
from functools import partial
from typing import Any, Callable, Dict

from gym.envs.mujoco import MujocoEnv
import jax
import jax.numpy as jnp
import numpy as onp
import optax
from tqdm import trange

from mbrl.misc import Dataset, NeuralNetDynamicsModel
from mbrl.policies import DeterministicPolicy
from mbrl._src.utils import Array


class DeepModelBasedAgent:
    def _create_rollout_evaluator(
        self,
        rollout_policy: Callable[[Dict, jnp.ndarray, int, jax.random.KeyArray], jnp.ndarray],
        rollout_horizon: int,
        fn_to_accumulate: Callable[[Dict, Dict, Dict, Dict, jax.random.KeyArray], Any],
        accumulator_init: Any
    ):
        """Creates an evaluator that rolls the model out for rollout_horizon steps (docstring cut)."""
        def rollout_and_evaluate(rollout_policy_params, dynamics_params, dynamics_state, start_obs, rng_key):
            # Randomly select an ensemble member for this rollout
            rng_key, subkey = jax.random.split(rng_key)
            member = jax.random.randint(subkey, minval=0, maxval=self._ensemble_size, shape=())
            member_params = jax.tree_map(lambda all_params: all_params[member], dynamics_params)
            member_state = jax.tree_map(lambda all_states: all_states[member], dynamics_state)

            def simulate_single_timestep(prev_timestep_carry, h):
                cur_obs, cur_return, r_key = prev_timestep_carry

                r_key, s_key = jax.random.split(r_key)
                action = rollout_policy(rollout_policy_params, cur_obs, h, s_key)

                r_key, s_key = jax.random.split(r_key)
                next_obs = self._dynamics_model.predict(member_params, member_state, cur_obs, action, s_key)

                timestep_info = {
                    "timestep": h,
                    "observation": cur_obs,
                    "action": action,
                    "next_observation": next_obs
                }

                r_key, s_key = jax.random.split(r_key)
                summand = fn_to_accumulate(rollout_policy_params, member_params, member_state, timestep_info, s_key)
                cur_return = jax.tree_map(lambda x, y: x + y, cur_return, summand)

                return (next_obs, cur_return, r_key), (cur_obs, action)

            (final_obs, accumulation, _), (obs_seq, action_seq) = jax.lax.scan(
                simulate_single_timestep,
                (start_obs, accumulator_init, rng_key),
                jnp.arange(rollout_horizon, dtype=int)
            )
            return {
                "final_observation": final_obs,
                "accumulation": accumulation,
                "observation_sequence": jnp.append(obs_seq, final_obs[None], axis=0),
                "action_sequence": action_seq
            }
