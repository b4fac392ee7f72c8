# Source: https://github.com/Michaelhess17/NeuralODE/blob/b074e067412f47033022c99d258b9dc5713e4c21/DDFA_NODE/ddfa_node/networks/jax_utils.py
# Title: NeuralODE DDFA_NODE/ddfa_node/networks/jax_utils.py (train_NODE)
# Cut: train_NODE reduced to the loss, the filter_jit step and the step loop; seeding_steps = int(timesteps_per_trial * seeding) with defaults 500 and 0.1
import copy

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import optax


def train_NODE(model, dataloader, _ts, _ys, timesteps_per_trial=500, batch_size=256, steps=500,
               seeding=0.1, lmbda=1e-3, filter_spec=lambda _: True, *, loader_key):
    optim = optax.lion(learning_rate=3e-3)
    opt_state = optim.init(eqx.filter(model, eqx.is_array))

    @eqx.filter_value_and_grad
    def grad_loss(diff_model, static_model, ti, yi, seeding_steps, lmbda):
        model = eqx.combine(diff_model, static_model)
        y_pred = jax.vmap(model, in_axes=(0, 0))(ti, yi[:, :seeding_steps, :])
        params, _ = jtu.tree_flatten(eqx.filter(model, eqx.is_array))
        return jnp.mean(jnp.abs((yi - y_pred))) + lmbda*jnp.sum(jnp.square(jnp.concatenate([param.ravel() for param in params])))

    @eqx.filter_jit
    def make_step(ti, yi, model, opt_state, seeding_steps, lmbda):
        diff_model, static_model = eqx.partition(model, filter_spec)
        value, grads = grad_loss(diff_model, static_model, ti, yi, seeding_steps, lmbda)
        updates, opt_state = optim.update(grads, opt_state, model)
        model = eqx.apply_updates(model, updates)
        return value, model, opt_state

    seeding_steps = int(timesteps_per_trial * seeding)
    best_loss = jnp.inf
    for step, (ti, yi,) in zip(range(steps), dataloader((_ts, _ys,), batch_size, key=loader_key)):
        loss, model, opt_state = make_step(ti, yi, model, opt_state, seeding_steps, lmbda)
        if loss < best_loss:
            best_model = copy.deepcopy(model)
            best_loss = copy.deepcopy(loss)
    return best_model
