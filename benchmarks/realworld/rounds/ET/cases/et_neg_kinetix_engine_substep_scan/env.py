# Source: https://github.com/FLAIROx/Kinetix/blob/fac744975567154a90e4d378ced1ad3f143d57c0/kinetix/environment/env.py
# Title: kinetix/environment/env.py (KinetixEnv: 2D physics game levels on Jax2D)
# Cut: kept engine_step (frame-skip physics substeps under lax.scan, jitted); constructor,
#      observation/reward helpers and the rest of the environment dropped.
from functools import partial

import jax
import jax.numpy as jnp


class KinetixEnv:
    # Actual Jax2D engine step
    @partial(jax.jit, static_argnums=(0,))
    def engine_step(self, env_state, action_to_perform, env_params):
        def _single_step(env_state, unused):
            env_state, mfolds = self.physics_engine.step(
                env_state,
                env_params,
                action_to_perform,
            )

            reward, info = self.compute_reward_info(env_state, mfolds)

            done = reward != 0

            return env_state, (reward, done, info)

        env_state, (rewards, dones, infos) = jax.lax.scan(
            _single_step, env_state, xs=None, length=self.static_env_params.frame_skip
        )
        env_state = env_state.replace(timestep=env_state.timestep + 1)

        has_at_least_one_done = dones.sum() > 0
        first_done_index = dones.argmax()
        reward = jax.lax.select(
            has_at_least_one_done,
            rewards[first_done_index],
            rewards.sum(),
        )
        done = has_at_least_one_done | jax.tree.reduce(
            jnp.logical_or, jax.tree.map(lambda x: jnp.isnan(x).any(), env_state), False
        )
        done |= env_state.timestep >= env_params.max_timesteps
        return env_state, reward, done
