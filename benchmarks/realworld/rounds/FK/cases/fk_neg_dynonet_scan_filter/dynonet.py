# Source: https://github.com/forgi86/jax-ident/blob/4c6e06404fc374cefc88120223b7de4a9c2189bb/jaxid/dynonet.py
# Title: jaxid/dynonet.py (System Identification with Jax: dynoNet)
# Cut: the two initializer helpers and BatchedDynoNet cut (a uniform initializer is used in their place); MLP from jaxid/common.py inlined.
import jax
import jax.numpy as jnp
from flax import linen as nn
from typing import Sequence


# simulate one step with a function (for later use with scan)
def filter_step(params, carry, u_step):

    b_coeff, a_coeff = params
    u_carry, y_carry = carry
    u_carry = jnp.r_[u_step, u_carry]
    y_new = jnp.dot(b_coeff, u_carry) - jnp.dot(a_coeff, y_carry)

    u_carry = u_carry[:-1]
    y_carry = jnp.r_[y_new,  y_carry][:-1]
    carry = (u_carry, y_carry)
    return carry, y_new


filter_step_simo = jax.vmap(filter_step, in_axes=(0, 0, 0)) # (T, I) -> (T, I), each input channel processed by a different filter
filter_step_mimo = jax.vmap(filter_step_simo, in_axes=(0, 0, None)) # (T, I) -> (T, O, I), outputs of all individual filters

def mimo_filter(params, carry, u): # u: (T, I)
    _, y_all = jax.lax.scan(lambda carry, u: filter_step_mimo(params, carry, u), carry, u) # y_all: (O, I, T)
    y = y_all.mean(axis=-1) # (T, O)
    return  y

batched_mimo_filter = jax.vmap(mimo_filter, in_axes=(None, 0, 0))


class MLP(nn.Module):
    features: Sequence[int]

    def setup(self):
        self.layers = [nn.Dense(feat) for feat in self.features]

    def __call__(self, inputs):
        x = inputs
        for i, lyr in enumerate(self.layers):
            x = lyr(x)
            if i != len(self.layers) - 1:
                x = nn.tanh(x)
        return x


class MimoLTI(nn.Module):
    in_channels: int = 1
    out_channels: int = 1
    nb: int = 3
    na: int = 2

    @nn.compact
    def __call__(self, inputs):

        b_coeff = self.param(
            "b_coeff",
            nn.initializers.uniform(1e-2),
            (self.out_channels, self.in_channels, self.nb),
        )

        a_coeff = self.param(
            "a_coeff",
            nn.initializers.uniform(1e-2),
            (self.out_channels, self.in_channels, self.na),
        )
        params = (b_coeff, a_coeff)

        # TODO: initial carry as an optional input argument
        u_carry = jnp.zeros((self.out_channels, self.in_channels, self.nb - 1))
        y_carry = jnp.zeros((self.out_channels, self.in_channels, self.na))
        carry = (u_carry, y_carry)
        y = mimo_filter(params, carry, inputs)
        return y


class DynoNet(nn.Module):
    in_channels: int = 1
    out_channels: int = 1
    nb: int = 10
    na: int = 10
    hidden_size: int = 20

    @nn.compact
    def __call__(self, u):
        y = nn.Sequential(
            [
                MimoLTI(self.in_channels, 4, self.nb, self.na),
                MLP([self.hidden_size, 3]),
                MimoLTI(3, self.out_channels, self.nb, self.na),
            ]
        )(u)
        return y + MimoLTI(self.in_channels, self.out_channels, self.nb, self.na)(u)
