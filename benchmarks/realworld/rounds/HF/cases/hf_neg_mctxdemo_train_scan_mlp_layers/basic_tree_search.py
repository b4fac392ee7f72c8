# Source: https://github.com/kenjyoung/mctx_learning_demo/blob/a14a2b2279a2baec3f73c903d2dbcdac53318b45/basic_tree_search.py
# Title: basic_tree_search.py (a simple tree search using the mctx codebase), kenjyoung/mctx_learning_demo
# Cut: the haiku value/policy MLPs (a loop over hidden layers), the actor-critic loss against tree-search
# targets and its vmapped grad; config parsing, mctx call and the scan driver dropped.
import haiku as hk
import jax as jx
from jax import vmap, grad
from jax import numpy as jnp

activation_dict = {"relu": jx.nn.relu, "silu": jx.nn.silu, "elu": jx.nn.elu}


class V_function(hk.Module):
    def __init__(self, config, name=None):
        super().__init__(name=name)
        self.num_hidden_units = config.num_hidden_units
        self.num_hidden_layers = config.num_hidden_layers
        self.activation_function = activation_dict[config.activation]

    def __call__(self, obs):
        x = jnp.ravel(obs)
        for i in range(self.num_hidden_layers):
            x = self.activation_function(hk.Linear(self.num_hidden_units)(x))
        V = hk.Linear(1)(x)[0]
        return V


class pi_function(hk.Module):
    def __init__(self, config, num_actions, name=None):
        super().__init__(name=name)
        self.num_hidden_units = config.num_hidden_units
        self.num_hidden_layers = config.num_hidden_layers
        self.activation_function = activation_dict[config.activation]
        self.num_actions = num_actions

    def __call__(self, obs):
        x = jnp.ravel(obs)
        for i in range(self.num_hidden_layers):
            x = self.activation_function(hk.Linear(self.num_hidden_units)(x))
        pi_logit = hk.Linear(self.num_actions)(x)
        return pi_logit


# this assumes the agent has access to the exact environment dynamics
def get_AC_loss(pi_func, V_func):
    def AC_loss(pi_params, V_params, pi_target, V_target, obs):
        pi_logits = pi_func(pi_params, obs.astype(float))
        V = V_func(V_params, obs.astype(float))

        pi_loss = jnp.sum(pi_target*(jnp.log(pi_target)-jx.nn.log_softmax(pi_logits)))
        V_loss = (V_target-V)**2

        return jnp.sum(pi_loss+V_loss)
    return AC_loss


def get_loss_grad(pi_func, V_func):
    batch_loss = lambda *x: jnp.mean(vmap(get_AC_loss(pi_func, V_func), in_axes=(None,None,0,0,0))(*x))
    loss_grad = grad(batch_loss, argnums=(0,1))
    return loss_grad
