# Source: https://github.com/google-deepmind/optax/issues/449
# Title: Meta-Learning is not out-of-the-box compatible with FLAX models which predict in batches. Any ideas?
# Cut: the thread quotes the outer loss of the Optax meta-learning notebook it re-creates
#      (`for x, y in samples[:-1]: theta, state = step(theta, state, x, y)`); the surrounding
#      step/loss/outer_step, the flax Dense model and the sample stream are reconstructed from the
#      thread's description (flax.linen Dense(features=1, use_bias=False), optax.l2_loss); the number
#      of samples per outer step is reconstructed.
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax

model = nn.Dense(features=1, use_bias=False)


def loss(theta, x, y):
    predictions = model.apply(theta, x)
    return optax.l2_loss(predictions=predictions, targets=y).mean()


def step(theta, state, x, y):
    grad = jax.grad(loss)(theta, x, y)
    updates, state = opt.update(grad, state)
    theta = optax.apply_updates(theta, updates)
    return theta, state


@jax.jit
def outer_loss(eta, theta, state, samples):
    state.hyperparams['learning_rate'] = jax.nn.sigmoid(eta)
    for x, y in samples[:-1]:
        theta, state = step(theta, state, x, y)
    x, y = samples[-1]
    return loss(theta, x, y), (theta, state)


@jax.jit
def outer_step(eta, theta, meta_state, state, samples):
    grad, (theta, state) = jax.grad(outer_loss, has_aux=True)(eta, theta, state, samples)
    meta_updates, meta_state = meta_opt.update(grad, meta_state)
    eta = optax.apply_updates(eta, meta_updates)
    return eta, theta, meta_state, state


def generator(key, batch=32):
    while True:
        key, k1, k2 = jax.random.split(key, 3)
        x = jax.random.uniform(k1, (batch, 1))
        y = 10.0 * x + jax.random.normal(k2, (batch, 1))
        yield x, y


opt = optax.inject_hyperparams(optax.rmsprop)(learning_rate=1.0)
meta_opt = optax.adam(learning_rate=0.03)

g = generator(jax.random.PRNGKey(0))
theta = model.init(jax.random.PRNGKey(1), jnp.ones((1, 1)))
eta = jnp.array(-1.0)
state = opt.init(theta)
meta_state = meta_opt.init(eta)

num_inner_samples = 100
for i in range(2000):
    samples = [next(g) for _ in range(num_inner_samples)]
    eta, theta, meta_state, state = outer_step(eta, theta, meta_state, state, samples)
