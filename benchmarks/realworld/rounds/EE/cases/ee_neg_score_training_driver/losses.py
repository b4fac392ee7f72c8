# Source: https://github.com/sandreza/JaxDiffusion/blob/de1e82d6b0f0969a02b720c789515886b86bf8e1/jaxdiffusion/losses/score_matching_loss.py
# Title: jaxdiffusion/losses/score_matching_loss.py
# Cut: kept the unconditional loss, batch loss and make_step; conditional variants cut.
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import functools as ft

@eqx.filter_jit
def single_loss_function(model, std, data, t, key):
    noise = jr.normal(key, data.shape)
    y = data + std * noise
    scaling = 1 + std
    nn = model(t, y / scaling)  # score = model(t, y) / sigma, but in loss its score * sigma
    return jnp.mean((nn + noise) ** 2) # sigma cancels out

@eqx.filter_jit
def batch_loss_function(model, schedule, data, key):
    batch_size = data.shape[0]
    tkey, losskey = jr.split(key)
    losskey = jr.split(losskey, batch_size)

    t0 = schedule.tmin
    t1 = jnp.array([1.0])
    t = jr.uniform(tkey, (batch_size,), minval=0, maxval=1)
    t = t0 + (t1 - t0) * t
    sigmas = jax.vmap(schedule.sigma)(t)

    loss_function = ft.partial(single_loss_function, model)
    loss_function = jax.vmap(loss_function)
    return jnp.mean(loss_function(sigmas, data, t, losskey))

@eqx.filter_jit
def make_step(model, schedule, data, key, opt_state, opt_update):
    loss_function = eqx.filter_value_and_grad(batch_loss_function)
    loss, grads = loss_function(model, schedule, data, key)
    updates, opt_state = opt_update(grads, opt_state, model)
    model = eqx.apply_updates(model, updates)
    key = jr.split(key, 1)[0]
    return loss, model, key, opt_state
