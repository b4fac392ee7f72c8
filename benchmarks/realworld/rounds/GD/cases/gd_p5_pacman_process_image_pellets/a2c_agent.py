# Source: https://github.com/instadeepai/jumanji/blob/590005b0fb305b1a98a4828bfb6b2ea28b47dd5b/jumanji/training/agents/a2c/a2c_agent.py
# Title: jumanji/training/agents/a2c/a2c_agent.py (A2C agent used to train the PacMan actor-critic networks)
# Cut: kept run_epoch (jax.grad of the A2C loss) and the head of a2c_loss (rollout with the policy network, vmapped value network over time);
#      the advantage/entropy loss terms after that are replaced by a one-line stand-in loss.
from typing import Dict, Tuple

import jax
import jax.numpy as jnp
import optax

from jumanji.training.agents.base import Agent
from jumanji.training.types import ActingState, ActorCriticParams, ParamsState, TrainingState


class A2CAgent(Agent):
    def run_epoch(self, training_state: TrainingState) -> Tuple[TrainingState, Dict]:
        if not isinstance(training_state.params_state, ParamsState):
            raise TypeError(
                "Expected params_state to be of type ParamsState, got "
                f"type {type(training_state.params_state)}."
            )
        grad, (acting_state, metrics) = jax.grad(self.a2c_loss, has_aux=True)(
            training_state.params_state.params,
            training_state.acting_state,
        )
        grad, metrics = jax.lax.pmean((grad, metrics), "devices")
        updates, opt_state = self.optimizer.update(grad, training_state.params_state.opt_state)
        params = optax.apply_updates(training_state.params_state.params, updates)
        training_state = TrainingState(
            params_state=ParamsState(
                params=params,
                opt_state=opt_state,
                update_count=training_state.params_state.update_count + 1,
            ),
            acting_state=acting_state,
        )
        return training_state, metrics

    def a2c_loss(
        self,
        params: ActorCriticParams,
        acting_state: ActingState,
    ) -> Tuple[float, Tuple[ActingState, Dict]]:
        parametric_action_distribution = self.actor_critic_networks.parametric_action_distribution
        value_apply = self.actor_critic_networks.value_network.apply

        acting_state, data = self.rollout(
            policy_params=params.actor,
            acting_state=acting_state,
        )  # data.shape == (T, B, ...)
        observation = data.observation
        value = jax.vmap(value_apply, in_axes=(None, 0))(params.critic, observation)
        total_loss = -jnp.mean(data.log_prob) + jnp.mean(value**2)
        return total_loss, (acting_state, {})
