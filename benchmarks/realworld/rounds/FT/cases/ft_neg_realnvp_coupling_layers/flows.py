# Source: https://github.com/liusf15/iterative-gaussianization/blob/f87f6ff48c604e7bdcd933c28598f06f40e6f3a9/src/projection_vi/flows.py
# Title: src/projection_vi/flows.py
# Cut: kept ConditionerMLP and RealNVP (layer loop in __call__ plus reverse_kl); the other flow classes dropped.
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.nn import softplus
import jax.scipy as jsp
import distrax
from typing import Sequence, Callable, Tuple

inverse_softplus = lambda x: jnp.log(jnp.exp(x) - 1.)

class ConditionerMLP(nn.Module):
    hidden_dims: Sequence[int]
    output_dim: int
    activation: Callable = nn.relu
    zero_init: bool = False  

    @nn.compact
    def __call__(self, x):
        for h in self.hidden_dims:
            x = self.activation(
                nn.Dense(
                    h,
                    kernel_init=nn.initializers.zeros_init() if self.zero_init else nn.initializers.variance_scaling(scale=0.1, mode="fan_in", distribution="normal")
                )(x)
            )
        x = nn.Dense(
            self.output_dim,
            kernel_init=nn.initializers.zeros_init() if self.zero_init else nn.initializers.variance_scaling(scale=0.01, mode="fan_in", distribution="truncated_normal"),
            bias_init=nn.initializers.zeros_init()
        )(x)
        return x

class RealNVP(nn.Module):
    dim: int
    n_layers: int
    hidden_dims: Sequence[int]

    def setup(self):
        self.masks = [
            jnp.array([((i + j) % 2) == 0 for j in range(self.dim)], dtype=bool)
            for i in range(self.n_layers)
        ]

        self.conditioners = [
            ConditionerMLP(
                hidden_dims=self.hidden_dims, 
                output_dim=self.dim * 2,
                name=f"conditioner_mlp_{i}"
            )
            for i in range(self.n_layers)
        ]

    @nn.compact
    def __call__(self, x, inverse=False):
        logdet = 0.
        for i in range(self.n_layers):
            mask = self.masks[i]
            conditioner_mlp = self.conditioners[i]
            
            def bijector_fn(params) -> distrax.Bijector:
                scale_logit, shift = jnp.split(params, 2, axis=-1)
                scale = jax.nn.softplus(scale_logit + inverse_softplus(1.))
                return distrax.ScalarAffine(shift=shift, scale=scale)
            
            def conditioner_fn(x_masked):
                return conditioner_mlp(x_masked)  
            
            bij = distrax.MaskedCoupling(
                mask=mask,
                conditioner=conditioner_fn,
                bijector=bijector_fn,
            )
            if not inverse:
                x, ld = bij.forward_and_log_det(x)
            else:
                x, ld = bij.inverse_and_log_det(x)

            logdet += ld

        return x, logdet

    def forward(self, x):
        return self(x, inverse=False)
    
    def inverse(self, y):
        return self(y, inverse=True)

    def reverse_kl(self, base_samples, logp_fn):
        X, log_det = self.forward(base_samples)
        logp = jax.vmap(logp_fn)(X)
        logp = jnp.where(jnp.abs(logp) < 1e10, logp, jnp.nan)
        return -jnp.nanmean(log_det + logp)

