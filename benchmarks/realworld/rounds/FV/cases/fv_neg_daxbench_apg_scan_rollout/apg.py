# Source: https://github.com/AdaCompNUS/DaXBench/blob/bc73c58134b004e5fbe9131639d06e8e052566cd/daxbench/algorithms/apg/apg.py
# Title: daxbench/algorithms/apg/apg.py (DaXBench: analytic policy gradient through differentiable cloth/MPM simulators)
# Cut: argument parsing, network/optimizer setup, pmap replication, logging and the outer training
#      loop cut; train() takes the pieces the nested functions close over as arguments. The nested
#      eval/loss functions are the file's.
import os

import imageio
import jax
import jax.numpy as jnp

from daxbench.core.envs.basic.mpm_env import MPMEnv
from daxbench.core.envs.shape_rope_env import ShapeRopeEnv


def train(args, core_env, eval_env, step_fn, eval_step_fn, policy_model,
          parametric_action_distribution, episode_length, action_repeat,
          truncation_length, process_id=0):
    """
    Evaluation functions
    """

    def do_one_step_eval(carry, unused_target_t):
        state, params, normalizer_params, key = carry
        key, key_sample = jax.random.split(key)

        obs = eval_env.get_obs(state)
        logits = policy_model.apply(params, obs)
        actions = parametric_action_distribution.sample(logits, key_sample)
        if not isinstance(core_env, MPMEnv) or isinstance(core_env, ShapeRopeEnv):
            actions = jax.nn.sigmoid(actions)
        obs, reward, done, info = eval_step_fn(actions, state)
        nstate = info["state"]
        return (nstate, params, normalizer_params, key), (actions, state, reward)

    @jax.jit
    def run_eval(params, state, normalizer_params, key):
        params = jax.tree_util.tree_map(lambda x: x[0], params)

        (state, _, _, key), (action_list, state_list, reward_list) = jax.lax.scan(
            do_one_step_eval,
            (state, params, normalizer_params, key),
            (),
            length=core_env.max_steps // action_repeat,
        )
        return state, key, action_list, state_list, reward_list

    def eval_policy(it, training_state, eval_first_state, key_debug):
        if process_id == 0:
            eval_state, key_debug, action_list, state_list, reward_list = run_eval(
                training_state.policy_params,
                eval_first_state,
                training_state.normalizer_params,
                key_debug,
            )
            rgb_list = []
            for i in range(core_env.max_steps):
                state = jax.tree_util.tree_map(lambda x: x[i], state_list)
                obs, reward, done, info = eval_env.step_with_render(
                    action_list[i], state, visualize=False
                )
                rgb_list.extend(info["img_list"])

            # save rgb_list into gif file named "fold_cloth_{it}.gif"
            os.makedirs(args.logdir, exist_ok=True)
            imageio.mimsave(f"{args.logdir}/{args.env}_{it}.gif", rgb_list, fps=20)

            return action_list, reward_list

    """
    Training functions
    """

    def do_one_step(carry, step_index):
        state, params, normalizer_params, key = carry
        key, key_sample = jax.random.split(key)

        obs = core_env.get_obs(state)
        logits = policy_model.apply(params, obs)
        actions = parametric_action_distribution.sample(logits, key_sample)
        if not isinstance(core_env, MPMEnv) or isinstance(core_env, ShapeRopeEnv):
            actions = jax.nn.sigmoid(actions)

        obs, reward, done, info = step_fn(actions, state)
        nstate = info["state"]

        if truncation_length is not None and truncation_length > 0:
            nstate = jax.lax.cond(
                jnp.mod(step_index + 1, truncation_length) == 0.0,
                jax.lax.stop_gradient,
                lambda x: x,
                nstate,
            )

        return (nstate, params, normalizer_params, key), (
            nstate,
            logits,
            actions,
            reward,
        )

    @jax.jit
    def loss(params, normalizer_params, state, key):
        _, (state_list, logit_list, action_list, reward_list) = jax.lax.scan(
            do_one_step,
            (state, params, normalizer_params, key),
            (jnp.array(range(episode_length // action_repeat))),
            length=episode_length // action_repeat,
        )
        return -jnp.mean(reward_list), (reward_list, state_list, action_list)

    loss_grad = jax.grad(loss, has_aux=True, allow_int=True)
    return loss_grad, eval_policy
