# Source: https://github.com/jeh15/sandbox/blob/6c9e99e5fd99c484936c411df64dd22c00c4b7d7/jaxopt/cart_pole_mpc/train.py
# Title: jaxopt/cart_pole_mpc/train.py (jeh15/sandbox)
# Cut: kept the jitted env functions and the host-side learning/episode loops; environment
#      construction, network setup and the post-episode PPO update are reduced to arguments.
import jax
import jax.numpy as jnp

import model_utilities


def main(env, model_state, initial_key, num_envs, episode_length, training_length=500):
    step_fn = jax.jit(env.step)
    reset_fn = jax.jit(env.reset)

    key, env_key = jax.random.split(initial_key)
    for iteration in range(training_length):
        states = reset_fn(env_key)
        state_history = []
        state_history.append(states)
        model_input_episode = []
        states_episode = []
        values_episode = []
        log_probability_episode = []
        actions_episode = []
        rewards_episode = []
        masks_episode = []
        keys_episode = []
        # Episode Loop:
        for environment_step in range(episode_length):
            key, env_key = jax.random.split(env_key)
            model_key = jax.random.split(env_key, num_envs)
            model_input = states.obs
            mean, std, values = model_utilities.forward_pass(
                model_params=model_state.params,
                apply_fn=model_state.apply_fn,
                x=model_input,
                key=model_key,
            )
            actions, log_probability, entropy = model_utilities.select_action(
                mean=mean,
                std=std,
                key=env_key,
            )
            next_states = step_fn(
                states,
                actions,
                env_key,
            )
            states_episode.append(states.obs)
            values_episode.append(jnp.squeeze(values))
            log_probability_episode.append(jnp.squeeze(log_probability))
            actions_episode.append(jnp.squeeze(actions))
            rewards_episode.append(jnp.squeeze(states.reward))
            masks_episode.append(jnp.where(states.done == 0, 1.0, 0.0))
            model_input_episode.append(model_input)
            keys_episode.append(model_key)
            states = next_states
            state_history.append(states)

        # Convert to Jax Arrays:
        states_episode = jnp.swapaxes(
            jnp.asarray(states_episode), axis1=1, axis2=0,
        )
        rewards_episode = jnp.swapaxes(
            jnp.asarray(rewards_episode), axis1=1, axis2=0,
        )
