# Source: https://github.com/Archibald-Lafraik/pipps/blob/9a480e6c1229e9de241d8f60436ce89ddf83bc3e/model_based_rl/model_learning.ipynb
# Title: model_based_rl/model_learning.ipynb (fitting the RBF model with optax)
# Cut: cells 14, 15 and 17 converted to a script; plotting cells dropped.
import numpy as np
import jax.numpy as jnp
import jax.random as jrandom
import optax
from jax import jacobian

from rbf import get_loss

WEIGHTS = jnp.array([0.5, -1.15, 0.5, 9.])
NOISE = 0.1


def sample(xs, epsilons):
    ins = jnp.stack([jnp.array([1., x, x ** 2, jnp.sin(x)]) for x in xs])
    outs = ins @ WEIGHTS + epsilons * NOISE
    return ins, outs


SEED = jrandom.PRNGKey(1)
NUM_POINTS = 20
xs = np.linspace(-10., 10., NUM_POINTS)
epsilons = jrandom.normal(SEED, shape=(NUM_POINTS,))
inputs, outputs = sample(xs, epsilons)

NUM_BASES = 50
theta = jrandom.normal(SEED, shape=(NUM_BASES, 3))

params = jnp.array([theta])
optimizer = optax.chain(
    optax.adam(learning_rate=0.1),
)
opt_state = optimizer.init(params)
for i in range(300):
    grads = jacobian(get_loss, 2)(xs, outputs, params[0])

    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)

    if i % 20 == 0:
        cur_loss = get_loss(xs, outputs, params[0])
        print(f"Step {i}, loss: {cur_loss}")
