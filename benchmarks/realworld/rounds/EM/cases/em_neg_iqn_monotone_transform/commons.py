# Source: https://github.com/GwangPyo/risk_sensitive_rl_jax/blob/c2c8213873adcc9df1eeb27279b541de80d98119/risk_sensitive_rl/common_model/commons.py
# Title: risk_sensitive_rl/common_model/commons.py (haiku modules for IQN-style distributional critics)
# Cut: kept leaky_softplus, MLP, MonotoneTransformLayer and PowerIQNHead; cosine/monotone/fourier heads cut (MonotoneMLP stubbed)
import haiku as hk
import jax.numpy as jnp
import jax.nn as nn
import jax
import numpy as np
from typing import Sequence


@jax.jit
def leaky_softplus(x, p):
    return p * x + (1 - p) * nn.softplus(x)


class MLP(hk.Module):
    def __init__(
        self,
        output_dim: int,
        net_arch: Sequence[int],
        activation_fn=nn.relu,
        squashed_output: bool = False,
        d2rl=False,
        layer_norm=True,
        with_bias=True,
    ):
        super(MLP, self).__init__()
        self.output_dim = output_dim
        self.net_arch = net_arch
        self.hidden_activation = activation_fn
        self.squashed_output = squashed_output
        self.d2rl = d2rl
        self.hidden_kwargs = {"with_bias": with_bias}
        self.output_kwargs = {"with_bias": with_bias}
        self.layer_norm = layer_norm

    def __call__(self, x):
        x_input = x
        for i, unit in enumerate(self.net_arch):
            x = hk.Linear(unit, **self.hidden_kwargs)(x)
            if self.layer_norm:
                x = hk.LayerNorm(axis=-1, create_scale=True, create_offset=True)(x)
            x = self.hidden_activation(x)
            if self.d2rl and i + 1 != len(self.net_arch):
                x = jnp.concatenate([x, x_input], axis=-1)
        x = hk.Linear(self.output_dim, **self.output_kwargs)(x)
        if self.squashed_output:
            x = nn.tanh(x)
        return x


class MonotoneMLP(hk.Module):
    ...  # positive-weight MLP (cut)
class MonotoneTransformLayer(hk.Module):
    def __init__(self,
                 n_transform=4,
                 net_arch: Sequence[int] = (64, 64)):

        super().__init__()
        self.n_transform = n_transform
        self.net_arch = net_arch

    def __call__(self, features, taus):

        # taus = taus.clip(1e-6, 1 - 1e-6)

        transform_params = MLP(self.n_transform * 5, net_arch=self.net_arch)(features)
        log_scale, bias, log_alpha, log_sbar, b_bar = jnp.split(transform_params, 5, axis=-1)

        # sample n_transform parameters by neural net
        scale = nn.softplus(log_scale)
        alpha = nn.softplus(log_alpha)
        sbar = nn.softplus(log_sbar)

        for i in range(self.n_transform):
            s = scale[..., [i]]
            b = bias[..., [i]]
            a = alpha[..., [i]]
            sprime = sbar[..., [i]]
            bprime = b_bar[..., [i]]
            taus_before = taus
            taus = s * taus + b
            taus = leaky_softplus(taus, a) + (sprime * taus_before + bprime)
        return taus


class PowerIQNHead(hk.Module):
    def __init__(self,
                 z_dim: int = 256,
                 net_arch: Sequence[int] = (256, 256),
                 n_pow: int = 64
                 ):
        super().__init__()

        net_arch = list(net_arch)

        # self.power_embedding = PowerEmbeddingNet(features_dim=z_dim, n_pow=n_pow)

        self.outputs = MonotoneTransformLayer(
            n_transform=4,
            net_arch=net_arch,
        )

        self.monotone = MonotoneMLP(output_dim=1, net_arch=net_arch)
        self.scale_bias = MLP(output_dim=2, net_arch=net_arch)

    def __call__(self, feature, taus):
        relu_feature = jax.nn.relu(feature)
        return self.outputs(feature, taus)

