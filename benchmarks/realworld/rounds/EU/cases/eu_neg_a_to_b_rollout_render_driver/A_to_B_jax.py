# Source: https://github.com/Jesperoka/robust_rl/blob/93415c29e27f6b92d3f8639ccfe65f7bc5bb1210/environments/A_to_B_jax.py
# Title: environments/A_to_B_jax.py (Jesperoka/robust_rl), __main__ rollout/render block
# Cut: kept the jitted actor/step functions and the host-side rollout loop with rendering; MuJoCo
#      model loading, actor initialisation and the matplotlib animation are reduced to arguments.
from functools import partial

import jax
import jax.numpy as jnp


def rollout_and_render(env, actors, actor_forward_fns, actor_hidden_states, step_and_reset_if_done,
                       environment_state, renderer, rng, num_envs=1, num_rollouts=1, num_env_steps=100):
    jit_actor_forward_fns = tuple(jax.jit(f, static_argnames="train") for f in actor_forward_fns)
    jit_step_and_reset_if_done = jax.jit(partial(step_and_reset_if_done, env))
    frames = []

    for rollout in range(num_rollouts):
        rng, rng_r, rng_a = jax.random.split(rng, 3)
        environment_state, observation = env.reset(environment_state)

        done = jnp.zeros(num_envs, dtype=bool)
        truncate = jnp.zeros(num_envs, dtype=bool)

        for env_step in range(num_env_steps):
            rng_a, *action_rngs = jax.random.split(rng_a, env.num_agents+1)
            reset_rngs, rng_r = jax.random.split(rng_r)

            reset = jnp.logical_or(done, truncate)
            actor_inputs = tuple(
                    (observation[jnp.newaxis, :][jnp.newaxis, :], reset[jnp.newaxis, :])
                    for _ in range(env.num_agents)
            )

            actor_hidden_states, policies = zip(*jax.tree_map(
                lambda apply_fn, ts, vars, hs, ins: apply_fn({"params": ts.params, "vars": vars}, hs, ins, train=False),
                    jit_actor_forward_fns,
                    actors.train_states,
                    actors.vars,
                    actor_hidden_states,
                    actor_inputs,
                    is_leaf=lambda x: not isinstance(x, tuple)
            ))

            actions = jax.tree_map(lambda policy, rng: policy.sample(seed=rng).squeeze(), policies, tuple(action_rngs), is_leaf=lambda x: not isinstance(x, tuple))
            environment_action = jnp.concatenate(actions, axis=-1)

            domain_randomized_model = env.randomize_domain(reset_rngs)

            environment_state, observation, terminal_observation, rewards, done, truncate = jit_step_and_reset_if_done(environment_state, environment_action, domain_randomized_model)
            done = done[jnp.newaxis]
            truncate = truncate[jnp.newaxis]

            renderer.update_scene(environment_state)
            frames.append(renderer.render())
    return frames
