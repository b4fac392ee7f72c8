# Source: https://github.com/jax-ml/jax/issues/26568
# Title: jax-ml/jax#26568 "Vmap slower than jax.lax.map"
# Cut: kept the author's repro; the %timeit lines are dropped.
import jax
import jax.numpy as jnp
import flax.linen as nn

class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x=nn.Conv(64, 3)(x)
        x = nn.relu(x)
        x = nn.Dense(10)(x)
        return x

model = CNN()
shape=(32, 32,3)
x = jnp.empty((1, *shape))
vs = jax.vmap(lambda rng: model.init(rng, x))(jax.random.split(jax.random.PRNGKey(42), 10))
inputs = jax.random.uniform(jax.random.PRNGKey(42), (10, 256, *shape))

@jax.jit
def scan_apply(x, v):
    def apply(args):
        xa, va = args
        return model.apply(va, xa)
    return jax.lax.map(apply, (x, v))

@jax.jit
def vmap_apply(x, v):
    return jax.vmap(model.apply)(v, x)

scan_apply(inputs, vs)
vmap_apply(inputs, vs)
