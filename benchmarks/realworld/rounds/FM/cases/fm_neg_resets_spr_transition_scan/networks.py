# Source: https://github.com/evgenii-nikishin/rl_with_resets/blob/502ec52131471646cce871f9b7a94fac3cd2e651/discrete_control/networks.py
# Title: discrete_control/networks.py (SPR network used with periodic resets)
# Cut: kept imports, ConvTMCell, RainbowCNN, TransitionModel and the SPR rollout methods; dropped the other layers

import functools
import time
import collections
from dopamine.discrete_domains import atari_lib

SPROutputType = collections.namedtuple(
    'RL_network', ['q_values', 'logits', 'probabilities', "latent"])
from flax import linen as nn
import gin
import jax
from jax import random
import jax.numpy as jnp
import numpy as onp

from typing import (Any, Callable, Optional, Tuple)


class ConvTMCell(nn.Module):
    """
    MuZero-style transition model for SPR
    """
    num_actions: int
    latent_dim: int
    renormalize: bool

    def setup(self):
        self.bn = NoStatsBatchNorm(axis=-1,
                                   axis_name="batch")

    @nn.compact
    def __call__(self, x, action, eval_mode=False, key=None):
        sizes = [self.latent_dim, self.latent_dim]
        kernel_sizes = [3, 3]
        stride_sizes = [1, 1]

        action_onehot = jax.nn.one_hot(action, self.num_actions)
        action_onehot = jax.lax.broadcast(action_onehot, (x.shape[-3], x.shape[-2]))
        x = jnp.concatenate([x, action_onehot], -1)
        for layer in range(1):
            x = nn.Conv(
                features=sizes[layer],
                kernel_size=(kernel_sizes[layer], kernel_sizes[layer]),
                strides=(stride_sizes[layer], stride_sizes[layer]),
                kernel_init=nn.initializers.xavier_uniform())(x)
            x = nn.relu(x)
            # x = self.bn(x, use_running_average=False)
        x = nn.Conv(
            features=sizes[-1],
            kernel_size=(kernel_sizes[-1], kernel_sizes[-1]),
            strides=(stride_sizes[-1], stride_sizes[-1]),
            kernel_init=nn.initializers.xavier_uniform())(x)
        x = nn.relu(x)

        if self.renormalize:
            x = renormalize(x)

        return x, x


class RainbowCNN(nn.Module):
    padding: Any = "SAME"

    @nn.compact
    def __call__(self, x):
        # x = x[None, Ellipsis]
        hidden_sizes = [32, 64, 64]
        kernel_sizes = [8, 4, 3]
        stride_sizes = [4, 2, 1]
        for layer in range(3):
            x = nn.Conv(
                features=hidden_sizes[layer],
                kernel_size=(kernel_sizes[layer], kernel_sizes[layer]),
                strides=(stride_sizes[layer], stride_sizes[layer]),
                kernel_init=nn.initializers.xavier_uniform(),
                padding=self.padding)(x)
            x = nn.relu(x)  # flatten
        return x


class TransitionModel(nn.Module):
    num_actions: int
    latent_dim: int
    renormalize: bool

    @nn.compact
    def __call__(self, x, action):
        scan = nn.scan(ConvTMCell,
                       in_axes=0, out_axes=0,
                       variable_broadcast=['params'],
                       split_rngs={'params': False})(latent_dim=self.latent_dim,
                                                     num_actions=self.num_actions,
                                                     renormalize=self.renormalize)
        return scan(x, action)



class RainbowDQNNetwork(nn.Module):  # only the rollout methods kept
    def spr_predict(self, x, key, eval_mode):
        return self.predictor(self.projection(x, key=key, eval_mode=eval_mode))

    def spr_rollout(self, latent, actions, key):
        _, pred_latents = self.transition_model(latent, actions)
        predictions = self.spr_predict(pred_latents.reshape(pred_latents.shape[0], -1), key, True)
        return predictions

