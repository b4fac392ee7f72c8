# Source: https://github.com/epignatelli/cardiax/blob/1561c01e02e6b4f2d536cd2239920192dea9ee50/deepx/optimise.py
# Title: deepx/optimise.py — training steps for the neural surrogate of the Fenton-Karma cardiac model
# Cut: kept compute_loss, forward, postprocess_gradients, refeed, btt_step and evaluate; dropped
#      sgd_step/tbtt_step, infer and the wandb logging helpers; helx Module/Optimiser kept as imports.
from functools import partial
from typing import NamedTuple, Tuple

import cardiax
import jax
import jax.numpy as jnp
from helx.nn.module import Module
from helx.optimise.optimisers import Optimiser
from helx.typing import Params
from jax.experimental import optimizers
from jax.experimental.optimizers import OptimizerState


def compute_loss(y_hat, y):
    # zero derivative
    recon_loss = jnp.sqrt(jnp.mean((y_hat - y) ** 2))  # rmse

    # first derivative
    grad_y_hat_x = cardiax.solve.gradient(y_hat, -1)
    grad_y_hat_y = cardiax.solve.gradient(y_hat, -2)
    grad_y_x = cardiax.solve.gradient(y, -1)
    grad_y_y = cardiax.solve.gradient(y, -2)
    grad_loss_x = jnp.sqrt(jnp.mean((grad_y_hat_x - grad_y_x) ** 2))  # rmse
    grad_loss_y = jnp.sqrt(jnp.mean((grad_y_hat_y - grad_y_y) ** 2))  # rmse
    grad_loss = grad_loss_x + grad_loss_y
    return recon_loss + grad_loss


def forward(
    model: Module, params: Params, x: jnp.ndarray, y: jnp.ndarray
) -> Tuple[float, jnp.ndarray]:
    y_hat = model.apply(params, x)
    loss = compute_loss(y_hat, y)
    return (loss, y_hat)


def postprocess_gradients(gradients):
    return optimizers.clip_grads(gradients, 1.0)


def refeed(x0, x1):
    ds = x0[:, :, -1:]  # diffusivity channel
    x1 = jnp.concatenate([x0[:, 1:, :-1], x1], axis=1)
    x1 = jnp.concatenate([x1, ds], axis=2)
    return x1


@partial(
    jax.pmap,
    in_axes=(None, None, None, None, 0, 0, 0),
    static_broadcasted_argnums=(0, 1, 2),
    axis_name="device",
)
def btt_step(
    model: Module,
    optimiser: Optimiser,
    n_refeed: int,
    iteration: int,
    optimiser_state: OptimizerState,
    xs: jnp.ndarray,
    ys: jnp.ndarray,
) -> Tuple[float, jnp.ndarray, OptimizerState]:
    @jax.checkpoint
    def body_fun(inputs, i):
        x, _params = inputs
        y = ys[:, i][:, None, :, :, :]
        loss, y_hat = forward(model, _params, x, y)
        x = refeed(x, y_hat)  # roll and replace inputs with new prediction
        return (x, _params), (loss, y_hat)

    def f(xs, params):
        _, (losses, ys_hat) = jax.lax.scan(
            body_fun, (xs, params), xs=jnp.arange(n_refeed)
        )
        ys_hat = jnp.swapaxes(jnp.squeeze(ys_hat), 0, 1)
        return sum(losses), ys_hat

    params = optimiser.params(optimiser_state)
    btt = jax.value_and_grad(f, has_aux=True, argnums=1)
    (loss, ys_hat), grads = btt(xs, params)
    grads = postprocess_gradients(grads)
    grads = jax.lax.pmean(grads, axis_name="device")
    loss = jax.lax.pmean(loss, axis_name="device")
    optimiser_state = optimiser.update(iteration, grads, optimiser_state)
    return (loss, ys_hat, optimiser_state)


@partial(
    jax.pmap,
    in_axes=(None, None, 0, 0, 0),
    static_broadcasted_argnums=(0, 1),
    axis_name="device",
)
def evaluate(
    model: Module,
    n_refeed: int,
    params: Params,
    xs: jnp.ndarray,
    ys: jnp.ndarray,
) -> Tuple[float, jnp.ndarray]:
    def body_fun(inputs, i):
        x = inputs
        y = ys[:, i][:, None, :, :, :]  #  ith target frame
        loss, y_hat = forward(model, params, x, y)
        x = refeed(x, y_hat)  #  add the new pred to the inputs
        return x, (loss, y_hat)

    _, (losses, ys_hat) = jax.lax.scan(body_fun, xs, xs=jnp.arange(n_refeed))
    ys_hat = jnp.swapaxes(jnp.squeeze(ys_hat), 0, 1)
    losses = jax.lax.pmean(losses, axis_name="device")
    return (sum(losses), ys_hat)
