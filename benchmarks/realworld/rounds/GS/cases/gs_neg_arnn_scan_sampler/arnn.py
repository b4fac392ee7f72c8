# Source: https://github.com/cqsl/sparse-twobody-arnn/blob/fea2952dc2f025c92076b6ab0e3e437254c6032d/nets/arnn.py
# Title: nets/arnn.py (autoregressive network for classical spins)
# Cut: kept AbstractARNN (log-prob and the site-by-site sampler) and ARNNSequential.conditionals;
#      dropped ARNNDense's constructor and reshape helpers.
from typing import Callable

import equinox as eqx
import jax
from jax import numpy as jnp
from jaxtyping import Array, PRNGKeyArray


class AbstractARNN(eqx.Module):
    def conditionals(self, x: Array, ham_params: Array, beta: float) -> Array:
        raise NotImplementedError

    def conditional(self, x: Array, idx: int, ham_params: Array, beta: float) -> Array:
        return self.conditionals(x, ham_params, beta)[:, idx]

    def get_log_p(self, x: Array, x_hat: Array, eps: float = 1e-7) -> Array:
        mask = (x + 1) / 2
        log_p = jnp.log(x_hat + eps) * mask
        log_p += jnp.log(1 - x_hat + eps) * (1 - mask)
        log_p = log_p.sum(axis=1)
        return log_p

    def __call__(self, x: Array, ham_params: Array, beta: float) -> Array:
        x_hat = self.conditionals(x, ham_params, beta)
        log_p = self.get_log_p(x, x_hat)
        return log_p

    def sample(
        self, batch_size: int, N: int, ham_params: Array, beta: float, key: PRNGKeyArray
    ) -> Array:
        keys = jax.random.split(key, N)

        def scan_fun(carry, idx):
            x, x_hat = carry
            new_x_hat = self.conditional(x, idx, ham_params, beta)
            new_x = jax.random.bernoulli(keys[idx], new_x_hat).astype(x.dtype) * 2 - 1
            x = x.at[:, idx].set(new_x)
            x_hat = x_hat.at[:, idx].set(new_x_hat)
            return (x, x_hat), None

        x = jnp.zeros((batch_size, N), dtype=ham_params.dtype)
        x_hat = jnp.zeros_like(x)
        (x, x_hat), _ = jax.lax.scan(scan_fun, (x, x_hat), jnp.arange(N))
        return x, x_hat


class ARNNSequential(AbstractARNN):
    layers: list[eqx.Module]
    activation: Callable[[Array], Array] = eqx.field(static=True)

    # beta is not used
    def conditionals(self, x: Array, ham_params: Array, beta: float) -> Array:
        m, N = x.shape

        x = self.reshape_inputs(x)
        x = jnp.expand_dims(x, axis=-1)

        for i, layer in enumerate(self.layers):
            if i > 0:
                x = self.activation(x)
            x = layer(x, ham_params)

        x = jax.nn.sigmoid(x)
        x = x.reshape((m, N))
        return x

    def reshape_inputs(self, x: Array) -> Array:
        return x
