# Source: https://github.com/niklasschmitz/sdf_jax/blob/06503573893fa63d8272e793600d55c23bf1805d/experiments/models.py
# Title: experiments/models.py (sdf_jax: MLP, hash-encoding MLP, IGR and IDF models)
# Cut: HashEmbedding and kernel_init helpers cut; the geometric initialisation of the final layer simplified
#      to a constant bias; a small loss at the end shows how the models are differentiated
#      (from experiments/benchmark_pointclouds.py of the same commit).
import numpy as np
import jax
import jax.numpy as jnp
import treex as tx
from typing import Callable, List, Sequence


class MLP(tx.Module):
    def __init__(self, dims: Sequence[int], act: Callable):
        self.dims = dims
        self.act = act
    @tx.compact
    def __call__(self, x):
        assert x.ndim == 1
        for dim in self.dims:
            x = tx.Linear(dim)(x)
            x = self.act(x)
        y = tx.Linear(1)(x)
        return y[0]


def softplus(x, beta=100):
    return jnp.logaddexp(beta*x, 0) / beta

class IGRModel(tx.Module):
    hidden_layers: List[tx.Linear]
    final_layer: tx.Linear
    def __init__(self, input_dim: int, depth: int, hidden: int, act: Callable=softplus, radius_init=1.0):
        self.input_dim = input_dim
        self.depth = depth
        self.hidden = hidden
        self.act = act
        self.radius_init = radius_init

        hidden_layers = []
        for i in range(self.depth):

            # prepare skip connection one layer earlier
            if i == 2:
                h = self.hidden - self.input_dim
            else:
                h = self.hidden

            # geometric initialization
            layer = tx.Linear(
                h,
                kernel_init=jax.nn.initializers.normal(np.sqrt(2) / np.sqrt(h)),
                bias_init=jax.nn.initializers.constant(0.0),
            )
            hidden_layers += [layer]
        self.hidden_layers = hidden_layers
        self.final_layer = tx.Linear(1, bias_init=jax.nn.initializers.constant(-self.radius_init))

    def __call__(self, x):
        assert x.ndim == 1
        x = 2*x - 1.0
        y = x
        for (i, layer) in enumerate(self.hidden_layers):
            # skip connection to the fourth layer
            if i + 1 == 4:
                y = jnp.concatenate([y, x])
            y = layer(y)
            y = self.act(y)
        y = self.final_layer(y)
        y = y / 2.0
        return y[0]


def chi(fx, nu):
    return 1.0 / (1.0 + (fx / nu)**4)

class IDFModel(tx.Module):
    base: tx.Module = tx.node()
    disp: tx.Module = tx.node()

    def __init__(self, base, disp, nu: float):
        self.base = base
        self.disp = disp
        self.nu = nu

    def __call__(self, x):
        fx, gradfx = jax.value_and_grad(self.base)(x)
        x2 = x + chi(fx, self.nu) * self.disp(x) * gradfx / jnp.linalg.norm(gradfx)
        return self.base(x2)


def eikonal_loss_fn(model, x):
    return (jnp.linalg.norm(jax.grad(model)(x)) - 1.0)**2

@jax.jit
def eikonal_loss(model, xs_eik):
    return jnp.mean(jax.vmap(lambda x: eikonal_loss_fn(model, x))(xs_eik))
