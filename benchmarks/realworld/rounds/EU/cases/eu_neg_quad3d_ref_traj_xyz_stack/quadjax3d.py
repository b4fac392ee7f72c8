# Source: https://github.com/jc-bao/policy-adaptation-survey/blob/d67a1f9956f2c10998a666a4a7e40a279b9b0e30/adaptive_control_gym/envs/jax_env/quadjax3d.py
# Title: adaptive_control_gym/envs/jax_env/quadjax3d.py (jc-bao/policy-adaptation-survey)
# Cut: kept generate_lissa_traj and get_obs of Quad3D; the default params (traj_obs_len = 5,
#      from dynamics/utils.py) are inlined as a small dataclass; step_obs stands in for the
#      jitted step/reset methods that call get_obs; other methods dropped.
import jax
import jax.numpy as jnp
import chex
from functools import partial
from dataclasses import dataclass


@dataclass
class EnvParams3D:
    dt: float = 0.02
    max_steps_in_episode: int = 300
    traj_obs_len: int = 5
    traj_obs_gap: int = 5


class Quad3D:
    def __init__(self, task: str = "tracking_zigzag"):
        self.task = task
        self.default_params = EnvParams3D()

    @partial(jax.jit, static_argnums=(0,))
    def generate_lissa_traj(self, key: chex.PRNGKey) -> chex.Array:
        # get random amplitude and phase
        key_amp, key_phase = jax.random.split(key, 2)
        rand_amp = jax.random.uniform(
            key_amp, shape=(3, 2), minval=-1.0, maxval=1.0)
        rand_phase = jax.random.uniform(
            key_phase, shape=(3, 2), minval=-jnp.pi, maxval=jnp.pi
        )
        # get trajectory
        scale = 0.8
        ts = jnp.arange(
            0, self.default_params.max_steps_in_episode + 50, self.default_params.dt
        )  # NOTE: do not use params for jax limitation
        w1 = 2 * jnp.pi * 0.25
        w2 = 2 * jnp.pi * 0.5

        pos_traj = scale * jnp.stack([
            rand_amp[i, 0] * jnp.sin(w1 * ts + rand_phase[i, 0]) +
            rand_amp[i, 1] * jnp.sin(w2 * ts + rand_phase[i, 1])
            for i in range(3)
        ])

        vel_traj = scale * jnp.stack([
            rand_amp[i, 0] * w1 * jnp.cos(w1 * ts + rand_phase[i, 0]) +
            rand_amp[i, 1] * w2 * jnp.cos(w2 * ts + rand_phase[i, 1])
            for i in range(3)
        ])

        return pos_traj, vel_traj

    def get_obs(self, state, params) -> chex.Array:
        """Return angle in polar coordinates and change."""
        obs_elements = [
            # drone
            state.pos, state.vel/4.0, state.quat, state.omega/40.0,  # 3*3+4=13
            # object
            state.pos_obj, state.vel_obj/4.0,  # 3*2=6
            # trajectory
            state.pos_tar, state.vel_tar/4.0  # 3*2=6
        ]
        # future trajectory observation
        # NOTE: use statis default value rather than params for jax limitation
        traj_obs_len, traj_obs_gap = self.default_params.traj_obs_len, self.default_params.traj_obs_gap
        for i in range(traj_obs_len):  # 6*traj_obs_len
            idx = state.time + 1 + i * traj_obs_gap
            obs_elements.append(state.pos_traj[idx]),
            obs_elements.append(state.vel_traj[idx]/4.0)

        return jnp.concatenate(obs_elements).squeeze()

    @partial(jax.jit, static_argnums=(0,))
    def step_obs(self, state, params):
        return self.get_obs(state, params)
