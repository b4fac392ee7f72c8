# Source: https://github.com/ramonamezquita/vnn/blob/439819a72217f7ae2250d1ae51a0b5837e50a3a5/src/vnn/mve.py
# Title: src/vnn/mve.py (mean-variance estimation network, two-stage training, sklearn interface)
# Cut: docstrings removed; MLP, MVEModule, the jitted train step and the sklearn estimator kept.

from typing import Callable, Literal, Self

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils.validation import check_is_fitted


def gaussian_nll_loss(
    mean: jax.Array,
    target: jax.Array,
    var: jax.Array,
    full: bool = False,
) -> jax.Array:

    # Calculate the loss
    loss = 0.5 * (jnp.log(var) + (mean - target) ** 2 / var)
    if full:
        loss += 0.5 * jnp.log(2 * jnp.pi)
    return loss.mean()


@nnx.jit
def train_step(
    model: nnx.Module, optimizer: nnx.Optimizer, X: jax.Array, y: jax.Array
) -> float:

    def loss_fn(model: nnx.Module):
        output = model(X)
        mean = output[:, 0]
        var = output[:, 1]
        return gaussian_nll_loss(mean, y, var)

    argnums = nnx.DiffState(0, optimizer.wrt)
    loss, grads = nnx.value_and_grad(loss_fn, argnums=argnums)(model)
    optimizer.update(model, grads)
    return loss


class MLP(nnx.Module):

    def __init__(
        self,
        n_features_in: int,
        n_hidden_units: int,
        n_features_out: int,
        hidden_activation_fn: Callable[[jax.Array], jax.Array] = nnx.sigmoid,
        output_activation_fn: Callable[[jax.Array], jax.Array] = nnx.identity,
        *,
        rngs: nnx.Rngs,
    ):
        self.sequential = nnx.Sequential(
            nnx.Linear(n_features_in, n_hidden_units, rngs=rngs),
            hidden_activation_fn,
            nnx.Linear(n_hidden_units, n_features_out, rngs=rngs),
            output_activation_fn,
        )

    def __call__(self, x: jax.Array) -> jax.Array:
        return self.sequential(x)


class MVEModule(nnx.Module):

    def __init__(
        self,
        n_hidden_units: int = 10,
        hidden_activation_fn: Callable[[jax.Array], jax.Array] = nnx.sigmoid,
        *,
        rngs: nnx.Rngs,
    ):
        self.mean = MLP(
            n_features_in=1,
            n_hidden_units=n_hidden_units,
            n_features_out=1,
            hidden_activation_fn=hidden_activation_fn,
            rngs=rngs,
        )
        self.sigma2 = MLP(
            n_features_in=1,
            n_hidden_units=n_hidden_units,
            n_features_out=1,
            hidden_activation_fn=hidden_activation_fn,
            output_activation_fn=nnx.softplus,
            rngs=rngs,
        )

    def __call__(self, x: jax.Array) -> jax.Array:
        return jnp.concat((self.mean(x), self.sigma2(x)), axis=1)


class MVE(BaseEstimator, TransformerMixin):

    name_to_function = {"sigmoid": nnx.sigmoid, "relu": nnx.relu}

    def __init__(
        self,
        n_hidden_units: int = 10,
        n_total_epochs: int = 5000,
        n_warmup_epochs: int = 5000,
        learning_rate: float = 1e-3,
        activation_fn: Literal["sigmoid", "relu"] = "sigmoid",
        *,
        random_state: int = 42,
    ):
        self.n_hidden_units = n_hidden_units
        self.n_total_epochs = n_total_epochs
        self.n_warmup_epochs = n_warmup_epochs
        self.learning_rate = learning_rate
        self.activation_fn = activation_fn
        self.random_state = random_state

    def fit(self, X: jax.Array, y: jax.Array) -> Self:
        # Create new MVE network.
        model = MVEModule(
            n_hidden_units=self.n_hidden_units,
            hidden_activation_fn=self.name_to_function[self.activation_fn],
            rngs=nnx.Rngs(self.random_state),
        )

        # Stage 1: Train keeping variance parameters fixed (warm-up stage).
        # This is achieved by differentiating wrt to the mean-related params only.
        # For more details on how to do this in flax see the following GitHub discussion:
        # https://github.com/google/flax/issues/4167
        mean_optimizer = nnx.Optimizer(
            model,
            optax.adam(self.learning_rate),
            wrt=nnx.All(nnx.Param, nnx.PathContains("mean")),
        )
        self._fit_loop(
            model,
            X,
            y,
            mean_optimizer,
            n_epochs=self.n_warmup_epochs,
        )

        # Stage 2: Train in full.
        # For subsequent training, all parameters (from both mean and sigma2 subnetworks)
        # are updated until the total number of epochs is reached.
        # NOTE: Training is resumed using a new `Optimizer` instance.
        optimizer = nnx.Optimizer(model, optax.adam(self.learning_rate), wrt=nnx.Param)
        self._fit_loop(
            model,
            X,
            y,
            optimizer,
            n_epochs=self.n_total_epochs - self.n_warmup_epochs,
        )

        self.model_ = model

        return self

    def predict(self, X: jax.Array) -> jax.Array:
        check_is_fitted(self)
        return self.model_(X)

    def _fit_loop(
        self,
        model: MVEModule,
        X: jax.Array,
        y: jax.Array,
        optimizer: nnx.Optimizer,
        n_epochs: int,
    ) -> None:
        for _ in range(n_epochs):
            train_step(model, optimizer, X, y)
