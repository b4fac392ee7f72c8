# Source: https://github.com/tarod13/rl_jax_lib/blob/7566a11b5a8faf16982b791726e412400f4ea005/src/algorithms/reinforce.py
# Title: src/algorithms/reinforce.py (REINFORCE on an nnx actor network)
# Cut: network/optimizer init cut; loss and jitted update kept
# rl_lib/algorithms/reinforce.py
import jax.numpy as jnp
from flax import nnx
import optax

from .on_policy import OnPolicyAlgorithm
from ..networks import ActorNetwork


class REINFORCE(OnPolicyAlgorithm):
    def get_log_prob(self, model, obs, action):
        mean_action, logstd_action = model(obs)
        log_probs_gaussian = -0.5 * (
            ((action - mean_action) / (jnp.exp(logstd_action) + 1e-8)) ** 2 
            + 2 * logstd_action 
            + jnp.log(2 * jnp.pi)
        )
        log_probs = log_probs_gaussian - jnp.log((1 - jnp.tanh(action) ** 2).clip(1e-8))
        log_prob = log_probs.sum(axis=-1)
        return log_prob
    
    def loss(self, model, obs, actions, returns):
        action_log_probs = self.get_log_prob(model, obs, actions).clip(-10.0, 2.0)
        policy_loss = -jnp.mean(action_log_probs * returns)
        return policy_loss
    
    @nnx.jit
    def update(self, obs, actions, returns):
        loss_fn = lambda model: self.loss(model, obs, actions, returns)
        loss, grads = nnx.value_and_grad(loss_fn)(self.network)
        self.optimizer.update(self.network, grads)
        return loss, grads
