# Source: https://github.com/pwhofman/probly/blob/90d88fc4b5f9db17789a31d684b42c9d7a1811a7/src/probly/transformation/ensemble/flax.py
# Title: src/probly/transformation/ensemble/flax.py (Flax nnx ensemble implementation)
# Cut: unchanged apart from this header, except that the PEP 695 type parameter [**In] of
#      predict_nnx_list is removed so the file parses on Python < 3.12.
from __future__ import annotations

from flax import nnx
import jax.numpy as jnp

from probly.predictor._common import predict, predict_raw
from probly.traverse_nn import nn_compose, nn_traverser, reset_traverser
from pytraverse import CLONE, traverse

from ._common import ensemble_generator


def _clone(obj: nnx.Module) -> nnx.Module:
    return traverse(obj, nn_traverser, init={CLONE: True})


def _clone_reset(obj: nnx.Module) -> nnx.Module:
    return traverse(obj, nn_compose(reset_traverser), init={CLONE: True})


@ensemble_generator.register(nnx.Module)
def generate_flax_ensemble(
    obj: nnx.Module,
    num_members: int,
    reset_params: bool,
) -> nnx.List:
    """Build a flax ensemble based on :cite:`lakshminarayananSimpleScalable2017`."""
    if reset_params:
        return nnx.List([_clone_reset(obj) for _ in range(num_members)])
    return nnx.List([_clone(obj) for _ in range(num_members)])


@predict_raw.register(nnx.List)
def predict_nnx_list(predictor: nnx.List, *args, **kwargs) -> jnp.ndarray:
    """Predict for a flax nnx list ensemble."""
    return jnp.stack([predict(p, *args, **kwargs) for p in predictor], axis=0)
