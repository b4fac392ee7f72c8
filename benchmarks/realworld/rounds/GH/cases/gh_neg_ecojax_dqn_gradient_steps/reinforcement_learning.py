# Source: https://github.com/tboulet/EcoJAX/blob/f233c97f13d2f98d8afcbeb261953bf1e68c9c8b/ecojax/agents/reinforcement_learning.py
# Title: EcoJAX ecojax/agents/reinforcement_learning.py (DQN-style learning agents of the ecosystem simulation, react_agents)
# Cut: kept the imports and the react_agents method (per-agent inference + replay-buffer update + n_gradient_steps of Q-learning, vmapped over agents); the rest of the class cut and replaced by a class line

from abc import ABC, abstractmethod
from functools import partial
import os
from typing import Any, Callable, Dict, List, Optional, Tuple, Type

import jax
from jax import random, tree_map
import jax.numpy as jnp
from matplotlib import pyplot as plt
import seaborn as sns
import numpy as np
from flax import struct
import flax.linen as nn
import optax
from flax.training import train_state
from flax.struct import PyTreeNode, dataclass


class RL_AgentSpecies:  # cut: class body other than react_agents

    def react_agents(
        self,
        key_random: jnp.ndarray,
        state: StateSpeciesRL,
        batch_observations: ObservationAgent,  # Batched
    ) -> Tuple[StateSpeciesRL, ActionAgent]:  # Batched

        def react_single_agent(
            key_random: jnp.ndarray,
            agent: AgentRL,
            tr_state: train_state.TrainState,
            obs: jnp.ndarray,
        ) -> Tuple[
            AgentRL,
            train_state.TrainState,
            int,
            Dict[str, jnp.ndarray],
        ]:
            # =============== Inference part =================

            # Compute internal observation (sensation) : x_t = sensor_model(o_t)
            x_t = self.sensor_model.apply(
                variables={"params": agent.params_sensor},
                x=obs,
                key_random=key_random,
            )

            # Compute the Q-values : Q(x_t, .) = decision_model(x_t)
            q_values = self.decision_model.apply(
                variables={"params": agent.params_decision},
                x=x_t,
                key_random=key_random,
            )

            # Pick an action using the exploration method : a_t = exploration_policy(Q(x_t, .))
            if self.name_exploration == "epsilon_greedy":
                key_random, subkey1, subkey2 = random.split(key_random, 3)
                action = jax.lax.cond(
                    random.uniform(subkey1) < agent.hp.epsilon,
                    lambda _: random.randint(
                        subkey2, shape=(), minval=0, maxval=self.n_actions
                    ),
                    lambda _: jnp.argmax(q_values),
                    operand=None,
                )
            elif self.name_exploration == "greedy":
                action = jnp.argmax(q_values)
            elif self.name_exploration == "softmax":
                key_random, subkey = random.split(key_random)
                temperature = self.config.get("temperature_softmax", 1.0)
                action = random.categorical(subkey, logits=q_values / temperature)
            else:
                raise NotImplementedError(
                    f"Exploration method {self.name_exploration} not implemented"
                )

            # ============== Learning part =================

            # Compute the reward : r_t = reward_model(o_t, o_{t+1})
            key_random, subkey = random.split(key_random)
            reward_last = self.reward_model.apply(
                variables={"params": agent.params_reward},
                x={"obs": agent.obs_last, "obs_next": obs},
                key_random=subkey,
            )

            # Add the transition to the replay buffer
            x_t_last = self.sensor_model.apply(
                variables={"params": agent.params_sensor},
                x=agent.obs_last,
                key_random=key_random,
            )
            transition = TransitionRL(
                x=x_t_last,
                action=agent.action_last,
                reward=reward_last,
                x_next=x_t,
            )
            idx_transition_in_replay_buffer = (agent.age - 1) % self.size_replay_buffer
            agent = agent.replace(
                replay_buffer=jax.tree_map(
                    lambda x_replay_buffer, x_transition: x_replay_buffer.at[
                        idx_transition_in_replay_buffer
                    ].set(x_transition),
                    agent.replay_buffer,
                    transition,
                )
            )

            # Sample B transitions from the replay buffer
            key_random, subkey = random.split(key_random)
            indices = random.randint(
                subkey,
                shape=(self.batch_size,),
                minval=0,
                maxval=self.size_replay_buffer,
            )
            indices = indices % jnp.minimum(
                agent.age, self.size_replay_buffer
            )  # Make sure to sample only the transitions that have been lived
            batch_transitions = jax.tree_map(
                lambda x: x[indices], agent.replay_buffer
            )  # Transitions B-batched
            x_batch = batch_transitions.x
            a_batch = batch_transitions.action
            r_batch = batch_transitions.reward
            x_next_batch = batch_transitions.x_next

            for _ in range(self.n_gradient_steps):

                # Compute the loss as a Q-value loss on a batch of transitions
                key_random, subkey = random.split(key_random)
                batch_subkeys = random.split(key_random, 2 * self.batch_size)

                # Compute the Q-values of the next state : use the params of outside the loss function to detach gradient of next Q-values
                def get_q_values_target(x_t: jnp.ndarray, key_random: jnp.ndarray):
                    return self.decision_model.apply(
                        variables={"params": tr_state.params},
                        x=x_t,
                        key_random=key_random,
                    )

                q_values_xt_next = jax.vmap(get_q_values_target, in_axes=(0, 0))(
                    x_next_batch, batch_subkeys[1::2]
                )  # (B, n_actions)

                def loss_fn(params):
                    # Compute current the Q-values : use params_decision as weights and batch along first axis (batch dimension)
                    def get_q_values(x_t: jnp.ndarray, key_random: jnp.ndarray):
                        """Function to compute the Q-values of the decision model.
                        From an agent i decision model parameters theta_i and an internal observation x_t of shape (n_sensations,), compute the agent i Q-values of x_t, as an array of shape (n_actions,).

                        Args:
                            x_t (jnp.ndarray): the internal observation of the agent, of shape (n_sensations,)
                            key_random (jnp.ndarray): the random key

                        Returns:
                            jnp.ndarray: the Q-values of the agent, of shape (n_actions,)
                        """
                        # return tr_state.apply_fn({"params": params}, x_t, key_random)
                        return self.decision_model.apply(
                            variables={"params": params},
                            x=x_t,
                            key_random=key_random,
                        )

                    q_values_xt = jax.vmap(get_q_values, in_axes=(0, 0))(
                        x_batch, batch_subkeys[0::2]
                    )  # (B, n_actions)
                    q_xt_at = q_values_xt[jnp.arange(self.batch_size), a_batch]  # (B,)

                    # Compute the loss
                    target = r_batch + agent.hp.gamma * jnp.max(
                        q_values_xt_next, axis=1
                    )  # (B,)
                    loss_q = jnp.mean((q_xt_at - target) ** 2)
                    # loss_q = jnp.sqrt(loss_q)
                    # loss_q *= (
                    #     agent.hp.lr
                    # )  # Scale the loss by the learning rate to simulate learning rate
                    loss_q *= agent.age > 0  # Only learn after the first step
                    return loss_q

                # Compute the loss and the gradients
                grad_fn = jax.value_and_grad(loss_fn)
                loss_q, grads = grad_fn(tr_state.params)
                # Clip gradients
                grads = jax.tree_map(
                    lambda x: jnp.clip(
                        x, -self.value_gradient_clipping, self.value_gradient_clipping
                    ),
                    grads,
                )
                # Update the parameters in the optimizer
                tr_state = tr_state.apply_gradients(grads=grads)

            # Update the agent's state
            agent = agent.replace(
                params_decision=tr_state.params,
                age=agent.age + 1,
                obs_last=obs,
                action_last=action,
                # TODO : we could also transmit x_last here
            )

            # ============== Measures ==============
            dict_measures = {}
            measures_rl = {
                "loss_q": loss_q,
                "q_values_max": jnp.max(q_values),
                "q_values_mean": jnp.mean(q_values),
                "q_values_median": jnp.median(q_values),
                "q_values_min": jnp.min(q_values),
                "target": reward_last + agent.hp.gamma * jnp.max(q_values),
                "reward": reward_last,
            }
            try:
                measures_rl["gradients weights"] = grads["Dense_0"]["kernel"].mean()
                measures_rl["gradients bias"] = grads["Dense_0"]["bias"].mean()
            except Exception as e:
                print(f"Error in gradients measures: {e}")
            for key, values in measures_rl.items():
                if key in self.names_measures:
                    dict_measures[key] = values
            # Update the agent's state and act
            return agent, tr_state, action, dict_measures

        batch_keys = random.split(key_random, self.n_agents_max)
        new_agents, batch_tr_state, actions, dict_measures = jax.vmap(
            react_single_agent
        )(
            key_random=batch_keys,
            agent=state.agents,
            tr_state=state.tr_state,
            obs=batch_observations,
        )
        dict_measures.update(**new_agents.params_reward)

        new_state = state.replace(
            agents=new_agents,
            tr_state=batch_tr_state,
        )
        return new_state, actions, dict_measures
