# Source: https://github.com/kwk2696/sb3-jax-haiku/blob/82144f2e39b2408034ae0d31df7470bbe7aa0422/sb3_jax/common/buffers.py
# Title: sb3_jax/common/buffers.py -- trajectory replay buffer of sb3-jax (Stable Baselines 3 in JAX & Haiku)
# Cut: kept add_traj and the trajectory-segment sampler (sample, _get_samples) of the trajectory
#      buffer; the class is reduced to the attributes they read; the other buffers dropped.
from typing import NamedTuple

import numpy as np
import jax.numpy as jnp


class TrajectoryBufferSamples(NamedTuple):
    observations: jnp.ndarray
    actions: jnp.ndarray
    next_observations: jnp.ndarray
    rewards: jnp.ndarray
    dones: jnp.ndarray
    returns_to_go: jnp.ndarray
    timesteps: jnp.ndarray
    masks: jnp.ndarray


class TrajectoryBuffer:
    def __init__(self, trajectories, obs_dim, act_dim, max_length, max_ep_length, scale,
                 obs_mean, obs_std, sorted_inds, p_sample):
        self.trajectories = trajectories
        self.num_trajectories = len(trajectories)
        self.obs_dim, self.act_dim = obs_dim, act_dim
        self.max_length, self.max_ep_length, self.scale = max_length, max_ep_length, scale
        self.obs_mean, self.obs_std = obs_mean, obs_std
        self.sorted_inds, self.p_sample = sorted_inds, p_sample

    @staticmethod
    def to_jnp(x):
        return jnp.asarray(x)

    def discount_cumsum(self, x: np.ndarray, gamma: float):
        discount_cumsum = np.zeros_like(x)
        discount_cumsum[-1] = x[-1]
        for t in reversed(range(x.shape[0]-1)):
            discount_cumsum[t] = x[t] + gamma * discount_cumsum[t+1]
        return discount_cumsum

    def add_traj(
        self,
        traj,
    ):
        for t in range(traj['observations'].shape[0]):
            self.add(
                traj['observations'][t],
                traj['next_observations'][t],
                traj['actions'][t],
                traj['rewards'][t],
                traj['terminals'][t],
            )

        
        # used to reweight sampling so we sample according to timesteps instead of trajectories
        self.prompt_sorted_inds = sorted_inds
        self.prompt_num_trajectories = 1 # num_trajectories

    def sample(self, batch_size: int, max_length: int = None, env: Optional[VecNormalize] = None) -> TrajectoryBufferSamples:
        batch_inds = np.random.choice(
            np.arange(self.num_trajectories),
            size=batch_size,
            replace=True,
            p=self.p_sample
        )
        return self._get_samples(batch_inds, max_length, env=env)
    
    def _get_samples(self, batch_inds: np.ndarray, max_length: int = None, env: Optional[VecNormalize] = None) -> TrajectoryBufferSamples:
        observations, actions, next_observations, rewards, dones, returns_to_go, timesteps, masks = [], [], [], [], [], [], [], []
        if max_length is None: max_length = self.max_length
    
        for i in range(len(batch_inds)):
            traj = self.trajectories[int(self.sorted_inds[batch_inds[i]])]
            si = np.random.randint(0, traj['rewards'].shape[0] - 1)
            
            # get sequences from dataset
            observations.append(traj['observations'][si:si + max_length].reshape(1, -1, self.obs_dim))
            actions.append(traj['actions'][si:si + max_length].reshape(1, -1, self.act_dim))
            next_observations.append(traj['observations'][si + 1: si + max_length + 1].reshape(1, -1, self.obs_dim))
            rewards.append(traj['rewards'][si:si + max_length].reshape(1, -1, 1))
            if 'terminals' in traj: dones.append(traj['terminals'][si:si + max_length].reshape(1, -1))
            else: dones.append(traj['dones'][si:si + max_length].reshape(1, -1))
            timesteps.append(np.arange(si, si + observations[-1].shape[1]).reshape(1, -1))
            timesteps[-1][timesteps[-1] >= self.max_ep_length] = self.max_ep_length - 1 # padding cutoff
            returns_to_go.append(self.discount_cumsum(traj['rewards'][si:], gamma=1.)[:observations[-1].shape[1] + 1].reshape(1, -1, 1))
            if returns_to_go[-1].shape[1] <= observations[-1].shape[1]:
                returns_to_go[-1] = np.concatenate([returns_to_go[-1], np.zeros((1, 1, 1))], axis=1)
            
            # padding and state + reward normalization
            tlen, ntlen = observations[-1].shape[1], next_observations[-1].shape[1]
            observations[-1] = np.concatenate([np.zeros((1, max_length - tlen, self.obs_dim)), observations[-1]], axis=1)
            observations[-1] = (observations[-1] - self.obs_mean) / self.obs_std
            actions[-1] = np.concatenate([np.ones((1, max_length - tlen, self.act_dim)) * -10, actions[-1]], axis=1)
            next_observations[-1] = np.concatenate([np.zeros((1, max_length - ntlen, self.obs_dim)), next_observations[-1]], axis=1)
            next_observations[-1] = (next_observations[-1] - self.obs_mean) / self.obs_std
            rewards[-1] = np.concatenate([np.zeros((1, max_length - tlen, 1)), rewards[-1]], axis=1)
            dones[-1] = np.concatenate([np.ones((1, max_length - tlen)) * 2, dones[-1]], axis=1)
            returns_to_go[-1] = np.concatenate([np.zeros((1, max_length - tlen, 1)), returns_to_go[-1]], axis=1) / self.scale
            timesteps[-1] = np.concatenate([np.zeros((1, max_length - tlen)), timesteps[-1]], axis=1)
            masks.append(np.concatenate([np.zeros((1, max_length - tlen)), np.ones((1, tlen))], axis=1))

        data = (
            np.concatenate(observations, axis=0).astype(np.float32),
            np.concatenate(actions, axis=0).astype(np.float32),
            np.concatenate(next_observations, axis=0).astype(np.float32),
            np.concatenate(rewards, axis=0).astype(np.float32),
            np.concatenate(dones, axis=0).astype(np.int32),
            np.concatenate(returns_to_go, axis=0)[:,:-1].astype(np.float32),
            np.concatenate(timesteps, axis=0).astype(np.int32),
            np.concatenate(masks, axis=0).astype(np.float32),
        )
        return TrajectoryBufferSamples(*tuple(map(self.to_jnp, data)))
