# Source: https://github.com/jax-ml/jax/issues/16084
# Title: Very slow compile for tree-map over large number of leaves (jax-ml/jax issue #16084, 2023-05-22)
# Cut: reconstructed from the issue description: the author's get_mapped_grad_and_value with its
#      docstrings kept; the bodies of mapped_loss (tree maps over groups of different sizes) and the
#      returned functions reconstructed from the text; imports added.
from typing import Callable, Tuple

import jax
import jax.numpy as jnp


def get_mapped_grad_and_value(
        loss_fn: Callable,
        model_fn: Callable,
) -> Tuple[Callable, Callable]:
    """Returns a function that computes the gradient of the loss function with
    respect to the model parameters.

    Args:
        loss_fn (function): loss function
        model_fn (function): model function
        data (tuple): tuple of

    Returns:
        tuple: loss function, gradient function
    """
    def mapped_loss(model_params, grouped_Xs, grouped_Ys):
        """Compute the loss function mapped over groups.

        Args:
            model_params: model parameters
            grouped_Xs: list of arrays, one per group, each (N_g, d) with N_g varying
            grouped_Ys: list of group outcomes
        """
        # run the model on each datapoint of a group, sum, and score against the group outcome
        group_z = jax.tree_util.tree_map(
            lambda X_g: jnp.sum(jax.vmap(lambda x: model_fn(model_params, x))(X_g)),
            grouped_Xs,
        )
        group_losses = jax.tree_util.tree_map(loss_fn, group_z, grouped_Ys)
        total = jax.tree_util.tree_reduce(lambda a, b: a + b, group_losses)
        return total / len(grouped_Xs)

    value_fn = jax.jit(mapped_loss)
    grad_fn = jax.jit(jax.value_and_grad(mapped_loss))
    return value_fn, grad_fn
