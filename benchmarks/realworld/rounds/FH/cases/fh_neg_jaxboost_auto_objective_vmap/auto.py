# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/src/jaxboost/objective/auto.py
# Title: src/jaxboost/objective/auto.py (jaxboost AutoObjective: XGBoost/LightGBM objectives from a per-sample JAX loss)
# Cut: kept imports, __init__, _loss_wrapper, _get_vmap_fns, _split_kwargs, __call__ and gradient;
#      hessian, grad_hess and the xgb/lgb adapters removed.
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from numpy.typing import NDArray

LossFunction = Any


class AutoObjective:
    """
    Automatically generate XGBoost/LightGBM objective functions.

    Uses JAX automatic differentiation to compute gradients and Hessians,
    eliminating the need for manual derivation.

    Args:
        loss_fn: A loss function that takes (y_pred, y_true, **kwargs) and
                 returns a scalar loss. Should operate on single samples.

    Example:
        >>> @AutoObjective
        ... def my_loss(y_pred, y_true, alpha=0.5):
        ...     return alpha * (y_pred - y_true) ** 2
        >>>
        >>> # Use with XGBoost
        >>> model = xgb.train(params, dtrain, obj=my_loss.xgb_objective)
        >>>
        >>> # Use with custom parameters
        >>> model = xgb.train(params, dtrain, obj=my_loss.get_xgb_objective(alpha=0.7))
    """

    def __init__(self, loss_fn: LossFunction) -> None:
        self.loss_fn = loss_fn
        self._name = getattr(loss_fn, "__name__", "custom_objective")
        self._default_kwargs: dict[str, Any] = {}

        # Pre-compile gradient and Hessian functions
        self._grad_fn = jax.grad(self._loss_wrapper, argnums=0)
        self._hess_fn = jax.grad(
            lambda *args, **kw: self._grad_fn(*args, **kw), argnums=0
        )

        # Cache for JIT-compiled vmap functions (keyed by array kwargs pattern)
        self._vmap_cache: dict[frozenset[str], tuple[Any, Any]] = {}

    def _loss_wrapper(
        self,
        y_pred: jax.Array,
        y_true: jax.Array,
        scalar_kwargs: dict[str, Any],
        array_kwargs: dict[str, Any],
    ) -> jax.Array:
        """Wrapper to handle kwargs as dict arguments for JAX transformations."""
        return self.loss_fn(y_pred, y_true, **scalar_kwargs, **array_kwargs)

    def _get_vmap_fns(self, array_kwarg_keys: frozenset[str]) -> tuple[Any, Any]:
        """Get or create JIT-compiled vmap functions for given array kwargs pattern."""
        if array_kwarg_keys not in self._vmap_cache:
            # Create in_axes: (0, 0, None for scalars, 0 for each array kwarg)
            array_in_axes = {k: 0 for k in array_kwarg_keys}
            in_axes = (0, 0, None, array_in_axes if array_in_axes else None)

            vmap_grad = jax.jit(jax.vmap(self._grad_fn, in_axes=in_axes))
            vmap_hess = jax.jit(jax.vmap(self._hess_fn, in_axes=in_axes))
            self._vmap_cache[array_kwarg_keys] = (vmap_grad, vmap_hess)

        return self._vmap_cache[array_kwarg_keys]

    def _split_kwargs(
        self, kwargs: dict[str, Any], n_samples: int
    ) -> tuple[dict[str, Any], dict[str, jax.Array], frozenset[str]]:
        """Split kwargs into scalar and array kwargs."""
        scalar_kwargs: dict[str, Any] = {}
        array_kwargs: dict[str, jax.Array] = {}

        for k, v in kwargs.items():
            if (
                isinstance(v, (np.ndarray, jax.Array))
                and hasattr(v, "__len__")
                and len(v) == n_samples
            ):
                array_kwargs[k] = jnp.asarray(v, dtype=jnp.float32)
            else:
                scalar_kwargs[k] = v

        return scalar_kwargs, array_kwargs, frozenset(array_kwargs.keys())

    def __call__(
        self, y_pred: jax.Array, y_true: jax.Array, **kwargs: Any
    ) -> jax.Array:
        """Compute the loss value for a batch."""
        n_samples = len(y_pred)
        scalar_kwargs, array_kwargs, array_keys = self._split_kwargs(kwargs, n_samples)
        in_axes = (0, 0, None, {k: 0 for k in array_keys} if array_keys else None)
        return jax.vmap(self._loss_wrapper, in_axes=in_axes)(
            y_pred, y_true, scalar_kwargs, array_kwargs
        )

    def gradient(
        self,
        y_pred: NDArray[np.floating[Any]],
        y_true: NDArray[np.floating[Any]],
        **kwargs: Any,
    ) -> NDArray[np.floating[Any]]:
        """
        Compute gradient of loss w.r.t. y_pred for each sample.

        Args:
            y_pred: Predictions, shape (n_samples,)
            y_true: True labels, shape (n_samples,)
            **kwargs: Additional arguments passed to the loss function

        Returns:
            Gradients, shape (n_samples,)
        """
        merged_kwargs = {**self._default_kwargs, **kwargs}
        y_pred_jax = jnp.asarray(y_pred, dtype=jnp.float32)
        y_true_jax = jnp.asarray(y_true, dtype=jnp.float32)

        n_samples = len(y_pred)
        scalar_kwargs, array_kwargs, array_keys = self._split_kwargs(
            merged_kwargs, n_samples
        )
        vmap_grad, _ = self._get_vmap_fns(array_keys)

        grads = vmap_grad(y_pred_jax, y_true_jax, scalar_kwargs, array_kwargs)
        return np.asarray(grads, dtype=np.float64)
