# Source: https://github.com/niklasschmitz/sdf_jax/blob/06503573893fa63d8272e793600d55c23bf1805d/experiments/benchmark_dense_supervision.py
# Title: experiments/benchmark_dense_supervision.py (sdf_jax: neural signed distance fields in JAX)
# Cut: data loading, dataloader, checkpointing and wandb logging cut; the __main__ block reduced to
#      the calls that build the model and run train_step / test_step on 128**2-point batches (the
#      author loads an sdf-explorer .npz point set; a synthetic sphere stands in for it here).
import jax
import jax.numpy as jnp
import jax.random as jrandom
import functools as ft
import optax
import treex as tx
from models import IGRModel


# dense supervised loss

@ft.partial(jax.value_and_grad, has_aux=True)
def loss_fn(params, model, x, y, normals):
    model = model.merge(params)
    preds, grads = jax.vmap(jax.value_and_grad(model))(x)
    loss = jnp.mean(jnp.abs(preds - y) / (jnp.abs(y) + 0.01))
    loss += jnp.mean((grads - normals)**2)
    return loss, model

@jax.jit
def train_step(model, x, y, normals, optimizer):
    params = model.filter(tx.Parameter)
    (loss, model), grads = loss_fn(params, model, x, y, normals)
    new_params = optimizer.update(grads, params)
    model = model.merge(new_params)
    return loss, model, optimizer

@jax.jit
def test_step(model, x, y, normals):
    preds, grads = jax.lax.map(jax.value_and_grad(model), x)
    preds_mape = jnp.mean(jnp.abs(preds - y) / (jnp.abs(y) + 0.01))
    preds_rmse = jnp.sqrt(jnp.mean((preds - y)**2))
    normal_rmse = jnp.sqrt(jnp.mean((grads - normals)**2))
    return preds_mape, preds_rmse, normal_rmse


if __name__=='__main__':
    batch_size = 128**2
    key = jrandom.PRNGKey(1234)
    key, data_key, model_key, train_key = jrandom.split(key, 4)
    xs = jrandom.uniform(data_key, (batch_size, 3))
    ys = jnp.linalg.norm(xs - 0.5, axis=1) - 0.3
    normals = (xs - 0.5) / jnp.linalg.norm(xs - 0.5, axis=1, keepdims=True)

    module = IGRModel(input_dim=3, depth=7, hidden=512)
    model = module.init(key=model_key, inputs=xs[0])
    optimizer = tx.Optimizer(optax.adam(5e-4))
    optimizer = optimizer.init(model.filter(tx.Parameter))

    loss, model, optimizer = train_step(model, xs, ys, normals, optimizer)
    preds_mape, preds_rmse, normal_rmse = test_step(model, xs, ys, normals)
