# Source: https://github.com/strakam/generals-bots/blob/dafd25d06322317fa3ccde00b937074e4b923cda/examples/jax_ppo_jumanji.py
# Title: Clean JAX PPO using Jumanji-style GeneralsEnv (examples/jax_ppo_jumanji.py, commit "feat: jax ppo progres")
# Cut: kept module docstring, imports, compute_gae and the advantage part of main(); network, rollout_step, ppo_loss/train_step bodies, env setup and logging cut (stubs marked)
"""
Clean JAX PPO using Jumanji-style GeneralsEnv.

Fully vectorized, no loops, maximum performance.
"""

import sys
import time
import jax
import jax.numpy as jnp
import jax.random as jrandom
import equinox as eqx
import optax

from generals.core.env_jax import GeneralsEnv, make_env
from generals.core.action_jax import compute_valid_move_mask

@jax.jit
def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    """Compute advantages using GAE."""
    num_steps = rewards.shape[0]
    advantages = jnp.zeros_like(rewards)
    last_adv = 0.0
    
    for t in reversed(range(num_steps)):
        next_value = jnp.where(t == num_steps - 1, 0.0, values[t + 1])
        next_nonterminal = jnp.where(t == num_steps - 1, 1.0 - dones[t], 1.0 - dones[t + 1])
        delta = rewards[t] + gamma * next_value * next_nonterminal - values[t]
        advantages = advantages.at[t].set(delta + gamma * lam * next_nonterminal * last_adv)
        last_adv = advantages[t]
    
    return advantages

def train_step(network, opt_state, batch, optimizer):
    ...  # eqx.filter_value_and_grad over a vmapped per-sample ppo_loss (cut)
def main():
    num_envs = int(sys.argv[1]) if len(sys.argv) > 1 else 256
    num_steps = 256
    num_iterations = 200
    lr = 3e-4
    grid_size = 4
    network = opt_state = optimizer = states = key = None  # setup cut
    # JIT compile the entire rollout collection
    @jax.jit
    def collect_rollout(states, key):
        """Collect full rollout using lax.scan for speed."""
        def scan_fn(carry, _):
            state, k = carry
            k, *step_keys = jrandom.split(k, num_envs + 1)
            new_states, data, _ = jax.vmap(bound_rollout_step)(state, jnp.stack(step_keys))
            return (new_states, k), data
        
        (final_states, final_key), rollout_data = jax.lax.scan(scan_fn, (states, key), None, length=num_steps)
        return final_states, rollout_data, final_key
    
    for iteration in range(num_iterations):
        t0 = time.time()
        
        # Collect rollout (fully JIT-compiled)
        states, rollout_data, key = collect_rollout(states, key)
        
        # Unpack rollout data
        obs, masks, actions, values, logprobs, rewards, dones = rollout_data
        
        # Compute advantages (per environment)
        advantages_list = []
        for env_idx in range(num_envs):
            adv = compute_gae(rewards[:, env_idx], values[:, env_idx], dones[:, env_idx])
            advantages_list.append(adv)
        advantages = jnp.stack(advantages_list, axis=1)
        
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        returns = advantages + values
        
        # Train
        batch = (obs, masks, actions, logprobs, advantages, returns)
        network, opt_state, loss = train_step(network, opt_state, batch, optimizer)
