# Source: https://github.com/albertaillet/pinc/blob/9d2990c02b6c7705f7928ece03838853a9d5a070/pinc/train.py
# Title: pinc pinc/train.py (PINC neural SDF from point clouds)
# Cut: logging decorator and __main__ dropped; get_batch condensed.
from functools import partial
from typing import Callable, Optional

import jax.numpy as jnp
import optax
from jax import Array, lax, value_and_grad, vmap
from jax.random import choice, key, normal, split, uniform

from model import Params, StaticLossArgs, compute_loss

Losses = tuple[Array, tuple[Array, Array, Array]]


def step(
    params: Params,
    boundary_points: Array,
    sample_points: Array,
    opt_state: optax.OptState,
    optim: optax.GradientTransformation,
    static: StaticLossArgs,
) -> tuple[Params, optax.OptState, Losses]:
    """Compute loss and update parameters"""

    def batch_loss(params: Params, boundary_points: Array, sample_points: Array) -> Losses:
        loss_sdf, boundary_loss_terms = vmap(partial(compute_loss, params, static=static))(boundary_points)
        _, sample_loss_terms = vmap(partial(compute_loss, params, static=static))(sample_points)
        loss_terms_sum = (boundary_loss_terms.sum() + sample_loss_terms.sum()) / (len(boundary_points) + len(sample_points))
        loss_sdf_mean = loss_sdf.mean()
        return loss_sdf_mean + loss_terms_sum, (loss_sdf_mean, boundary_loss_terms.mean(axis=0), sample_loss_terms.mean(axis=0))

    loss, grad = value_and_grad(batch_loss, has_aux=True)(params, boundary_points, sample_points)
    updates, opt_state = optim.update(grad, opt_state)
    params = optax.apply_updates(params, updates)  # type: ignore
    return params, opt_state, loss



def get_batch(data, data_std, data_batch_size, global_batch_size, eta, key):
    ...  # samples boundary points from the scan and local/global points around them


def train(
    params: Params,
    data: Array,
    data_std: Array,
    eta: float,
    optim: optax.GradientTransformation,
    data_batch_size: int,
    global_batch_size: int,
    num_steps: int,
    static: StaticLossArgs,
    log_model: Callable,
    log_loss: Callable,
    log_model_freq: Optional[int],
    log_loss_freq: Optional[int],
    key: Array,
) -> tuple[Params, Losses]:
    """Train the model"""

    def scan_fn(carry: tuple[Params, optax.OptState], it) -> tuple[tuple[Params, optax.OptState], Losses]:
        params, opt_state = carry
        _, key = it

        boundary_points, sample_points = get_batch(data, data_std, data_batch_size, global_batch_size, eta, key)
        params, opt_state, loss = step(
            params=params,
            boundary_points=boundary_points,
            sample_points=sample_points,
            opt_state=opt_state,
            optim=optim,
            static=static,
        )
        return (params, opt_state), loss

    (params, _), loss = lax.scan(scan_fn, (params, optim.init(params)), (jnp.arange(num_steps), split(key, num_steps)))
    return params, loss

