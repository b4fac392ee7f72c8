# Source: https://github.com/alexeiplatzer/unitree-go2-mjx-rl/blob/078b942a72bfe828067737d37237d427a126e0bf/src/quadruped_mjx_rl/environments/quadruped/base.py
# Title: src/quadruped_mjx_rl/environments/quadruped/base.py (quadruped MJX environment, brax-style step)
# Cut: kept step and _get_rewards of the environment class; __init__, reset, observation, kick and energy helpers dropped (referenced only);
#      imports trimmed; the step is jitted by the brax-style training wrappers that call env.step.
from typing import Any

import jax
from jax import numpy as jnp

from quadruped_mjx_rl import math
from quadruped_mjx_rl.environments.base import PipelineEnv
from quadruped_mjx_rl.physics_pipeline import PipelineState, State
from quadruped_mjx_rl.types import Action


class QuadrupedBaseEnv(PipelineEnv):
    def step(self, state: State, action: Action) -> State:

        if self._apply_kicks:
            # give the robot a random kick for robustness
            state.info["rng"], kick_noise = jax.random.split(state.info["rng"], 2)
            kick = self._compute_kick(step_count=state.info["step"], kick_noise=kick_noise)
            state = self._kick_robot(state, kick)
            state.info["kick"] = kick

        pipeline_state = self._physics_step(state, action)

        # observation data
        obs = self._get_obs(pipeline_state, state.info, state.obs)

        done = self._check_termination(pipeline_state)

        # reward
        rewards = self._get_rewards(pipeline_state, state.info, action, done)
        rewards = {k: v * self.reward_scales[k] for k, v in rewards.items()}
        reward = jnp.clip(
            sum(rewards.values()) * self.dt,
            self._rewards_config.reward_clip_min,
            self._rewards_config.reward_clip_max,
        )

        # state management
        state.info["step"] += 1
        state.info["rewards"] = rewards
        state.info["last_act"] = action

        # reset the step counter when done
        state.info["step"] = jnp.where(done, 0, state.info["step"])

        state.metrics.update({f"reward/{k}": v for k, v in rewards.items()})

        # log total displacement as a proxy metric
        state.metrics["total_dist"] = math.normalize(
            state.pipeline_state.x.pos[self._torso_idx - 1]
        )[1]

        self._update_energy_metrics(state.pipeline_state, state.metrics)

        done = jnp.float32(done)
        state.metrics["termination"] = done
        state.metrics["foot_slip"] = state.info["foot_slip"]

        state = state.replace(pipeline_state=pipeline_state, obs=obs, reward=reward, done=done)
        return state

    def _get_rewards(
        self,
        pipeline_state: PipelineState,
        state_info: dict[str, Any],
        action: Action,
        done: jax.Array,
    ) -> dict[str, jax.Array]:
        """Computes all the rewards for the current state of the environment and returns a dict
        of them. Updates any relevant state information. Override this to define custom rewards
        for your task."""
        x, xd = pipeline_state.x, pipeline_state.xd
        joint_vel = pipeline_state.qd[6:18]

        foot_contact_z = self._compute_foot_contact_z(pipeline_state)
        contact = foot_contact_z < 1e-3  # a mm or less off the floor
        contact_filt_mm = contact | state_info["last_contact"]
        contact_filt_cm = (foot_contact_z < 3e-2) | state_info["last_contact"]
        first_contact = (state_info["feet_air_time"] > 0) * contact_filt_mm
        state_info["feet_air_time"] += self.dt

        foot_slip_vel = self._compute_foot_slip_vel(pipeline_state)
        state_info["foot_slip"] = self._absolute_foot_slip(foot_slip_vel, contact_filt_cm)

        rewards = {
            "lin_vel_z": self._reward_lin_vel_z(xd),
            "ang_vel_xy": self._reward_ang_vel_xy(xd),
            "orientation": self._reward_orientation(x),
            "torques": self._reward_torques(pipeline_state.data.qfrc_actuator),
            "action_rate": self._reward_action_rate(action, state_info["last_act"]),
            "feet_air_time": self._reward_feet_air_time(
                state_info["feet_air_time"], first_contact
            ),
            "foot_slip": self._reward_foot_slip(foot_slip_vel, contact_filt_cm),
            "termination": self._reward_termination(done, state_info["step"]),
            "energy": self._reward_energy(pipeline_state),
        }

        state_info["last_vel"] = joint_vel
        state_info["last_contact"] = contact
        state_info["feet_air_time"] *= ~contact_filt_mm

        return rewards
