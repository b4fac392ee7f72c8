# Source: https://github.com/hr0nix/omega/blob/300cd01c5577c4a9cf21515600c31bc224dbf12b/omega/agents/nethack_muzero_agent.py
# Title: omega/agents/nethack_muzero_agent.py (_train_jit / trajectory_loss), hr0nix/omega
# Cut: the unroll of trajectory_loss kept with the value, reward and policy parts; afterstate, chance
# outcome, state-similarity losses and the outer vmap/value_and_grad plumbing shortened. The configs set
# num_train_unroll_steps: 5 (configs/muzero/*.yaml).
from functools import partial

import jax
import jax.numpy as jnp
import rlax


class NethackMuZeroAgent:
    def __init__(self, config):
        self._config = config

    @partial(jax.jit, static_argnums=(0,))
    def _train_jit(self, train_state, training_batch, rng):
        def loss_function(params, rng):
            def trajectory_loss(params, trajectory, rng):
                deterministic = self._config['train_deterministic']
                num_unroll_steps = self._config['num_train_unroll_steps']

                rng, representation_key = jax.random.split(rng)
                trajectory_latent_states, _ = self._represent_trajectory(
                    params, trajectory['current_state'], trajectory['memory_before'],
                    train_state, deterministic, representation_key)
                num_timestamps = trajectory_latent_states.shape[0]

                value_loss = 0.0
                reward_loss = 0.0
                policy_loss = 0.0
                current_latent_states = trajectory_latent_states
                for unroll_step in range(num_unroll_steps):  # TODO: lax.fori ?
                    current_state_valid_mask = jnp.arange(0, num_timestamps) < num_timestamps - unroll_step
                    current_state_valid_scale = 1.0 / jnp.sum(current_state_valid_mask)

                    actions = trajectory['training_targets']['actions'][:, unroll_step]
                    value_targets = trajectory['training_targets']['value'][:, unroll_step]
                    reward_targets = trajectory['training_targets']['rewards_one_hot'][:, unroll_step]
                    policy_targets = trajectory['training_targets']['policy'][:, unroll_step]

                    # Predict state value and the next action
                    def prediction_fn(state, rng):
                        return train_state.prediction_fn(params, state, deterministic, rngs={'dropout': rng})
                    rng, prediction_key = jax.random.split(rng)
                    prediction_key_batch = jax.random.split(prediction_key, num_timestamps)
                    batch_prediction_fn = jax.vmap(prediction_fn)
                    policy_log_probs, state_values = batch_prediction_fn(current_latent_states, prediction_key_batch)

                    # Predict the next state and the reward
                    def dynamics_fn(latent_state, action, rng):
                        return train_state.dynamics_fn(
                            params, latent_state, action, deterministic, rngs={'dropout': rng})
                    rng, dynamics_key = jax.random.split(rng)
                    dynamics_key_batch = jax.random.split(dynamics_key, num_timestamps)
                    batch_dynamics_fn = jax.vmap(dynamics_fn)
                    current_latent_states, reward_log_probs = batch_dynamics_fn(
                        current_latent_states, actions, dynamics_key_batch)

                    step_value_loss = rlax.l2_loss(state_values, value_targets)
                    step_reward_loss = jax.vmap(rlax.categorical_cross_entropy)(reward_targets, reward_log_probs)
                    step_policy_loss = jax.vmap(rlax.categorical_cross_entropy)(policy_targets, policy_log_probs)

                    value_loss += jnp.sum(current_state_valid_mask * step_value_loss) * current_state_valid_scale
                    reward_loss += jnp.sum(current_state_valid_mask * step_reward_loss) * current_state_valid_scale
                    policy_loss += jnp.sum(current_state_valid_mask * step_policy_loss) * current_state_valid_scale

                # Make loss independent of num_unroll_steps
                value_loss /= num_unroll_steps
                reward_loss /= num_unroll_steps
                policy_loss /= num_unroll_steps
                loss = (
                    self._config['value_loss_weight'] * value_loss +
                    self._config['reward_loss_weight'] * reward_loss +
                    self._config['policy_loss_weight'] * policy_loss
                )
                return loss

            rngs = jax.random.split(rng, training_batch['current_state'].shape[0])
            losses = jax.vmap(trajectory_loss, in_axes=(None, 0, 0))(params, training_batch, rngs)
            return jnp.mean(losses)

        loss, grads = jax.value_and_grad(loss_function)(train_state.params, rng)
        return train_state.apply_gradients(grads=grads), loss
