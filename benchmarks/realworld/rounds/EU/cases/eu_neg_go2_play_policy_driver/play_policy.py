# Source: https://github.com/jeh15/quadruped/blob/78f92455183c24e35d1f8242e36b7948e53dcac4/play_policy.py
# Title: play_policy.py (jeh15/quadruped)
# Cut: kept main() up to the rollout loop; absl flags, policy loading and HTML rendering reduced.
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def main(env, make_policy, params):
    # Load from Env:
    reset_fn = jax.jit(env.reset)
    step_fn = jax.jit(env.step)

    inference_function = make_policy(params)
    inference_fn = jax.jit(inference_function)

    # Initialize Simulation:
    key = jax.random.key(0)

    velocity = 0.0
    key, subkey = jax.random.split(key)
    state = reset_fn(subkey)
    state.info['command'] = jnp.array([velocity, 0.0, 0.0])

    num_steps = 1000
    states = []

    ramp_time = 200

    for i in range(num_steps):
        # Stop Command Sampling:
        if i <= ramp_time:
            velocity = (i * env.step_dt) / (ramp_time * env.step_dt)
        state.info['command'] = jnp.array([velocity, 0.0, 0.0])
        key, subkey = jax.random.split(key)
        action, _ = inference_fn(state.obs, subkey)
        state = step_fn(state, action)
        states.append(state.pipeline_state)

    return states
