# Source: https://github.com/oswinso/learning_non_euclidean_hamiltonian/blob/82ef24751841de8fac7bb2e572fe2c419b863c3b/rnn_sophax/fit_multi.py
# Title: rnn_sophax/fit_multi.py
# Cut: kept get_step_fns' loss, the per-component value_and_jacrev and the gradient-norm bookkeeping over
#      parameter leaves, and the jitted train step; the loss weighting, metrics and validation were reduced.
import jax
import jax.numpy as jnp
import optax

from multi_symplectic import IntResult, get_multi_verlet
from utils.jax_utils import value_and_jacrev  # repository helper (jacrev with value), not reproduced


def get_step_fns(model, optimizer, h, n_steps):
    integrate = get_multi_verlet(model, h, n_steps)

    def compute_weighted_loss(params, frozen_params, trajs: IntResult, time_weights):
        pred = integrate(trajs.qs[:, 0], trajs.ps[:, 0], trajs.Rs[:, 0], trajs.Pis[:, 0], params)
        losses = jnp.stack([
            jnp.mean((pred.qs - trajs.qs) ** 2),
            jnp.mean((pred.ps - trajs.ps) ** 2),
            jnp.mean((pred.Rs - trajs.Rs) ** 2),
            jnp.mean((pred.Pis - trajs.Pis) ** 2),
        ])
        return losses, None

    def get_loss_and_jac(params, frozen_params, trajs: IntResult, time_weights):
        # jac: Pytree of (4, *).
        (loss_val, aux), jac = value_and_jacrev(compute_weighted_loss, has_aux=True)(
            params, frozen_params, trajs, time_weights
        )

        # Sum over the 4 components.
        sum_grads = jax.tree_map(lambda x: jnp.sum(x, axis=0), jac)

        # Separate the grad norms in jac.
        grad_norms_sq = sum([jnp.sum(jnp.square(x).reshape((4, -1)), axis=1) for x in jax.tree_leaves(jac)])
        grad_norms = jnp.sqrt(grad_norms_sq)

        # Return a scalar loss - sum over all components.
        sum_loss = loss_val.sum()
        return (sum_loss, grad_norms), sum_grads

    def train_step(params, frozen_params, opt_state, trajs, time_weights):
        (loss, grad_norms), grads = get_loss_and_jac(params, frozen_params, trajs, time_weights)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss, grad_norms

    return jax.jit(train_step)
