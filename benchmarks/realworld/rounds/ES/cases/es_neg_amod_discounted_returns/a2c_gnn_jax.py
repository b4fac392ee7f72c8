# Source: https://github.com/ggiachin/amod-rl-gnn-jax/blob/85ec33d41d611389cd15e33b9f77169f4533a1b9/src/algos/a2c_gnn_jax.py
# Title: src/algos/a2c_gnn_jax.py (A2C.training_step)
# Cut: only the loss helpers and training_step of A2C kept; constructor, forward, checkpointing removed.
import jax
import jax.numpy as jnp
import numpy as np
from collections import namedtuple

args = namedtuple('args', ('render', 'gamma', 'log_interval'))
args.gamma = 0.97


class A2C:
    def smooth_l1_loss_jax(self, model, params, x, y, beta=1.0):
        diff = jnp.abs(x - y)
        smooth_l1 = jnp.where(diff < beta, (0.5 * diff**2)/beta, (diff - 0.5 * beta))
        return jnp.sum(smooth_l1.mean())

    def policy_loss(self, model, params, log_probs, values, returns):
        advantage = returns - values
        return jnp.sum(-log_probs * advantage)

    def training_step(self, step):
        R = 0
        saved_actions = self.saved_actions
        returns = [] # list to save the true values

        # calculate the true value using rewards returned from the environment
        for r in self.rewards[::-1]:
            # calculate the discounted value
            R = r + args.gamma * R
            returns.insert(0, R)

        returns = jnp.array(returns)
        returns = (returns - returns.mean()) / (returns.std() + self.eps)

        saved_actions_arr = np.array(saved_actions, dtype=[('log_prob', float), ('value', float)])
        log_probs = saved_actions_arr['log_prob']
        values = saved_actions_arr['value']

        # Gradient and loss
        # loss_a, grad_a = eqx.filter_value_and_grad(self.policy_loss)(self.actor, log_probs,values, returns)
        # a_update, self.opt_states['a_state'] = self.optimizer.update(grad_a, self.opt_states['a_state'])
        # self.actor = eqx.apply_updates(self.actor, a_update)

        # loss_c, grad_c = eqx.filter_value_and_grad(self.smooth_l1_loss_jax)(self.critic, values,returns)
        # c_update, self.opt_states['c_state'] = self.optimizer.update(grad_c, self.opt_states['c_state'])
        # self.critic = eqx.apply_updates(self.critic, c_update)

        loss_a, grad_a = jax.value_and_grad(self.policy_loss, argnums=1)(self.state_a, self.state_a.params, log_probs, values, returns)
        self.state_a = self.state_a.apply_gradients(grads=grad_a)
        self.loss_actor.append(loss_a)


        loss_c, grad_c = jax.value_and_grad(self.smooth_l1_loss_jax, argnums=1)(self.state_c, self.state_c.params, values, returns)
        self.state_c = self.state_c.apply_gradients(grads=grad_c)
        self.loss_critic.append(loss_c)
        
        # reset rewards and action buffer
        del self.rewards[:]
        del self.saved_actions[:]
    

