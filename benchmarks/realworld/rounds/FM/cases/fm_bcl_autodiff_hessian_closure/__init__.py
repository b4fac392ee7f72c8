# Source: https://github.com/blackblitz/bcl/blob/287e04fc5d28b1852f541d07e7b90bd7667f4b86/train/__init__.py
# Title: train/__init__.py
# Cut: only TrainState and make_step

"""Training package."""

from operator import add

from flax.training import train_state
from jax import grad, jit, tree_util
import optax


class TrainState(train_state.TrainState):
    hyperparams: dict


def make_step(loss):
    return jit(
        lambda state, x, y: state.apply_gradients(
            grads=grad(loss)(state.params, x, y)
        )
    )
