# Source: https://github.com/avirupdas55/model_based_RL_JAX/blob/e290201800e1b010d46dfc48ac22337a55baa28c/mbrl/agents/model_predictive_control_agent.py
# Title: mbrl/agents/model_predictive_control_agent.py (PETS-style MPC agent with CEM)
# Cut: constructor cut; act, the CEM op and the action squashing kept (act docstring shortened)
from functools import partial
from typing import Callable

from gym.envs.mujoco import MujocoEnv
import jax
import jax.numpy as jnp
import numpy as onp
import optax

from mbrl.agents import DeepModelBasedAgent
from mbrl.misc import NeuralNetDynamicsModel
from mbrl._src.utils import Array


class ModelPredictiveControlAgent(DeepModelBasedAgent):
    def reset(self) -> None:
        """Resets the agent after an environment rollout."""
        self._proposal_dist = {
            "mean": jnp.zeros([self._plan_horizon, self._action_dim]),
            "stddev": jnp.ones([self._plan_horizon, self._action_dim])
        }

    def act(
        self,
        obs: Array,
        evaluation: bool = False
    ) -> onp.ndarray:
        """Queries the agent for its action on the given observation."""
        self._rng_key, subkey = jax.random.split(self._rng_key)
        optimized_action_seq_dist = self._cem_op(
            self._dynamics_params, self._dynamics_state, obs, self._proposal_dist, subkey
        )

        next_proposal_dist_mean = jnp.concatenate([
            optimized_action_seq_dist["mean"][1:],
            jnp.zeros([1, self._action_dim])]
        )
        next_proposal_dist_stddev = jnp.concatenate([
            0.5 * jnp.ones([self._plan_horizon - 1, self._action_dim]),
            jnp.ones([1, self._action_dim])   # Adding more noise since new timestep is unoptimized
        ])
        self._proposal_dist = {"mean": next_proposal_dist_mean, "stddev": next_proposal_dist_stddev}

        return onp.array(self._proposal_space_to_actions(optimized_action_seq_dist["mean"][0]))

    def _create_cross_entropy_method_op(self):
        rollout_and_evaluate = self._create_rollout_evaluator(
            rollout_policy=lambda action_seq, _obs, i, _rng_key: action_seq[i],
            rollout_horizon=self._plan_horizon,
            fn_to_accumulate=self._wrap_basic_reward(self._reward_fn),
            accumulator_init=0.
        )

        def multiple_particle_evaluator(action_seq, dynamics_params, dynamics_state, start_obs, rng_key):
            single_particle_evaluator = \
                partial(rollout_and_evaluate, action_seq, dynamics_params, dynamics_state, start_obs)
            particle_returns = \
                jax.vmap(single_particle_evaluator)(jax.random.split(rng_key, num=self._n_particles))["accumulation"]
            return jnp.mean(particle_returns)

        @jax.jit
        def cross_entropy_method_update(dynamics_params, dynamics_state, cur_obs, proposal_dist, rng_key):
            rng_key, subkey = jax.random.split(rng_key)
            pre_bounding_candidates = proposal_dist["mean"][None] + proposal_dist["stddev"][None] * \
                jax.random.normal(subkey, shape=[self._n_candidates] + list(proposal_dist["mean"].shape))

            action_seq_candidates = self._proposal_space_to_actions(pre_bounding_candidates)

            rng_key, subkey = jax.random.split(rng_key)
            candidate_evals = jax.vmap(multiple_particle_evaluator, (0, None, None, None, 0))(
                action_seq_candidates,
                dynamics_params,
                dynamics_state,
                cur_obs,
                jax.random.split(subkey, num=self._n_candidates)
            )

            sorting_idxs = jnp.argsort(candidate_evals)
            elite_candidates = pre_bounding_candidates[sorting_idxs[-self._n_elites:]]
            updated_proposal_dist = {
                "mean": jnp.mean(elite_candidates, axis=0),
                "stddev": jnp.std(elite_candidates, axis=0)
            }

            return updated_proposal_dist

        def cross_entropy_method(dynamics_params, dynamics_state, cur_obs, proposal_dist, rng_key):
            n_iters = 0
            while n_iters < self._max_cem_iters and jnp.max(proposal_dist["stddev"]) > self._cem_epsilon:
                rng_key, subkey = jax.random.split(rng_key)
                proposal_dist = cross_entropy_method_update(
                    dynamics_params, dynamics_state, cur_obs, proposal_dist, subkey
                )
                n_iters += 1
            return proposal_dist

        return cross_entropy_method

    def _proposal_space_to_actions(self, proposals):
        box_center = (self._action_bounds[0] + self._action_bounds[1]) / 2
        box_width = (self._action_bounds[1] - self._action_bounds[0]) / 2
        return box_center + box_width * jnp.tanh(proposals)
