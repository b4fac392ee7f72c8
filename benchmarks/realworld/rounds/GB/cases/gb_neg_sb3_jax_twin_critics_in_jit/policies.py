# Source: https://github.com/kwk2696/sb3-jax-haiku/blob/82144f2e39b2408034ae0d31df7470bbe7aa0422/sb3_jax/common/policies.py
# Title: sb3_jax/common/policies.py -- ContinuousCritic of sb3-jax (Stable Baselines 3 in JAX & Haiku)
# Cut: kept the critic constructor fields, _build and the jitted _critic; create_mlp from
#      sb3_jax/common/jax_layers.py reduced to an hk.nets.MLP; gym spaces and feature extractor dropped.
from functools import partial
from typing import List

import jax
import jax.numpy as jnp
import haiku as hk
from jax import nn


def create_mlp(output_dim: int, net_arch: List[int], activation_fn=nn.relu, squash_output=False):
    return hk.nets.MLP(list(net_arch) + [output_dim], activation=activation_fn)


class ContinuousCritic:
    def __init__(self, dummy_obs, dummy_act, rng, net_arch: List[int] = (256, 256),
                 activation_fn=nn.relu, n_critics: int = 2):
        self.net_arch = net_arch
        self.activation_fn = activation_fn
        self.n_critics = n_critics
        self.rng = rng
        self._build(dummy_obs, dummy_act)

    def _build_critic(self, net_arch: List[int]) -> hk.Module:
        return create_mlp(
            output_dim=1,
            net_arch=net_arch,
            activation_fn=self.activation_fn,
            squash_output=False,
        )

    def _build(self, dummy_obs, dummy_act) -> None:
        """Create critics."""
        def fn_critic():
            q_networks = []
            for idx in range(self.n_critics):
                q_networks.append(self._build_critic(self.net_arch))

            def init(qvalue_input: jnp.ndarray):
                return tuple(q_net(qvalue_input) for q_net in q_networks)
            return init, q_networks

        params, self.q_networks = hk.without_apply_rng(hk.multi_transform(fn_critic))
        self.params = params(self.rng, jnp.concatenate([dummy_obs, dummy_act], axis=1))

    def forward(self, observation: jnp.ndarray, actions: jnp.ndarray) -> jnp.ndarray:
        return self._critic(observation, actions, self.params)

    def q1_forward(self, observation: jnp.ndarray, actions: jnp.ndarray) -> jnp.ndarray:
        return self._critic(observation, actions, self.params)[0]

    @partial(jax.jit, static_argnums=0)
    def _critic(self, observation: jnp.ndarray, actions: jnp.ndarray, params: hk.Params) -> jnp.ndarray:
        qvalue_input = jnp.concatenate([observation, actions], axis=1)
        return tuple(q_net(params, qvalue_input) for q_net in self.q_networks)
