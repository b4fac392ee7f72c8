# Source: https://github.com/AnandShegde/bnn-zoo/blob/ba9a88612034433781206f9103dad8e4a4ba120c/notebooks/regression/mauna_lua_Co2_MC_Dropout.ipynb
# Title: notebooks/regression/mauna_lua_Co2_MC_Dropout.ipynb (MC-dropout regression on Mauna Loa CO2, TFP-on-JAX notebook)
# Cut: notebook code cells converted to a module; data download, scaling and plotting cells removed
#      (x, y and x_test are passed in); the KeyboardInterrupt guard and verbose printing in fit() removed.
from functools import partial

import flax.linen as nn
import tensorflow_probability.substrates.jax as tfp
import jax
import jax.numpy as jnp
import optax

dist = tfp.distributions


class mc_dropout(nn.Module):
    features: list

    @nn.compact
    def __call__(self, x, deterministic=True, rate=0.1):

        for i, feature in enumerate(self.features):
            x = nn.Dense(feature)(x)
            x = nn.relu(x)
            x = nn.Dropout(rate=rate, deterministic=deterministic)(x)

        x = nn.Dense(1)(x)
        return x

    def loss_fn(
        self, params, x, y, deterministic=False, rate=0.1, rng=jax.random.PRNGKey(0)
    ):
        y_pred = self.apply(params, x, deterministic, rate, rngs={"dropout": rng})
        loss = jnp.mean((y - y_pred) ** 2)
        return loss


def fit(model, params, auxs, learning_rate=0.01, epochs=1000, verbose=False):
    opt = optax.adam(learning_rate=learning_rate)
    opt_state = opt.init(params)

    partial_loss_fn = partial(
        model.loss_fn, deterministic=auxs["deterministic"], rate=auxs["rate"]
    )
    loss_grad_fn = jax.jit(jax.value_and_grad(partial_loss_fn))
    losses = []
    upd = jax.jit(opt.update)
    x, y = auxs["X"], auxs["y"]
    rng = jax.random.PRNGKey(0)
    for i in range(epochs):
        rng, _ = jax.random.split(rng)
        loss_val, grads = loss_grad_fn(params, x, y, rng=rng)
        updates, opt_state = upd(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        losses.append(loss_val)
    return params, jnp.array(losses)


def predictive_stacks(x, y, x_test):
    model = mc_dropout(features=[256, 512, 256, 128])
    params = model.init(jax.random.PRNGKey(0), x)
    auxs = {"X": x, "y": y, "deterministic": False, "rate": 0.1}
    params, losses = fit(
        model, params, auxs, learning_rate=0.0005, epochs=100000, verbose=True
    )

    def eval(params, x, deterministic=False, rate=0.1, rng=jax.random.PRNGKey(0)):
        return model.apply(params, x, deterministic=False, rate=0.1, rngs={"dropout": rng})

    n_stacks = 100
    y_stacks = []
    partial_eval_fn = partial(eval, deterministic=False, rate=0.1)
    evaluate = jax.jit(partial_eval_fn)
    for i in range(n_stacks):
        y_stacks.append(evaluate(params, x_test, rng=jax.random.PRNGKey(i)))
    y_stacks = jnp.array(y_stacks)
    mean = (y_stacks.mean(axis=0)).squeeze()
    std = (y_stacks.std(axis=0)).squeeze()
    return mean, std
