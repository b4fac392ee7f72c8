# Source: https://github.com/kenjyoung/mctx_learning_demo/blob/a14a2b2279a2baec3f73c903d2dbcdac53318b45/basic_tree_search.py
# Title: basic_tree_search.py (a simple tree search using the mctx codebase), kenjyoung/mctx_learning_demo
# Cut: the interaction loop function (lax.scan body that calls the vmapped env.get_observation and
# env.step, then gumbel_muzero_policy) shortened; loss/optimiser updates and statistics dropped; the
# module-level jit call kept.
import functools

import jax as jx
import mctx
from jax import jit, vmap
from jax import numpy as jnp

import jax_environments


def get_agent_environment_interaction_loop_function(env, V_func, pi_func, recurrent_fn, num_actions, iterations, config):
    batch_step = vmap(env.step, in_axes=(0,0))
    batch_obs = vmap(env.get_observation)
    batch_V_func = vmap(V_func,in_axes=(None,0))
    batch_pi_func = vmap(pi_func,in_axes=(None,0))

    def agent_environment_interaction_loop_function(S):
        def loop_function(S, data):
            obs = batch_obs(S["env_states"])
            pi_logits = batch_pi_func(S["pi_params"], obs.astype(float))
            V = batch_V_func(S["V_target_params"], obs.astype(float))

            root = mctx.RootFnOutput(
              prior_logits=pi_logits,
              value=V,
              embedding=S["env_states"]
            )

            S["key"], subkey = jx.random.split(S["key"])
            policy_output = mctx.gumbel_muzero_policy(
              params={"V":S["V_target_params"], "pi":S["pi_params"]},
              rng_key=subkey,
              root=root,
              recurrent_fn=recurrent_fn,
              num_simulations=config.num_simulations,
              max_num_considered_actions=num_actions,
              qtransform=functools.partial(
                  mctx.qtransform_completed_by_mix_value,
                  use_mixed_value=config.use_mixed_value,
                  value_scale=config.value_scale
              ),
            )
            actions = policy_output.action
            S["env_states"], obs, reward, terminal, _ = batch_step(actions, S["env_states"])
            S["episode_return"] += reward
            return S, None

        S["key"], subkey = jx.random.split(S["key"])
        S, _ = jx.lax.scan(loop_function, S, None, length=iterations)
        return S
    return agent_environment_interaction_loop_function


def build(config, V_func, pi_func, recurrent_fn):
    Environment = getattr(jax_environments, config.environment)
    env = Environment(**config.env_config)
    num_actions = env.num_actions()
    return jit(get_agent_environment_interaction_loop_function(env, V_func, pi_func, recurrent_fn, num_actions, config.eval_frequency, config))
