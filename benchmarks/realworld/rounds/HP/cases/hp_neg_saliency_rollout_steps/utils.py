# Source: https://github.com/bolt-research/popgym-arcade/blob/d061b611718ae55d095791b4ea7046b5266cafd4/popgym_arcade/baselines/utils.py
# Title: popgym_arcade/baselines/utils.py (saliency maps of a trained Q-network over pixel observations)
# Cut: kept filter_scan, get_saliency_maps and get_terminal_saliency_maps; docstrings removed;
#      plotting (vis_fn) and CSV helpers cut.
from typing import Any, Dict, Optional, Tuple

import chex
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

import popgym_arcade
from memax.equinox.train_utils import add_batch_dim
from popgym_arcade.wrappers import LogWrapper


@eqx.filter_jit
def filter_scan(f, init, xs, *args, **kwargs):
    init_dynamic_carry, static_carry = eqx.partition(init, eqx.is_array)

    def to_scan(dynamic_carry, x):
        carry = eqx.combine(dynamic_carry, static_carry)
        new_carry, out = f(carry, x)
        dynamic_new_carry, _ = eqx.partition(new_carry, eqx.is_array)
        return dynamic_new_carry, out

    out_carry, out_ys = lax.scan(to_scan, init_dynamic_carry, xs, *args, **kwargs)
    return eqx.combine(out_carry, static_carry), out_ys


def get_saliency_maps(
    seed: jax.random.PRNGKey,
    model: eqx.Module,
    config: Dict,
    max_steps: int = 5,
    initial_state_and_obs: Optional[Tuple[Any, Any]] = None,
) -> Tuple[list, chex.Array, list]:

    seed, _rng = jax.random.split(seed)
    env, env_params = popgym_arcade.make(
        config["ENV_NAME"], partial_obs=config["PARTIAL"], obs_size=config["OBS_SIZE"]
    )
    env = LogWrapper(env)
    n_envs = 1
    vmap_reset = lambda n_envs: lambda rng: jax.vmap(env.reset, in_axes=(0, None))(
        jax.random.split(rng, n_envs), env_params
    )
    vmap_step = lambda n_envs: lambda rng, env_state, action: jax.vmap(
        env.step, in_axes=(0, 0, 0, None)
    )(jax.random.split(rng, n_envs), env_state, action, env_params)
    if initial_state_and_obs is None:
        obs_seq, env_state = vmap_reset(n_envs)(_rng)
        obs_seq = obs_seq / 255.0
    else:
        env_state, obs_seq = initial_state_and_obs
        obs_seq = obs_seq / 255.0
    done_seq = jnp.zeros(n_envs, dtype=bool)
    action_seq = jnp.zeros(n_envs, dtype=int)
    obs_seq = obs_seq[jnp.newaxis, :].astype(jnp.float32)
    done_seq = done_seq[jnp.newaxis, :]
    action_seq = action_seq[jnp.newaxis, :]
    # save all the grads separate from each state
    grads = []
    # save cumulated grads
    grad_accumulator = []

    def step_env_and_compute_grads(env_state, obs_seq, action_seq, done_seq, key):

        def q_val_fn(obs_batch, action_batch, done_batch):
            hs = model.initialize_carry(key=key)
            hs = add_batch_dim(hs, n_envs)
            _, q_val = model(hs, obs_batch, done_batch, action_batch)
            q_val_action = lax.stop_gradient(q_val)
            action = jnp.argmax(q_val_action[-1], axis=-1)
            new_obs, new_state, reward, new_done, info = vmap_step(n_envs)(
                seed, env_state, action
            )
            new_obs = new_obs / 255.0
            return q_val[-1].sum(), (new_state, new_obs, action, new_done)

        grads_obs, (new_state, new_obs, action, new_done) = jax.grad(
            q_val_fn, argnums=0, has_aux=True
        )(obs_seq, action_seq, done_seq)
        obs_seq = jnp.concatenate([obs_seq, new_obs[jnp.newaxis, :]].astype(jnp.float32))
        action_seq = jnp.concatenate([action_seq, action[jnp.newaxis, :]])
        done_seq = jnp.concatenate([done_seq, new_done[jnp.newaxis, :]])
        return grads_obs, new_state, obs_seq, action_seq, done_seq

    for _ in range(max_steps):
        rng, _rng = jax.random.split(seed, 2)
        grads_obs, env_state, obs_seq, action_seq, done_seq = jax.jit(
            step_env_and_compute_grads
        )(env_state, obs_seq, action_seq, done_seq, rng)
        grads.append(grads_obs)
        grad_accumulator.append(jnp.sum(grads_obs, axis=0))
        if done_seq[-1].any():
            break

    return grads, obs_seq, grad_accumulator


def get_terminal_saliency_maps(
    seed: jax.random.PRNGKey,
    model: eqx.Module,
    config: Dict,
    initial_state_and_obs: Optional[Tuple[Any, Any]] = None,
) -> Tuple[list, chex.Array, list]:
    env, env_params = popgym_arcade.make(
        config["ENV_NAME"], partial_obs=config["PARTIAL"], obs_size=config["OBS_SIZE"]
    )
    env = LogWrapper(env)
    reset = lambda rng: env.reset(rng, env_params)
    step = lambda rng, env_state, action: env.step(rng, env_state, action, env_params)
    if initial_state_and_obs is None:
        seed, _rng = jax.random.split(seed)
        obs, env_state = reset(_rng)
        obs = obs.astype(jnp.float32) / 255.0
    else:
        env_state, obs = initial_state_and_obs
        obs = obs.astype(jnp.float32) / 255.0

    # Step 1: Compute rollout until terminal state

    def step_env(hs, env_state, obs, done, action, seed):
        seed, step_key = jax.random.split(seed)
        # Add time and batch dim for model
        inputs = [add_batch_dim(add_batch_dim(x, 1), 1) for x in [obs, done, action]]

        hs, q_val = model(hs, *inputs)
        # Remove batch dim
        q_val = jnp.squeeze(q_val, (0, 1))
        action = jnp.argmax(q_val, axis=-1)
        obs, env_state, reward, done, info = step(step_key, env_state, action)
        obs = obs.astype(jnp.float32) / 255.0
        return (hs, env_state, obs, done, action, seed)

    seed, rng = jax.random.split(seed)
    hs = model.initialize_carry(key=rng)
    hs = add_batch_dim(hs, 1)
    done = jnp.zeros((), dtype=bool)
    action = jnp.zeros((), dtype=int)
    observations, dones, actions = [obs], [done], [action]
    while not jnp.any(done):
        hs, env_state, obs, done, action, seed = jax.jit(step_env)(
            hs, env_state, obs, done, action, seed
        )
        observations.append(obs.astype(jnp.float32))
        dones.append(done)
        actions.append(action)

    observations = jnp.stack(observations, axis=0)
    dones = jnp.stack(dones, axis=0)
    actions = jnp.stack(actions, axis=0)

    # Step 2: Compute gradients at terminal state
    def compute_q(obs_batch, action_batch, done_batch):
        hs = model.initialize_carry(key=seed)
        hs = add_batch_dim(hs, 1)
        inputs = [
            add_batch_dim(x, 1, axis=1) for x in [obs_batch, done_batch, action_batch]
        ]
        _, q_val = model(hs, *inputs)
        return jnp.abs(q_val[-1].sum())

    # Use -2 because if done == true, obs is next episode
    return jax.grad(compute_q)(observations[:-2], actions[:-2], dones[:-2])
