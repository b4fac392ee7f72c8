# Source: https://github.com/avitai/artifex/blob/5fce040acb8e3089a999a1f5a63bf4c1503efbb1/src/artifex/generative_models/core/losses/regularization.py
# Title: artifex core/losses/regularization.py: L1/L2 weight regularization terms for generative-model losses
# Cut: kept l1_regularization, l2_regularization, _flatten_dict, _count_params and one predicate;
#      docstrings shortened; dropped orthogonality, spectral-norm and dropout terms.
from collections.abc import Callable

import jax
import jax.numpy as jnp
from flax import nnx


def l1_regularization(
    params: jax.Array | list[jax.Array] | dict[str, jax.Array] | nnx.State,
    scale: float = 1.0,
    reduction: str = "sum",
    predicate: Callable[[str, jax.Array], bool] | None = None,
) -> jax.Array:
    """L1 regularization for model parameters: loss = scale * sum(|params|)."""
    if predicate is None:
        predicate = lambda name, param: True

    def _calculate_l1(name, param):
        if predicate(name, param):
            return jnp.sum(jnp.abs(param))
        return jnp.array(0.0)

    # Handle NNX State
    if isinstance(params, nnx.State):
        l1_norm = sum(_calculate_l1(name, param) for name, param in _flatten_nnx_state(params))
    # Handle different param structures
    elif isinstance(params, jax.Array):
        # Single array
        l1_norm = jnp.sum(jnp.abs(params))
    elif isinstance(params, list):
        # list of arrays
        l1_norm = sum(jnp.sum(jnp.abs(p)) for p in params)
    else:
        # Nested dictionary
        l1_norm = sum(_calculate_l1(name, param) for name, param in _flatten_dict(params))

    if reduction == "mean":
        param_count = _count_params(params)
        return jnp.asarray(scale) * jnp.asarray(l1_norm / param_count)
    return jnp.asarray(scale) * jnp.asarray(l1_norm)


def l2_regularization(
    params: jax.Array | list[jax.Array] | dict[str, jax.Array] | nnx.State,
    scale: float = 1.0,
    reduction: str = "sum",
    predicate: Callable[[str, jax.Array], bool] | None = None,
) -> jax.Array:
    """L2 regularization for model parameters: loss = scale * sum(params**2)."""
    if predicate is None:
        predicate = lambda name, param: True

    def _calculate_l2(name, param):
        if predicate(name, param):
            return jnp.sum(jnp.square(param))
        return jnp.array(0.0)

    if isinstance(params, nnx.State):
        l2_norm = sum(_calculate_l2(name, param) for name, param in _flatten_nnx_state(params))
    elif isinstance(params, jax.Array):
        l2_norm = jnp.sum(jnp.square(params))
    elif isinstance(params, list):
        l2_norm = sum(jnp.sum(jnp.square(p)) for p in params)
    else:
        l2_norm = sum(_calculate_l2(name, param) for name, param in _flatten_dict(params))

    if reduction == "mean":
        param_count = _count_params(params)
        return jnp.asarray(scale) * jnp.asarray(l2_norm / param_count)
    return jnp.asarray(scale) * jnp.asarray(l2_norm)


def _flatten_nnx_state(state: nnx.State):
    """Flatten an NNX State into (name, value) pairs."""
    items = []

    def _extract_from_state(obj, prefix=""):
        if hasattr(obj, "__dict__"):
            for k, v in obj.__dict__.items():
                new_key = f"{prefix}/{k}" if prefix else k
                if isinstance(v, nnx.Variable):
                    items.append((new_key, v[...]))
                elif isinstance(v, (dict, nnx.State)):
                    _extract_from_state(v, new_key)
        elif isinstance(obj, dict):
            for k, v in obj.items():
                new_key = f"{prefix}/{k}" if prefix else k
                if isinstance(v, nnx.Variable):
                    items.append((new_key, v[...]))
                elif isinstance(v, (dict, nnx.State)):
                    _extract_from_state(v, new_key)

    _extract_from_state(state)
    return items


def _flatten_dict(d, parent_key=""):
    """Flatten a nested dictionary into (name, value) pairs."""
    items = []
    for k, v in d.items() if isinstance(d, dict) else enumerate(d):
        k = str(k)
        new_key = parent_key + "/" + k if parent_key else k
        if isinstance(v, (dict, list)):
            items.extend(_flatten_dict(v, new_key))
        else:
            items.append((new_key, v))
    return items


def _count_params(params):
    """Count the total number of parameters."""
    if isinstance(params, nnx.State):
        return sum(param.size for _, param in _flatten_nnx_state(params))
    elif isinstance(params, jax.Array):
        return params.size
    elif isinstance(params, list):
        return sum(p.size for p in params)
    else:
        return sum(param.size for _, param in _flatten_dict(params))


def exclude_bias_predicate(name: str, param: jax.Array) -> bool:
    """Predicate to exclude bias parameters from regularization."""
    return "bias" not in name.lower()
