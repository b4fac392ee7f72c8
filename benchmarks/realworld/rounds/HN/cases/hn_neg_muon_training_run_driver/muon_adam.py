# Source: https://github.com/haplesshero13/muon-jax/blob/9e39ee73beb1a43ddd3509139b430e537c5eaed1/src/muon_adam.py
# Title: src/muon_adam.py (Muon Hybrid Optimizer - Muon for matrices, AdamW for everything else)
# Cut: kept create_param_labels and label_fn_from_dict; module docstring and muon_hybrid dropped.
from typing import Any, Callable, Dict, Optional

import jax
import jax.numpy as jnp
import optax

from muon import muon


def create_param_labels(
    params: Any, muon_params_fn: Optional[Callable[[str, Any], bool]] = None
) -> Dict[str, str]:
    """
    Label each parameter as 'muon' or 'adam'.

    Default strategy (matches KellerJordan's approach):
    - Muon: Hidden layer matrices (ndim >= 2, not embed, not lm_head)
    - Adam: Everything else (embeddings, lm_head, scalars, biases)

    Args:
        params: Parameter pytree
        muon_params_fn: Optional custom function(path_str, param) -> bool
                       If True, use Muon; if False, use Adam

    Returns:
        Dict mapping parameter paths to 'muon' or 'adam'
    """

    def default_labeling(path_str: str, param: jnp.ndarray) -> str:
        """
        Default labeling strategy:
        - Use Muon for hidden layer matrices (2D+, not special layers)
        - Use Adam for embeddings, lm_head, and scalars/biases
        """
        # Embeddings → Adam
        if "embed" in path_str.lower():
            return "adam"

        # LM head / output layer → Adam
        if "lm_head" in path_str.lower() or "output" in path_str.lower():
            return "adam"

        # Scalars and vectors (biases, layernorms) → Adam
        if param.ndim < 2:
            return "adam"

        # Hidden layer matrices → Muon
        return "muon"

    # Flatten params to get paths
    flat_params = jax.tree_util.tree_flatten_with_path(params)[0]

    labels = {}
    for path, param in flat_params:
        # Convert path to string
        path_str = "/".join(str(p.key) for p in path)

        # Apply custom or default labeling
        if muon_params_fn is not None:
            use_muon = muon_params_fn(path_str, param)
            label = "muon" if use_muon else "adam"
        else:
            label = default_labeling(path_str, param)

        labels[path_str] = label

    return labels


def label_fn_from_dict(labels: Dict[str, str]) -> Callable:
    """
    Convert label dictionary to a function for optax.multi_transform.

    Args:
        labels: Dict mapping parameter paths to 'muon' or 'adam'

    Returns:
        Function that labels a pytree
    """

    def label_pytree(params):
        """Label each parameter in the pytree"""
        flat_params = jax.tree_util.tree_flatten_with_path(params)[0]

        result = {}
        for path, param in flat_params:
            path_str = "/".join(str(p.key) for p in path)
            result[path_str] = labels.get(path_str, "adam")  # Default to adam

        # Unflatten back to match param structure
        return jax.tree.map(
            lambda p: labels.get(
                "/".join(
                    str(k.key)
                    for k in jax.tree_util.tree_flatten_with_path({"x": p})[0][0][0]
                ),
                "adam",
            ),
            params,
        )

    return label_pytree


