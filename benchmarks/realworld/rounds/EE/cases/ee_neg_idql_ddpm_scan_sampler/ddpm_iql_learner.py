# Source: https://github.com/philippe-eecs/IDQL/blob/7582571ce686c77b4ee0f592dd639ab8151295fa/jaxrl5/agents/ddpm_iql/ddpm_iql_learner.py
# Title: jaxrl5/agents/ddpm_iql/ddpm_iql_learner.py (IDQL)
# Cut: kept compute_q and eval_actions, which calls the jitted ddpm_sampler; the learner's
#      create/update methods cut (the method is shown as a plain function of the agent).
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from diffusion import ddpm_sampler


@partial(jax.jit, static_argnames=('critic_fn'))
def compute_q(critic_fn, critic_params, observations, actions):
    q_values = critic_fn({'params': critic_params}, observations, actions)
    q_values = q_values.min(axis=0)
    return q_values


def eval_actions(self, observations: jnp.ndarray):
    rng = self.rng

    assert len(observations.shape) == 1
    observations = jax.device_put(observations)
    observations = jnp.expand_dims(observations, axis = 0).repeat(self.N, axis = 0)

    score_params = self.target_score_model.params
    actions, rng = ddpm_sampler(self.score_model.apply_fn, score_params, self.T, rng, self.act_dim, observations, self.alphas, self.alpha_hats, self.betas, self.ddpm_temperature, self.M, self.clip_sampler)
    rng, key = jax.random.split(rng, 2)
    qs = compute_q(self.target_critic.apply_fn, self.target_critic.params, observations, actions)
    idx = jnp.argmax(qs)
    action = actions[idx]
    new_rng = rng

    return np.array(action.squeeze()), self.replace(rng=new_rng)
