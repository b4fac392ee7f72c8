# Source: https://github.com/jhtschultz/openspiel-jax-games/blob/db05872918b7c233d8bd1a46de4375969c6081c0/_archive/debug/debug_ppo3.py
# Title: Debug PPO - check loss progression and game lengths (_archive/debug/debug_ppo3.py)
# Cut: kept imports and the "quick training" part (network, collect_and_update, driver loop head); the game-length and random-action checks before it cut
"""Debug PPO - check loss progression and game lengths."""

import jax
import jax.numpy as jnp
import gin_rummy_jax as gin
import ppo_gin_rummy as ppo
import time

import flax.linen as nn
import optax

# Small training run
NUM_ENVS = 256
NUM_STEPS = 64
UPDATES = 20

class ActorCritic(nn.Module):
    action_dim: int = 241

    @nn.compact
    def __call__(self, obs):
        x = nn.Dense(256)(obs)
        x = nn.relu(x)
        x = nn.Dense(256)(x)
        x = nn.relu(x)
        logits = nn.Dense(self.action_dim)(x)
        value = nn.Dense(1)(x)
        return logits, jnp.squeeze(value, axis=-1)

net = ActorCritic()
key = jax.random.PRNGKey(0)
params = net.init(key, jnp.zeros((1, 63)))
tx = optax.adam(3e-4)
opt_state = tx.init(params)

# Init envs
key, *env_keys = jax.random.split(key, NUM_ENVS + 1)
env_states = jax.vmap(ppo.env_init)(jnp.stack(env_keys))

def get_action(params, obs, legal_mask, key):
    logits, value = net.apply(params, obs[None, :])
    logits = jnp.where(legal_mask, logits[0], -1e9)
    probs = jax.nn.softmax(logits)
    action = jax.random.categorical(key, logits)
    log_prob = jnp.log(probs[action] + 1e-8)
    return action, value[0], log_prob

@jax.jit
def collect_and_update(params, opt_state, env_states, key):
    # Collect rollout
    def step_fn(carry, _):
        env_states, key = carry
        key, *keys = jax.random.split(key, NUM_ENVS + 1)
        keys = jnp.stack(keys)

        obs = env_states['obs']
        masks = env_states['legal_mask']

        actions, values, log_probs = jax.vmap(
            lambda o, m, k: get_action(params, o, m, k)
        )(obs, masks, keys)

        env_states, rewards = jax.vmap(ppo.env_step)(env_states, actions)
        dones = env_states['done']
        env_states = jax.vmap(ppo.env_reset_if_done)(env_states)

        return (env_states, key), (obs, actions, rewards, dones, values, log_probs, masks)

    (env_states, key), trajectory = jax.lax.scan(
        step_fn, (env_states, key), None, NUM_STEPS
    )

    obs, actions, rewards, dones, values, log_probs, masks = trajectory

    # Compute simple returns
    returns = jnp.zeros_like(rewards)
    running_return = jnp.zeros(NUM_ENVS)
    for t in range(NUM_STEPS - 1, -1, -1):
        running_return = rewards[t] + 0.99 * running_return * (1 - dones[t])
        returns = returns.at[t].set(running_return)

    advantages = returns - values
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)

    # Flatten
    obs_flat = obs.reshape(-1, 63)
    actions_flat = actions.flatten()
    advantages_flat = advantages.flatten()
    returns_flat = returns.flatten()
    log_probs_flat = log_probs.flatten()
    masks_flat = masks.reshape(-1, 241)

    def loss_fn(params):
        logits, vals = jax.vmap(lambda o: net.apply(params, o[None, :]))(obs_flat)
        logits = logits.squeeze(1)
        vals = vals.squeeze()

        logits = jnp.where(masks_flat, logits, -1e9)
        new_log_probs = jax.nn.log_softmax(logits)
        action_log_probs = jnp.take_along_axis(
            new_log_probs, actions_flat[:, None], axis=-1
        ).squeeze(-1)

        ratio = jnp.exp(action_log_probs - log_probs_flat)
        pg_loss = -jnp.mean(jnp.minimum(
            ratio * advantages_flat,
            jnp.clip(ratio, 0.8, 1.2) * advantages_flat
        ))
        value_loss = 0.5 * jnp.mean((vals - returns_flat) ** 2)

        return pg_loss + 0.5 * value_loss

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)

    wins = (rewards > 0).sum()
    games = dones.sum()

    return params, opt_state, env_states, key, loss, wins, games

for i in range(UPDATES):
    key, subkey = jax.random.split(key)
    params, opt_state, env_states, key, loss, wins, games = collect_and_update(
        params, opt_state, env_states, subkey
    )
