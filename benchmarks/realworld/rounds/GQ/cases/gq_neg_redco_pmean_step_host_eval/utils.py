# Source: https://github.com/tanyuqian/redco/blob/8129ab3191861e60f2ba8c98d1c35b4292dbe52f/redco/trainers/utils.py
# Title: redco redco/trainers/utils.py (default_train_step: data-parallel step with pmean or vmap over the dp axis)
# Cut: only default_train_step
import jax
import jax.numpy as jnp
from jax.example_libraries.optimizers import l2_norm


def default_train_step(
        rng, state, batch, loss_fn, lr_schedule_fn, mesh, compute_dtype):
    def loss_and_grads(rng_, batch_):
        return jax.value_and_grad(
            lambda params: loss_fn(
                rng=rng_,
                state=state,
                params=params,
                batch=batch_,
                is_training=True)
        )(jax.tree.map(lambda x: x.astype(compute_dtype), state.params))

    if mesh is None:
        loss, grads = loss_and_grads(rng, batch)
        grads = jax.lax.pmean(grads, axis_name='dp')
    else:
        loss, grads = jax.vmap(loss_and_grads)(
            jax.random.split(rng, num=mesh.shape['dp']), batch)
        loss = jnp.mean(loss)
        grads = jax.tree.map(lambda x: jnp.mean(x, axis=0), grads)

    new_state = state.apply_gradients(grads=jax.tree.map(
        lambda grad, param: grad.astype(param.dtype), grads, state.params))

    metrics = {'loss': loss, 'step': state.step, 'grad_norm': l2_norm(grads)}
    if lr_schedule_fn is not None:
        metrics['lr'] = lr_schedule_fn(state.step)
    if mesh is None:
        metrics = jax.lax.pmean(metrics, axis_name='dp')

    return new_state, metrics
