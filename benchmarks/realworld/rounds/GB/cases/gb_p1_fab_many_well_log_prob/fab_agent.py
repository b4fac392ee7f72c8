# Source: https://github.com/lollcat/fab-jax-old/blob/683cc4753535cc55f8aea9bdc0c0469e693ea5fb/fabjax/agent/fab_agent.py
# Title: fabjax/agent/fab_agent.py -- FAB agent (JAX port of lollcat/fab-torch)
# Cut: AgentFAB reduced to the loss, update and the jitted step without replay; AIS forward
#      pass reduced to a call; target construction from examples_fabjax/many_well.py (_run).
from functools import partial

import jax
import jax.numpy as jnp
import optax

from many_well import ManyWellEnergy


class AgentFAB:
    """Flow Annealed Importance Sampling Bootstrap Agent"""
    def __init__(self, learnt_distribution, target_log_prob, annealed_importance_sampler,
                 optimizer=optax.adam(1e-4)):
        self.learnt_distribution = learnt_distribution
        self.target_log_prob = target_log_prob
        self.annealed_importance_sampler = annealed_importance_sampler
        self.optimizer = optimizer

    def alpha_2_loss(self, x_samples, log_w_ais, learnt_distribution_params):
        """Minimise upper bound of $\alpha$-divergence with $\alpha=2$."""
        valid_samples = jnp.isfinite(log_w_ais) & jnp.all(jnp.isfinite(x_samples), axis=-1)
        x_samples = jnp.where(valid_samples[:, None].repeat(x_samples.shape[-1], axis=-1),
                              x_samples, jnp.zeros_like(x_samples))
        log_q_x = self.learnt_distribution.log_prob.apply(learnt_distribution_params, x_samples)
        log_p_x = self.target_log_prob(x_samples)
        log_w = log_p_x - log_q_x
        inner_term = log_w_ais + log_w
        inner_term = jnp.where(valid_samples, inner_term, -jnp.ones_like(inner_term) * float("inf"))
        alpha_2_loss = jax.nn.logsumexp(inner_term, axis=0)
        return alpha_2_loss, (log_w, log_q_x, log_p_x)

    def update(self, x_ais, log_w_ais, learnt_distribution_params, opt_state, rng_key):
        (alpha_2_loss, (log_w, log_q_x, log_p_x)), grads = jax.value_and_grad(
            self.alpha_2_loss, argnums=2, has_aux=True)(
            x_ais, log_w_ais, learnt_distribution_params
        )
        updates, opt_state = self.optimizer.update(grads, opt_state,
                                                   params=learnt_distribution_params)
        learnt_distribution_params = optax.apply_updates(learnt_distribution_params, updates)
        return learnt_distribution_params, opt_state, alpha_2_loss

    @partial(jax.jit, static_argnums=(0, 1))
    def step(self, batch_size, state):
        key, subkey1, subkey2 = jax.random.split(state.key, 3)
        x_base, log_q_x_base = self.learnt_distribution.sample_and_log_prob.apply(
            state.learnt_distribution_params, rng=subkey1, sample_shape=(batch_size,))
        x_ais, log_w_ais = self.annealed_importance_sampler.run(
            x_base, log_q_x_base, subkey2, target_log_prob=self.target_log_prob)
        params, opt_state, loss = self.update(x_ais, log_w_ais, state.learnt_distribution_params,
                                              state.optimizer_state, subkey2)
        return params, opt_state, loss


def make_agent(flow, ais, dim=32):
    target = ManyWellEnergy(dim=dim)
    return AgentFAB(learnt_distribution=flow, target_log_prob=target.log_prob,
                    annealed_importance_sampler=ais)
