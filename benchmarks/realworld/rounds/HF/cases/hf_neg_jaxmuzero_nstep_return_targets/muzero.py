# Source: https://github.com/Hwhitetooth/jax_muzero/blob/b8ab36251d22e0246d61514841ba17a22f4b2a36/algorithms/muzero.py
# Title: algorithms/muzero.py (MuZero: a MCTS agent that plans with a learned value-equivalent model), Hwhitetooth/jax_muzero
# Cut: the value-target part of loss() (n-step returns for each of the unroll_steps + 1 positions) with
# the vmap over trajectories and the jax.grad in update(); reward/policy targets and logging dropped.
# experiments/atari26.py and experiments/breakout.py set unroll_steps: 5, td_steps: 5.
import chex
import jax
import jax.numpy as jnp
import rlax

from algorithms import agents
from algorithms import utils
from algorithms.types import ActorOutput, Params


def generate_update_fn(agent: agents.Agent, opt_update, unroll_steps: int, td_steps: int, discount_factor: float,
                       value_coef: float, policy_coef: float):
    def loss(params: Params, target_params: Params, trajectory: ActorOutput, rng_key: chex.PRNGKey):
        timestep = jax.tree_map(lambda t: t[:1], trajectory)
        learner_root = agent.root_unroll(params, timestep)
        learner_root = jax.tree_map(lambda t: t[0], learner_root)
        unroll_trajectory = jax.tree_map(lambda t: t[:unroll_steps + 1], trajectory)
        num_bins = learner_root.reward_logits.shape[-1]
        rewards = trajectory.reward[1:]
        target_roots = agent.root_unroll(target_params, trajectory)

        ## 2.3 Value
        discounts = (1. - trajectory.last[1:]) * discount_factor

        def n_step_return(i):
            bootstrap_value = jax.tree_map(lambda t: t[i + td_steps], target_roots.value)
            _rewards = jnp.concatenate([rewards[i:i + td_steps], bootstrap_value[None]], axis=0)
            _discounts = jnp.concatenate([jnp.ones((1,)), jnp.cumprod(discounts[i:i + td_steps])], axis=0)
            return jnp.sum(_rewards * _discounts)

        returns = []
        for i in range(unroll_steps + 1):
            returns.append(n_step_return(i))
        returns = jnp.stack(returns)
        # Set the value targets for the absorbing state and the states after to 0.
        zero_return_mask = jnp.cumprod(1. - unroll_trajectory.last) == 0.
        value_target = jax.lax.select(zero_return_mask, jnp.zeros_like(returns), returns)
        value_target = agent.value_transform(value_target)
        value_logits_target = utils.scalar_to_two_hot(value_target, num_bins)
        value_logits_target = jax.lax.stop_gradient(value_logits_target)

        model_out = agent.model_unroll(params, learner_root.state, unroll_trajectory.action_tm1[1:])
        _batch_categorical_cross_entropy = jax.vmap(rlax.categorical_cross_entropy)
        value_logits = jnp.concatenate([learner_root.value_logits[None], model_out.value_logits], axis=0)
        value_loss = jnp.mean(_batch_categorical_cross_entropy(value_logits_target, value_logits))
        return value_coef * value_loss

    def batch_loss(params: Params, target_params: Params, trajectories: ActorOutput, rng_key: chex.PRNGKey):
        batch_size = trajectories.observation.shape[0]
        rng_keys = jax.random.split(rng_key, batch_size)
        losses = jax.vmap(loss, (None, None, 0, 0))(params, target_params, trajectories, rng_keys)
        return jnp.mean(losses)

    def update(rng_key: chex.PRNGKey, params: Params, target_params: Params, opt_state, trajectories: ActorOutput):
        grads = jax.grad(batch_loss)(params, target_params, trajectories, rng_key)
        updates, new_opt_state = opt_update(grads, opt_state)
        return updates, new_opt_state

    return jax.jit(update)
