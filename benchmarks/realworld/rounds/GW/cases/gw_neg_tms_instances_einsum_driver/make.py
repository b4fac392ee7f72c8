# Source: https://github.com/adonath/toy-models-of-superposition-jax/blob/b16378afa1a341bccdb37af271eb241bdf51824b/make.py
# Title: make.py (Toy Models of Superposition, replication in JAX)
# Cut: registries, Config, model I/O, click CLI and plotting cut; the model, the data generator,
#      the loss and the optimisation driver kept as written.
from dataclasses import dataclass, field
from functools import partial

import einops
import jax
import optax
from jax import numpy as jnp
from jax.tree_util import register_dataclass
from tqdm.autonotebook import trange


@partial(register_dataclass, data_fields=("w", "b_final"), meta_fields=("activation",))
@dataclass
class Model:
    """Model"""

    w: jax.Array
    b_final: jax.Array
    activation: callable = field(default=jax.nn.relu, metadata={"static": True})

    def __call__(self, x):
        # TODO: check whether regular matmul improves performance
        hidden = jnp.einsum("...if,ifh->...ih", x, self.w)
        out = jnp.einsum("...ih,ifh->...if", hidden, self.w)
        out = out + self.b_final
        out = self.activation(out)
        return out


@dataclass
class DataGenerator:
    """Data generator"""

    n_features: int
    feature_probability: jax.Array
    feature_importance: jax.Array
    batch_size: int
    key: jax.Array
    device: str = "cpu"

    @classmethod
    def from_config(cls, config):
        """Create from config object"""
        probability = jnp.expand_dims(config.feature_probability, axis=(0, 2))
        importance = jnp.expand_dims(config.feature_importance, axis=(0, 1))

        return cls(
            n_features=config.n_features,
            feature_probability=probability,
            feature_importance=importance,
            batch_size=1024,
            key=config.key(),
            device=config.device,
        )

    def __iter__(self):
        key = self.key

        while True:
            n_instances = self.feature_probability.shape[1]
            shape = (self.batch_size, n_instances, self.n_features)

            key, subkey = jax.random.split(key)
            features = jax.random.uniform(key=subkey, shape=shape)

            key, subkey = jax.random.split(key)
            helper = jax.random.uniform(key=subkey, shape=features.shape)
            features = jnp.where(helper <= self.feature_probability, features, 0)
            yield features


def loss_fn(model, x, importance):
    """Calculate weighted MSE loss"""
    error = importance * (jnp.abs(x) - model(x)) ** 2
    loss = einops.reduce(error, "b i f -> i", "mean").sum()
    return loss


def optimize(model, data_generator, n_steps=10_000, print_freq=100, learning_rate=1e-3):
    """Optimize model"""
    # Initialize optimizer
    optimizer = optax.adamw(learning_rate=learning_rate)
    opt_state = optimizer.init(model)

    importance = data_generator.feature_importance

    @jax.jit
    def train_step(state, batch):
        """Single training step"""
        model, opt_state = state

        loss, grads = jax.value_and_grad(loss_fn)(model, batch, importance)
        updates, new_opt_state = optimizer.update(grads, opt_state, model)
        new_model = optax.apply_updates(model, updates)

        return (new_model, new_opt_state), loss

    # Initialize state
    state = (model, opt_state)

    # Training loop
    data_iter = iter(data_generator)
    losses = []

    with trange(n_steps) as t:
        for step in t:
            batch = next(data_iter)
            state, loss = train_step(state, batch)
            losses.append(loss)

            if step % print_freq == 0 or (step + 1 == n_steps):
                t.set_postfix(
                    loss=loss.item() / model.n_instance,
                )

    trained_model = state[0]
    return trained_model, jnp.array(losses)


