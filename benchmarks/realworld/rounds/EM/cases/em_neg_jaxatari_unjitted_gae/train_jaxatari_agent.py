# Source: https://github.com/k4ntz/JAXAtari/blob/51f91a37f9e42ac8e494d04586863680c676a049/scripts/benchmarks/train_jaxatari_agent.py
# Title: scripts/benchmarks/train_jaxatari_agent.py (PPO on JAXAtari Pong)
# Cut: kept imports, compute_advantages (preceded in the source by a bare `jax.jit` expression line, not a decorator), the scanned minibatch update, and the host rollout/advantage part of train_ppo_with_jaxatari; env creation, rollout buffers setup, pygame rendering and logging cut (marked)
import jax
import jax.numpy as jnp
import flax.linen as nn
import numpy as np
from typing import Dict, Any, Tuple, List, Callable
from collections import deque
from tqdm import tqdm
from scripts.benchmarks.ppo_agent_old import ActorCritic, create_ppo_train_state, ppo_loss_fn, ppo_update_minibatch 
import pygame
from functools import partial

jax.jit
def compute_advantages(
    rewards: jnp.ndarray,
    values: jnp.ndarray,
    dones: jnp.ndarray,
    last_value: jnp.ndarray,
    num_steps: int,
    gamma: float,
    gae_lambda: float
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """JIT-compiled function to compute advantages and returns."""
    advantages = jnp.zeros_like(rewards)
    last_gae_lam = 0
    
    for t in reversed(range(num_steps)):
        if t == num_steps - 1:
            next_non_terminal = 1.0 - dones[t]
            next_values = last_value
        else:
            next_non_terminal = 1.0 - dones[t]
            next_values = values[t+1]
        
        delta = rewards[t] + gamma * next_values * next_non_terminal - values[t]
        advantages = advantages.at[t].set(delta + gamma * gae_lambda * next_non_terminal * last_gae_lam)
        last_gae_lam = advantages[t]
    
    returns = advantages + values
    return advantages, returns


@partial(jax.jit, static_argnums=(7, 8, 9, 10, 11, 12))
def update_minibatch_vmapped(
    train_state,
    obs: jnp.ndarray,
    actions: jnp.ndarray,
    log_probs_old: jnp.ndarray,
    values_old: jnp.ndarray,
    advantages: jnp.ndarray,
    returns: jnp.ndarray,
    num_minibatches: int,
    clip_eps: float,
    clip_vf_eps: float,
    ent_coef: float,
    vf_coef: float,
    max_grad_norm: float
) -> Tuple[Any, Dict[str, float], Dict[str, Any]]:
    """JIT-compiled and vmapped function for PPO minibatch updates."""
    def single_update(carry, x):
        train_state = carry
        mb_indices = x
        
        train_state, loss, aux_info = ppo_update_minibatch(
            train_state,
            obs[mb_indices],
            actions[mb_indices],
            log_probs_old[mb_indices],
            values_old[mb_indices],
            advantages[mb_indices],
            returns[mb_indices],
            {
                "CLIP_EPS": clip_eps,
                "CLIP_VF_EPS": clip_vf_eps,
                "ENT_COEF": ent_coef,
                "VF_COEF": vf_coef,
                "MAX_GRAD_NORM": max_grad_norm
            }
        )
        return train_state, (loss, aux_info)
    
    # Create minibatch indices
    total_batch_size = obs.shape[0]
    minibatch_size = total_batch_size // num_minibatches
    indices = jnp.arange(total_batch_size)
    indices = jnp.reshape(indices, (num_minibatches, minibatch_size))
    
    # Vmap the updates
    final_state, (losses, aux_infos) = jax.lax.scan(single_update, train_state, indices)
    
    # Average the losses and aux_infos
    avg_loss = jax.tree.map(lambda x: jnp.mean(x, axis=0), losses)
    avg_aux_info = jax.tree.map(lambda x: jnp.mean(x, axis=0), aux_infos)
    
    return final_state, avg_loss, avg_aux_info

def train_ppo_with_jaxatari(config: Dict[str, Any]):
    np.random.seed(config["SEED"]) 
    main_rng = jax.random.PRNGKey(config["SEED"])
    ...  # env creation, train_state, rollout buffers (cut)
    for update_idx in range(1, config["NUM_UPDATES"] + 1):
        agent_key, rollout_sample_key, update_perm_key = jax.random.split(agent_key, 3)

        for step_idx in range(config["NUM_STEPS"]):
            total_env_steps_so_far = (update_idx - 1) * config["NUM_STEPS"] * config["NUM_ENVS"] + step_idx * config["NUM_ENVS"]
            ...  # policy forward + vmapped env step via collect_rollout_step_vmapped_jit (cut)
            next_obs_norm, next_batched_env_states, actions, log_probs, rewards, dones, values = None, None, None, None, None, None, None
            # Convert JAX arrays to NumPy for CPU-side logic
            rewards_np = np.array(rewards)
            dones_np = np.array(dones)

            # Update episode rewards and logging
            current_episode_rewards_np += rewards_np
            for i in range(config["NUM_ENVS"]):
                if dones_np[i]:
                    episode_rewards_deque.append(current_episode_rewards_np[i])
                    all_episode_rewards_history.append(current_episode_rewards_np[i])
                    current_episode_rewards_np[i] = 0.0
                    # Important: If an env is done, its state needs to be reset
                    # Get reset_obs and reset_state for done environments
                    reset_key, agent_key = jax.random.split(agent_key)
                    new_obs_done, new_state_done = envs[i].reset(reset_key)
                    # Update the corresponding slices in next_obs_norm and next_batched_env_states
                    next_obs_norm = next_obs_norm.at[i].set(normalize_observation_jaxatari(new_obs_done, obs_space).flatten())
                    # Update the batched state PyTree
                    next_batched_env_states = jax.tree_util.tree_map(
                        lambda leaf, new_state: leaf.at[i].set(new_state),
                        next_batched_env_states,
                        new_state_done
                    )

            # Update rollout progress bar metrics
            rollout_rewards_sum += jnp.sum(rewards).item()
            rollout_rewards_count += config["NUM_ENVS"]

            rollout_obs_flat = rollout_obs_flat.at[step_idx].set(current_obs_stacked_norm_flat)
            rollout_actions = rollout_actions.at[step_idx].set(actions)
            rollout_log_probs = rollout_log_probs.at[step_idx].set(log_probs)
            rollout_rewards = rollout_rewards.at[step_idx].set(rewards)
            rollout_dones = rollout_dones.at[step_idx].set(dones)
            
            current_obs_stacked_norm_flat = next_obs_norm
            current_batched_env_states = next_batched_env_states

            rollout_pbar.update(1)
            rollout_pbar.set_postfix({
                "env_steps": total_env_steps_so_far,
                "avg_reward": f"{rollout_rewards_sum / rollout_rewards_count:.2f}" if rollout_rewards_count > 0 else "N/A"
            })
    
        rollout_pbar.close()

        # Get final value for advantage calculation
        _, last_val = train_state.apply_fn({'params': train_state.params}, current_obs_stacked_norm_flat)
        
        # Use JIT-compiled advantage calculation
        advantages, returns = compute_advantages(
            rollout_rewards,
            rollout_values,
            rollout_dones,
            last_val,
            config["NUM_STEPS"],
            config["GAMMA"],
            config["GAE_LAMBDA"]
        )

        b_obs = rollout_obs_flat.reshape((-1,) + obs_shape_flat)
        b_actions = rollout_actions.reshape(-1)
        b_log_probs_old = rollout_log_probs.reshape(-1)
        b_values_old = rollout_values.reshape(-1) 
        b_advantages = advantages.reshape(-1)
