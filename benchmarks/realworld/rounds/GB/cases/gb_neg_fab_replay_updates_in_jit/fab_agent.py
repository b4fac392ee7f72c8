# Source: https://github.com/lollcat/fab-jax-old/blob/683cc4753535cc55f8aea9bdc0c0469e693ea5fb/fabjax/agent/fab_agent.py
# Title: fabjax/agent/fab_agent.py -- FAB agent (JAX port of lollcat/fab-torch)
# Cut: kept update, step_with_replay and the jitted step; the loss is reduced to a stub call,
#      the AIS forward pass to self.forward; ReplayBuffer.sample_n_batches from
#      fabjax/utils/replay_buffer.py. Default n_buffer_updates_per_forward = 4
#      (config many_well.yaml: n_batches_buffer_sampling: 4).
from functools import partial

import jax
import jax.numpy as jnp
import optax


class ReplayBuffer:
    def sample_n_batches(self, buffer_state, key, batch_size, n_batches):
        """Returns a list of batches."""
        x, log_w = self.sample(buffer_state, key, batch_size*n_batches)
        x_batches = jnp.split(x, n_batches)
        log_w_batches = jnp.split(log_w, n_batches)
        dataset = [(x, log_w) for x, log_w in zip(x_batches, log_w_batches)]
        return dataset


class AgentFAB:
    def __init__(self, learnt_distribution, target_log_prob, loss,
                 replay_buffer=None, n_buffer_updates_per_forward: int = 4,
                 optimizer=optax.adam(1e-4)):
        self.learnt_distribution = learnt_distribution
        self.target_log_prob = target_log_prob
        self.loss = loss
        self.replay_buffer = replay_buffer
        self.n_buffer_updates_per_forward = n_buffer_updates_per_forward
        self.optimizer = optimizer

    def update(self, x_ais, log_w_ais, learnt_distribution_params, opt_state, rng_key):
        (alpha_2_loss, (log_w, log_q_x, log_p_x)), grads = jax.value_and_grad(
            self.loss, argnums=2, has_aux=True)(
            x_ais, log_w_ais, learnt_distribution_params, rng_key
        )
        updates, opt_state = self.optimizer.update(grads, opt_state,
                                                   params=learnt_distribution_params)
        learnt_distribution_params = optax.apply_updates(learnt_distribution_params, updates)
        info = dict(loss=alpha_2_loss, grad_norm=optax.global_norm(grads))
        return learnt_distribution_params, opt_state, info

    def step_with_replay(self, batch_size, state):
        """Perform 1 step of gradient descent with a recent AIS forward pass, and then multiple
        steps sampling from the replay buffer."""
        key, subkey1, subkey2, buffer_key = jax.random.split(state.key, 4)
        x_base, log_q_x_base, x_ais, log_w_ais, transition_operator_state, \
        ais_info = self.forward(batch_size, state, subkey1)
        learnt_distribution_params, optimizer_state, info = \
            self.update(x_ais, log_w_ais, state.learnt_distribution_params,
                        state.optimizer_state, subkey2)
        # now do replay sampling
        buffer_key, subkey = jax.random.split(buffer_key)
        # TODO: replace with jax.lax.scan
        for x_buff, log_w_buff in self.replay_buffer.sample_n_batches(
                buffer_state=state.buffer_state,
                n_batches=self.n_buffer_updates_per_forward,
                key=subkey,
                batch_size=batch_size):
            buffer_key, subkey = jax.random.split(buffer_key)
            # currently not saving buffer info
            learnt_distribution_params, optimizer_state, buff_info = \
                self.update(x_buff, log_w_buff, learnt_distribution_params,
                            optimizer_state, subkey)
        buffer_state = self.replay_buffer.add(x_ais, log_w_ais, state.buffer_state)
        return (key, learnt_distribution_params, optimizer_state, transition_operator_state,
                buffer_state), info

    @partial(jax.jit, static_argnums=(0, 1))
    def step(self, batch_size, state):
        return self.step_with_replay(batch_size, state)
