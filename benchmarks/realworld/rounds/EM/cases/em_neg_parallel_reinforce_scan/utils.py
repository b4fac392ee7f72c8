# Source: https://github.com/sanepunk/RL/blob/10f0fc8e05781c5b91c28b7c021ee9dbd0d07217/Reinforce/parallel-jax/utils.py
# Title: Reinforce/parallel-jax/utils.py
# Cut: kept calculate_returns and run_episode; orbax checkpoint helpers cut
from jax import numpy as jnp
import jax
from model import Agent


def calculate_returns(rewards, mask, gamma: float = 0.99):
    def step_fn(R, data):
        reward, mask = data
        R = reward + R * mask * gamma
        return R, R

    _, returns = jax.lax.scan(step_fn, 0.0, (rewards, mask), reverse=True)
    return returns


def run_episode(model: Agent, env, env_params, rng, steps: int = 500) -> dict:
    # model.eval()
    rng, rng_reset = jax.random.split(rng)
    obs, state = env.reset(rng_reset, env_params)

    def step_fn(carry, _):
        obs, state, rng, done = carry
        rng, action_selection_rng = jax.random.split(rng)
        rng, step_rng = jax.random.split(rng)
        action = model.select_categorical_action(obs, action_selection_rng)
        new_obs, new_state, reward, next_done, _ = env.step(
            step_rng, state, action, env_params
        )
        valid_mask = 1 - done
        new_carry = (new_obs, new_state, rng, jnp.maximum(done, next_done))
        return new_carry, {
            "reward": reward * valid_mask,
            "valid_mask": valid_mask,
            "action": action,
            "obs": obs,
        }

    init_carry = (obs, state, rng, 0.0)
    _, trajectories = jax.lax.scan(step_fn, init_carry, length=steps)
    return trajectories

