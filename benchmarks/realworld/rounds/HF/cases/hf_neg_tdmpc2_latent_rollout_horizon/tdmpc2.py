# Source: https://github.com/ShaneFlandermeyer/tdmpc2-jax/blob/13b95c3c9dcdcd8dab64c3c99980a4d9c08ae140/tdmpc2_jax/tdmpc2.py
# Title: tdmpc2_jax/tdmpc2.py (TDMPC2.update, world-model loss), ShaneFlandermeyer/tdmpc2-jax
# Cut: the latent rollout / consistency loss and reward loss of world_model_loss_fn with its
# value_and_grad call; value, continue and policy losses dropped. tdmpc2_jax/config.yaml: horizon: 3.
import jax
import jax.numpy as jnp
import numpy as np

from tdmpc2_jax.common.loss import soft_crossentropy

sg = jax.lax.stop_gradient


class TDMPC2:
  horizon: int = 3
  batch_size: int = 256
  rho: float = 0.5

  @jax.jit
  def update(self, observations, actions, rewards, next_observations, terminated, truncated, *, key):
    world_model_key, policy_key = jax.random.split(key, 2)

    def world_model_loss_fn(encoder_params, dynamics_params, reward_params):
      encoder_key, value_key = jax.random.split(world_model_key, 2)
      first_encoder_key, next_encoder_key = jax.random.split(encoder_key, 2)
      first_z = self.model.encode(
          jax.tree.map(lambda x: x[0], observations), encoder_params, key=first_encoder_key)
      next_z = sg(self.model.encode(next_observations, encoder_params, key=next_encoder_key))

      # Latent rollout (dynamics + consistency loss)
      done = jnp.logical_or(terminated, truncated)
      finished = jnp.zeros((self.horizon+1, self.batch_size), dtype=bool)
      consistency_loss = 0
      zs = jnp.zeros((self.horizon+1, self.batch_size, next_z.shape[-1]))
      zs = zs.at[0].set(first_z)
      for t in range(self.horizon):
        z = self.model.next(zs[t], actions[t], dynamics_params)
        zs = zs.at[t+1].set(z)
        consistency_loss += self.rho**t * \
            jnp.mean((z - next_z[t])**2, where=~finished[t][:, None])
        finished = finished.at[t+1].set(jnp.logical_or(finished[t], done[t]))

      # Reward loss
      _, reward_logits = self.model.reward(zs[:-1], actions, reward_params)
      reward_loss = jnp.sum(
          self.rho**np.arange(self.horizon) * soft_crossentropy(
              reward_logits, rewards,
              self.model.symlog_min,
              self.model.symlog_max,
              self.model.num_bins
          ).mean(axis=-1, where=~finished[:-1])
      )
      return consistency_loss + reward_loss

    grads = jax.grad(world_model_loss_fn, argnums=(0, 1, 2))(
        self.model.encoder.params, self.model.dynamics_model.params, self.model.reward_model.params)
    return grads
