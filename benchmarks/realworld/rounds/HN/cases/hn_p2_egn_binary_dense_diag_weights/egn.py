# Source: https://github.com/cor3bit/somax/blob/bddde47d413bbc2e60bbafd158cab163938f832a/src/somax/gn/egn.py
# Title: src/somax/gn/egn.py (Exact Gauss-Newton (EGN) Solver)
# Cut: kept the classification part of __post_init__, the direction step of update and both
#      cross-entropy direction functions; dropped line search, momentum, regression, state and losses.
import dataclasses
from typing import Any, Callable, Optional, Tuple

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree
from jaxopt._src import base


def flatten_2d_jacobian(jac_tree):
    return jax.vmap(lambda _: ravel_pytree(_)[0], in_axes=(0,))(jac_tree)


def flatten_3d_jacobian(jac_tree):
    flattened_jacobians = jax.vmap(flatten_2d_jacobian)(jac_tree)
    return flattened_jacobians.reshape(-1, flattened_jacobians.shape[-1])


@dataclasses.dataclass(eq=False)
class EGN(base.StochasticSolver):
    predict_fun: Callable
    loss_type: str = 'mse'
    learning_rate: Optional[float] = None
    regularizer: float = 1.0
    batch_size: Optional[int] = None
    n_classes: Optional[int] = None
    line_search: bool = False
    adaptive_lambda: bool = False

    def __post_init__(self):
        if self.n_classes == 1:  # binary classification
            self.jac_fun = jax.vmap(jax.value_and_grad(self.predict_ravel), in_axes=(None, 0))
            self.calculate_direction = self.calculate_direction_ce_binary
        else:
            self.jac_fun = jax.vmap(jax.jacrev(self.predict_with_aux, has_aux=True), in_axes=(None, 0))
            self.calculate_direction = self.calculate_direction_ce

        self.regularizer_array = self.batch_size * self.regularizer * jnp.eye(self.n_classes * self.batch_size)
        self.block_diag_template = jnp.eye(self.batch_size).reshape(self.batch_size, 1, self.batch_size, 1)

    def update(self, params: Any, state, *args, **kwargs) -> base.OptStep:
        if 'targets' in kwargs:
            targets = kwargs['targets']
            nn_args = args
        else:
            targets = args[-1]
            nn_args = args[:-1]

        direction, grad_loss, J, Q = self.calculate_direction(params, state, targets, *nn_args)

        params_flat, unflatten_fn = ravel_pytree(params)
        next_params = unflatten_fn(params_flat + state.stepsize * direction)
        return base.OptStep(params=next_params, state=state)

    def calculate_direction_ce(self, params, state, targets, *args):
        def calculate_hess_pieces(probs):
            return jax.vmap(lambda p: jnp.diag(p) - jnp.outer(p, p))(probs)

        def build_block_diag(hess_pieces):
            n_dims = self.batch_size * self.n_classes
            block_diag_q = self.block_diag_template * hess_pieces.reshape(
                self.batch_size, self.n_classes, 1, self.n_classes)
            return block_diag_q.reshape(n_dims, n_dims)

        # 1st most time-consuming part - calculate the Jacobian by jax.jacrev()
        jac_tree, batch_logits = self.jac_fun(params, *args)

        # convert a 3D pytree (b, c, m) to a 2D array of stacked Jacobians
        J = flatten_3d_jacobian(jac_tree)

        # build block diagonal H from logits
        probs = jax.nn.softmax(batch_logits)
        hess_logits = calculate_hess_pieces(probs)
        Q = build_block_diag(hess_logits)

        # calculate (pseudo)residuals
        r = (targets - probs).reshape(-1, )

        grad_loss = None

        temp = jax.scipy.linalg.solve(self.regularizer_array + Q @ (J @ J.T), r, assume_a='sym')

        direction = J.T @ temp

        return direction, grad_loss, J, Q

    def calculate_direction_ce_binary(self, params, state, targets, *args):
        # 1st most time-consuming part - calculate the Jacobian by jax.jacrev()
        batch_logits, jac_tree = self.jac_fun(params, *args)

        # convert a 3D pytree (b, c, m) to a 2D array of stacked Jacobians
        J = flatten_2d_jacobian(jac_tree)

        # build block diagonal H from logits
        probs = jax.nn.sigmoid(batch_logits)

        Q = jnp.diag(probs * (1 - probs))

        # calculate (pseudo)residuals
        r = targets.reshape(-1, ) - probs

        if self.line_search or self.adaptive_lambda:
            grad_loss = -J.T @ r / self.batch_size
        else:
            grad_loss = None

        # calculate the direction
        # regularizer_t = state.regularizer
        temp = jax.scipy.linalg.solve(
            self.regularizer_array + Q @ (J @ J.T), r,
            assume_a='sym',
        )

        direction = J.T @ temp

        return direction, grad_loss, J, Q

    def predict_with_aux(self, params, *args):
        preds = self.predict_fun(params, *args)
        return preds, preds

    def predict_ravel(self, params, *args):
        preds = self.predict_fun(params, *args)
        return preds[0]
