# Source: https://github.com/alvaro-serra/bmpc-jax/blob/51fa94cdd0d95f0e54b097850f68caad20e2c1fa/bmpc_jax/bmpc.py
# Title: bmpc_jax/bmpc.py (BMPC / TD-MPC2-style model-based RL agent in JAX)
# Cut: kept the agent fields, estimate_value, and the world-model loss up to the consistency and reward terms plus the jax.grad call; MPPI planner, value/continue losses, optimizer updates and td_target cut. The horizon comes from bmpc_jax/config.yaml (tdmpc2: horizon: 3, mppi_iterations: 6), quoted below as a constant.
from __future__ import annotations

from functools import partial
from typing import Any, Dict, Optional, Tuple

import flax
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import struct
from jaxtyping import PRNGKeyArray, PyTree
from tensorflow_probability.substrates.jax import distributions as tfd

from bmpc_jax.common.loss import soft_crossentropy
from bmpc_jax.common.scale import percentile_normalization
from bmpc_jax.common.util import sg
from bmpc_jax.world_model import WorldModel


# bmpc_jax/config.yaml, section tdmpc2 (quoted): horizon: 3, mppi_iterations: 6, batch_size: 256
DEFAULT_HORIZON = 3

class BMPC(struct.PyTreeNode):
  model: WorldModel
  kl_scale: jax.Array

  # Planning
  mpc: bool
  horizon: int = struct.field(pytree_node=False)
  mppi_iterations: int = struct.field(pytree_node=False)
  population_size: int = struct.field(pytree_node=False)
  policy_prior_samples: int = struct.field(pytree_node=False)
  num_elites: int = struct.field(pytree_node=False)
  min_plan_std: float
  max_plan_std: float
  temperature: float
  policy_std_scale: float
  policy_std_bias: float
  # Optimization
  batch_size: int = struct.field(pytree_node=False)
  discount: float
  rho: float
  consistency_coef: float
  reward_coef: float
  value_coef: float
  continue_coef: float
  tau: float


  @partial(jax.jit, static_argnames=('horizon'))
  def estimate_value(self,
                     z: jax.Array,
                     actions: jax.Array,
                     horizon: int,
                     key: PRNGKeyArray
                     ) -> jax.Array:
    G, discount = 0.0, 1.0
    for t in range(horizon):
      reward, _ = self.model.reward(
          z, actions[..., t, :], self.model.reward_model.params
      )
      z = self.model.next(
          z, actions[..., t, :], self.model.dynamics_model.params
      )
      G += discount * reward
      discount *= self.discount

      if self.model.predict_continues:
        continues = jax.nn.sigmoid(
            self.model.continue_model.apply_fn(
                {'params': self.model.continue_model.params}, z
            )
        ).squeeze(-1) > 0.5
        discount *= continues

    Vs, _ = self.model.V(z, self.model.value_model.params, key=key)
    V = Vs.mean(axis=0)
    return G + discount * V

  @jax.jit
  def update_world_model(self,
                         observations: PyTree,
                         actions: jax.Array,
                         rewards: jax.Array,
                         next_observations: PyTree,
                         terminated: jax.Array,
                         truncated: jax.Array,
                         *,
                         key: PRNGKeyArray
                         ) -> Tuple[BMPC, Dict[str, Any]]:

    def world_model_loss_fn(encoder_params: flax.core.FrozenDict,
                            dynamics_params: flax.core.FrozenDict,
                            value_params: flax.core.FrozenDict,
                            reward_params: flax.core.FrozenDict,
                            continue_params: flax.core.FrozenDict,
                            ) -> Tuple[jax.Array, Dict[str, Any]]:
      encoder_key, value_key = jax.random.split(key, 2)

      ###########################################################
      # Encoder forward pass
      ###########################################################
      all_obs = jax.tree.map(
          lambda x, y: jnp.stack([x, y], axis=0),
          observations, next_observations
      )
      all_zs = self.model.encode(all_obs, encoder_params, encoder_key)
      encoder_zs = jax.tree.map(lambda x: x[0], all_zs)
      next_zs = jax.tree.map(lambda x: x[1], all_zs)

      ###########################################################
      # Latent rollout (dynamics + consistency loss)
      ###########################################################
      done = jnp.logical_or(terminated, truncated)
      finished = jnp.zeros((self.horizon, self.batch_size), dtype=bool)
      latent_zs = jnp.zeros((self.horizon, self.batch_size, all_zs.shape[-1]))
      latent_zs = latent_zs.at[0].set(encoder_zs[0])
      consistency_loss = 0
      for t in range(self.horizon):
        z = self.model.next(latent_zs[t], actions[t], dynamics_params)
        consistency_loss += self.rho**t * \
            jnp.mean((z - sg(next_zs[t]))**2, where=~finished[t][:, None])
        if t < self.horizon-1:
          latent_zs = latent_zs.at[t+1].set(z)
          finished = finished.at[t+1].set(jnp.logical_or(finished[t], done[t]))
      consistency_loss /= self.horizon

      ###########################################################
      # Reward loss
      ###########################################################
      _, reward_logits = self.model.reward(latent_zs, actions, reward_params)
      reward_loss = jnp.mean(
          self.rho**np.arange(self.horizon)[:, None] * soft_crossentropy(
              reward_logits, rewards,
              self.model.symlog_min,
              self.model.symlog_max,
              self.model.num_bins
          ), where=~finished
      )

      total_loss = self.consistency_coef * consistency_loss + self.reward_coef * reward_loss
      return total_loss, {}
    (encoder_grads, dynamics_grads, value_grads, reward_grads, continue_grads), info = jax.grad(
        world_model_loss_fn, argnums=(0, 1, 2, 3, 4), has_aux=True)(
            self.model.encoder.params,
            self.model.dynamics_model.params,
            self.model.value_model.params,
            self.model.reward_model.params,
            self.model.continue_model.params if self.model.predict_continues else None
    )

    return info
