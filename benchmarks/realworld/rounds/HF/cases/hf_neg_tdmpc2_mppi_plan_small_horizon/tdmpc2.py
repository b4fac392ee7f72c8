# Source: https://github.com/ShaneFlandermeyer/tdmpc2-jax/blob/13b95c3c9dcdcd8dab64c3c99980a4d9c08ae140/tdmpc2_jax/tdmpc2.py
# Title: tdmpc2_jax/tdmpc2.py (TDMPC2.plan and estimate_value), ShaneFlandermeyer/tdmpc2-jax
# Cut: plan() kept with the policy-prior rollout and the MPPI iterations; final action selection and the
# continue-model branch of estimate_value shortened; class fields declared as plain attributes.
# tdmpc2_jax/config.yaml: horizon: 3, mppi_iterations: 6, population_size: 512.
from functools import partial

import jax
import jax.numpy as jnp


class TDMPC2:
  horizon: int = 3
  mppi_iterations: int = 6
  population_size: int = 512
  policy_prior_samples: int = 24
  num_elites: int = 64
  min_plan_std: float = 0.05
  max_plan_std: float = 2.0
  temperature: float = 1.0
  discount: float = 0.99

  @partial(jax.jit, static_argnames=('train'))
  def plan(self, z, prev_plan, train: bool, *, key):
    batch_shape = z.shape[:-1]
    actions = jnp.zeros(
        (*batch_shape, self.population_size, self.horizon, self.model.action_dim))

    # Policy prior samples
    if self.policy_prior_samples > 0:
      key, *prior_noise_keys = jax.random.split(key, 1+self.horizon)
      policy_actions = jnp.zeros(
          (*batch_shape, self.policy_prior_samples, self.horizon, self.model.action_dim))
      z_t = z[..., None, :].repeat(self.policy_prior_samples, axis=-2)
      for t in range(self.horizon):
        policy_actions = policy_actions.at[..., t, :].set(
            self.model.sample_actions(
                z_t, self.model.policy_model.params, key=prior_noise_keys[t]
            )[0]
        )
        if t < self.horizon-1:  # Don't need for the last time step
          z_t = self.model.next(
              z_t,
              policy_actions[..., t, :],
              self.model.dynamics_model.params
          )

      actions = actions.at[..., :self.policy_prior_samples, :, :].set(policy_actions)

    # MPPI planning
    z_t = z[..., None, :].repeat(self.population_size, axis=-2)
    key, mppi_noise_key, *value_keys = jax.random.split(key, 2+self.mppi_iterations)
    noise = jax.random.normal(
        mppi_noise_key,
        shape=(*batch_shape, self.population_size - self.policy_prior_samples,
               self.mppi_iterations, self.horizon, self.model.action_dim))
    mean = jnp.zeros((*batch_shape, self.horizon, self.model.action_dim))
    std = jnp.full((*batch_shape, self.horizon, self.model.action_dim), self.max_plan_std)
    if prev_plan is not None:
      mean = mean.at[..., :-1, :].set(prev_plan[0][..., 1:, :])

    for i in range(self.mppi_iterations):
      actions = actions.at[..., self.policy_prior_samples:, :, :].set(
          mean[..., None, :, :] + std[..., None, :, :] * noise[..., i, :, :]
      ).clip(-1, 1)

      # Compute elites
      values = self.estimate_value(z_t, actions, key=value_keys[i])
      elite_values, elite_inds = jax.lax.top_k(values, self.num_elites)
      elite_actions = jnp.take_along_axis(actions, elite_inds[..., None, None], axis=-3)

      # Update population distribution
      score = jax.nn.softmax(self.temperature * elite_values)
      mean = jnp.sum(score[..., None, None] * elite_actions, axis=-3)
      std = jnp.sqrt(
          jnp.sum(score[..., None, None] * (elite_actions - mean[..., None, :, :])**2, axis=-3)
      ).clip(self.min_plan_std, self.max_plan_std)

    action = mean[..., 0, :]
    return action.clip(-1, 1), (mean, std)

  @jax.jit
  def estimate_value(self, z, actions, key):
    G, discount = 0.0, 1.0
    for t in range(self.horizon):
      reward, _ = self.model.reward(z, actions[..., t, :], self.model.reward_model.params)
      z = self.model.next(z, actions[..., t, :], self.model.dynamics_model.params)
      G += discount * reward
      discount *= self.discount

    action_key, Q_key = jax.random.split(key, 2)
    next_action = self.model.sample_actions(z, self.model.policy_model.params, key=action_key)[0]
    Qs, _ = self.model.Q(z, next_action, self.model.value_model.params, key=Q_key)
    Q = Qs.mean(axis=0)
    return G + discount * Q
