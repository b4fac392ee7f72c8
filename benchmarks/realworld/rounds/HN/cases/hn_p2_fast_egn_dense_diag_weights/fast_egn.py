# Source: https://github.com/cor3bit/somax/blob/61a2faa39ecc539419b3de702a6f22f1ae00f7f2/somax/gn/fast_egn.py
# Title: somax/gn/fast_egn.py (Scaling Gauss-Newton Method for Multi-Class Classification)
# Cut: kept the solver fields used here, __post_init__ (Jacobian setup), update (step 1 and the
#      constant-step branch) and the two classification direction functions; dropped line search,
#      momentum, the MSE path, debug state fields and init_state.
import dataclasses
from typing import Any, Callable, Optional, Tuple

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree
from jaxopt._src import base


def flatten_2d_jacobian(jac_tree):
    return jax.vmap(lambda _: ravel_pytree(_)[0], in_axes=(0,))(jac_tree)


@dataclasses.dataclass(eq=False)
class FastEGN(base.StochasticSolver):
    predict_fun: Callable
    jac_fun: Optional[Callable] = None
    loss_fun: Optional[Callable] = None
    grad_fun: Optional[Callable] = None  # needed only for multi-class classification
    jac_axis: Tuple[Optional[int], ...] = (None, 0,)
    loss_type: str = 'mse'  # ['mse', 'ce']
    learning_rate: Optional[float] = None  # alpha_0
    batch_size: Optional[int] = None
    n_classes: Optional[int] = None
    regularizer: float = 1.0  # lambda_0
    line_search: bool = False
    adaptive_lambda: bool = False
    momentum: float = 0.0

    def __post_init__(self):
        if self.n_classes == 1:  # binary classification
            self.jac_fun = jax.vmap(jax.value_and_grad(self.predict_ravel), in_axes=(None, 0))
            self.calculate_direction = self.calculate_direction_ce_binary
            self.regularizer_array = self.batch_size * self.regularizer * jnp.eye(self.batch_size)
        else:
            self.grad_fun = jax.grad(self.loss_fun)
            self.jac_fun = jax.vmap(jax.grad(self.predict_true_class, has_aux=True), in_axes=(None, 0, 0,))
            self.calculate_direction = self.calculate_direction_ce
            self.regularizer_array = self.regularizer * jnp.eye(self.batch_size)

    def update(self, params: Any, state, *args, **kwargs) -> base.OptStep:
        # ---------- STEP 1: calculate direction with DG ---------- #
        targets = kwargs['targets']
        direction, grad_loss, J, debug_vals = self.calculate_direction(params, state, targets, *args)

        params_flat, unflatten_fn = ravel_pytree(params)
        stepsize = state.stepsize
        next_params = unflatten_fn(params_flat + stepsize * direction)
        return base.OptStep(params=next_params, state=state)

    def calculate_direction_ce(self, params, state, targets, *args):
        # 1st most time-consuming part - calculate the Jacobian by jax.jacrev()
        jac_tree, batch_logits = self.jac_fun(params, targets, *args)

        # 2nd most time-consuming part - calculate the gradient of the loss function
        grad_tree = self.grad_fun(params, *args, targets)

        # flatten pytrees
        J = flatten_2d_jacobian(jac_tree)
        grad_loss = ravel_pytree(grad_tree)[0]

        # transform the logits into probabilities, select the probabilities only of the true class
        batch_probs_of_true_class = jnp.sum(targets * jax.nn.softmax(batch_logits), axis=-1)

        diag_elems = (batch_probs_of_true_class * (1 - batch_probs_of_true_class))
        Q = jnp.diag(diag_elems)

        # apply Sherman formula to calculate d=-(J^T Q J + lambda I)^(-1)*g
        # adjust Jacobian by (1 - sigma(z))
        # J_ = jnp.diag(1 - batch_probs_of_true_class) @ J / jnp.sqrt(self.batch_size)

        temp = jax.scipy.linalg.solve(
            self.regularizer_array + Q @ J @ J.T / self.batch_size,
            J @ grad_loss,
            assume_a='sym',
        )

        direction = (J.T @ Q @ temp / self.batch_size - grad_loss) / self.regularizer

        return direction, grad_loss, J, None

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

        grad_loss = None

        temp = jax.scipy.linalg.solve(self.regularizer_array + Q @ (J @ J.T), r, assume_a='sym')

        direction = J.T @ temp

        return direction, grad_loss, J, Q

    def predict_ravel(self, params, *args):
        preds = self.predict_fun(params, *args)
        return preds[0]

    def predict_true_class(self, params, targets, *args):
        preds = self.predict_fun(params, *args)
        pred = jnp.vdot(preds, targets)
        return pred, preds
