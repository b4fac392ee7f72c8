# Source: https://github.com/jeh15/quadruped/blob/78f92455183c24e35d1f8242e36b7948e53dcac4/src/envs/unitree_go2.py
# Title: src/envs/unitree_go2.py (jeh15/quadruped)
# Cut: kept the site/body name lookups of __init__, the metrics loop of reset and the reward
#      dictionary + sum of step with four of its reward helpers; the brax PipelineEnv plumbing,
#      kicks, observation history and the other reward terms are dropped; the step is jitted by
#      the caller (play_policy.py: step_fn = jax.jit(env.step)).
import jax
import jax.numpy as jnp
import mujoco
import numpy as np


class UnitreeGo2Env:
    def __init__(self, sys, reward_config, dt=0.02):
        self.sys = sys
        self.dt = dt
        self.reward_config = reward_config
        feet_site = [
            'front_left_foot',
            'front_right_foot',
            'hind_left_foot',
            'hind_right_foot',
        ]
        feet_site_idx = [
            mujoco.mj_name2id(sys.mj_model, mujoco.mjtObj.mjOBJ_SITE.value, f)
            for f in feet_site
        ]
        assert not any(id_ == -1 for id_ in feet_site_idx), 'Site not found.'
        self.feet_site_idx = np.array(feet_site_idx)

    def reset_metrics(self, state_info):
        metrics = {'total_distance': 0.0}
        for k in state_info['rewards']:
            metrics[k] = state_info['rewards'][k]
        return metrics

    def step_reward(self, xd, torques, action, previous_action, done, step):
        rewards = {
            'linear_z_velocity': self._reward_vertical_velocity(xd),
            'angular_xy_velocity': self._reward_angular_velocity(xd),
            'torque': self._reward_torques(torques),
            'action_rate': self._reward_action_rate(action, previous_action),
            'termination': jnp.float32(done & (step < 500)),
        }
        rewards = {
            k: v * self.reward_config[k] for k, v in rewards.items()
        }
        reward = jnp.clip(sum(rewards.values()) * self.dt, 0.0, 10000.0)
        return reward, rewards

    def _reward_vertical_velocity(self, xd) -> jax.Array:
        # Penalize z axis base linear velocity
        return jnp.square(xd.vel[0, 2])

    def _reward_angular_velocity(self, xd) -> jax.Array:
        # Penalize xy axes base angular velocity
        return jnp.sum(jnp.square(xd.ang[0, :2]))

    def _reward_torques(self, torques: jax.Array) -> jax.Array:
        # Penalize torques
        return jnp.sqrt(jnp.sum(jnp.square(torques))) + jnp.sum(jnp.abs(torques))

    def _reward_action_rate(self, action: jax.Array, previous_action: jax.Array) -> jax.Array:
        return jnp.sum(jnp.square(action - previous_action))
