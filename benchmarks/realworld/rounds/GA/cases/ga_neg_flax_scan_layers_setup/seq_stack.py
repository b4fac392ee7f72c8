# Source: https://github.com/google/flax/issues/1771
# Title: Scan with split parameters
# Cut: the two setup variants from the issue description (a Python list of n_layers=6 SeqInternal blocks, and the nn.scan stack the author wants instead); the SeqInternal block body, the __call__ methods and the jitted loss are reconstructed stand-ins (a residual MLP block over a sequence).
import jax
import jax.numpy as jnp
import flax.linen as nn


class SeqInternal(nn.Module):
    d_model: int = 64

    @nn.compact
    def __call__(self, x, _):
        h = nn.LayerNorm()(x)
        h = nn.Dense(self.d_model)(h)
        return x + nn.gelu(h), None


class StackedList(nn.Module):
    n_layers: int = 6

    def setup(self):
        self.layers = [SeqInternal() for _ in range(self.n_layers)]

    def __call__(self, x):
        for layer in self.layers:
            x, _ = layer(x, None)
        return x


class StackedScan(nn.Module):
    n_layers: int = 6

    def setup(self):
        SeqInternalStack = nn.scan(SeqInternal,
                                   split_rngs={"params": True, "dropout": True},
                                   in_axes=0,
                                   out_axes=0,
                                   variable_axes={"params": 0},
                                   length=self.n_layers)
        self.layers = SeqInternalStack()

    def __call__(self, x):
        x, _ = self.layers(x, None)
        return x


model = StackedList()


@jax.jit
def loss(params, x, y):
    return jnp.mean((model.apply(params, x) - y) ** 2)


grad_loss = jax.jit(jax.grad(loss))
