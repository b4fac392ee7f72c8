# Source: https://github.com/nkjm108/PIML/blob/9d391293a4db82eeb104029c805a12b0e89e5bf6/piml_library/hnn.py
# Title: piml_library/hnn.py (Hamiltonian neural network training, PIML)
# Cut: kept the jitted loss (vmapped jax.grad of the learned Hamiltonian) and the jitted train step; the
#      flax MLP definition is reduced and the trajectory helper removed.
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.flatten_util import ravel_pytree
from jax.tree_util import tree_map


def tuple_to_multi_arg(f):
    return lambda t, q, p: f((t, q, p))


class HNN(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, s):
        t, q, p = s
        x = jnp.concatenate([jnp.atleast_1d(q), jnp.atleast_1d(p)])
        x = nn.tanh(nn.Dense(self.hidden)(x))
        x = nn.tanh(nn.Dense(self.hidden)(x))
        x = nn.Dense(1, bias_init=nn.initializers.zeros)(x)
        return x.squeeze()


@partial(jax.jit, static_argnames=('model_apply_fn',))
def compute_loss(params, model_apply_fn, batch_states, batch_true_derivatives):

    t_batch, q_batch, p_batch = batch_states
    q_dot_true_batch, p_dot_true_batch = batch_true_derivatives

    H_learned = lambda s: model_apply_fn({'params': params}, s)
    H_learned_ = tuple_to_multi_arg(H_learned)  # H_(t, q, p)
    dH1 = jax.grad(H_learned_, 1)
    dH2 = jax.grad(H_learned_, 2)

    vmap_grad_H1 = jax.vmap(
        lambda t, q, p: dH1(t, q, p),
        in_axes=(0, 0, 0)
    )
    vmap_grad_H2 = jax.vmap(
        lambda t, q, p: dH2(t, q, p),
        in_axes=(0, 0, 0)
    )

    grad_H1_pred = vmap_grad_H1(t_batch, q_batch, p_batch)
    grad_H2_pred = vmap_grad_H2(t_batch, q_batch, p_batch)

    loss_term1 = tree_map(lambda pred, true: pred - true, grad_H2_pred, q_dot_true_batch)
    loss_term2 = tree_map(lambda pred, true: pred + true, grad_H1_pred, p_dot_true_batch)

    flat1, _ = ravel_pytree(loss_term1)
    flat2, _ = ravel_pytree(loss_term2)
    all_diffs = jnp.concatenate([flat1, flat2])
    return jnp.mean(all_diffs**2)


@partial(jax.jit, static_argnames=('optimizer', 'model_apply_fn'))
def train_step(params, opt_state, optimizer, model_apply_fn, batch_states, batch_true_derivative):
    loss, grads = jax.value_and_grad(compute_loss)(
        params,
        model_apply_fn,
        batch_states,
        batch_true_derivative
    )
    updates, new_opt_state = optimizer.update(grads, opt_state, params)
    new_params = optax.apply_updates(params, updates)
    return new_params, new_opt_state, loss
