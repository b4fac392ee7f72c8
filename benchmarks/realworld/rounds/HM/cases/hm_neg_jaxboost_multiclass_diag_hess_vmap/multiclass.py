# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/src/jaxboost/objective/multiclass.py
# Title: jaxboost src/jaxboost/objective/multiclass.py (multi-class XGBoost/LightGBM objective via JAX)
# Cut: module and class docstrings, grad_hess, the xgb/lgb wrappers and the built-in losses removed;
#      the per-sample gradient and diagonal-Hessian machinery kept as written.
from __future__ import annotations

from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np
from numpy.typing import NDArray


class MultiClassObjective:
    def __init__(
        self,
        loss_fn: Callable[..., jax.Array] | None = None,
        n_classes: int = 3,
    ) -> None:
        self.n_classes = n_classes
        self._default_kwargs: dict[str, Any] = {}

        if loss_fn is not None:
            self._init_with_fn(loss_fn)
        else:
            self.loss_fn = None
            self._name = "multiclass_objective"

    def _init_with_fn(self, loss_fn: Callable[..., jax.Array]) -> None:
        """Initialize with a loss function."""
        self.loss_fn = loss_fn
        self._name = getattr(loss_fn, "__name__", "multiclass_objective")

        # Gradient function: returns gradient w.r.t. each class logit
        self._grad_fn = jax.grad(self._loss_wrapper, argnums=0)

        # Hessian diagonal
        def diag_hess(
            logits: jax.Array, label: jax.Array, kwargs: dict[str, Any]
        ) -> jax.Array:
            """Compute diagonal of Hessian."""

            def loss_i(i: int) -> Callable[[jax.Array], jax.Array]:
                def fn(li: jax.Array) -> jax.Array:
                    logits_new = logits.at[i].set(li)
                    return self._loss_wrapper(logits_new, label, kwargs)

                return fn

            def hess_ii(i: int) -> jax.Array:
                return jax.grad(jax.grad(loss_i(i)))(logits[i])

            return jax.vmap(hess_ii)(jnp.arange(self.n_classes))

        self._hess_fn = diag_hess

    def __call__(self, loss_fn: Callable[..., jax.Array]) -> MultiClassObjective:
        """Allow use as a decorator with arguments."""
        new_instance = MultiClassObjective(loss_fn=loss_fn, n_classes=self.n_classes)
        new_instance._default_kwargs = self._default_kwargs.copy()
        return new_instance

    def _loss_wrapper(
        self, logits: jax.Array, label: jax.Array, kwargs: dict[str, Any]
    ) -> jax.Array:
        """Wrapper for loss function."""
        return self.loss_fn(logits, label, **kwargs)

    def gradient(
        self,
        y_pred: NDArray[np.floating[Any]],
        y_true: NDArray[np.floating[Any]],
        **kwargs: Any,
    ) -> NDArray[np.floating[Any]]:
        """
        Compute gradient for multi-class predictions.

        Args:
            y_pred: Predictions, shape (n_samples, n_classes) or flattened
            y_true: True labels, shape (n_samples,) integer class indices
            **kwargs: Additional arguments

        Returns:
            Gradients, shape (n_samples, n_classes)
        """
        merged_kwargs = {**self._default_kwargs, **kwargs}

        # Reshape predictions if needed
        y_pred_arr = np.asarray(y_pred)
        if y_pred_arr.ndim == 1:
            y_pred_2d = y_pred_arr.reshape(-1, self.n_classes)
        else:
            y_pred_2d = y_pred_arr

        y_pred_jax = jnp.asarray(y_pred_2d, dtype=jnp.float32)
        y_true_jax = jnp.asarray(y_true, dtype=jnp.int32)

        # Compute gradients for each sample
        def grad_single(logits: jax.Array, label: jax.Array) -> jax.Array:
            return self._grad_fn(logits, label, merged_kwargs)

        grads = jax.vmap(grad_single)(y_pred_jax, y_true_jax)

        return np.asarray(grads, dtype=np.float64)

    def hessian(
        self,
        y_pred: NDArray[np.floating[Any]],
        y_true: NDArray[np.floating[Any]],
        **kwargs: Any,
    ) -> NDArray[np.floating[Any]]:
        """
        Compute diagonal Hessian for multi-class predictions.

        Args:
            y_pred: Predictions, shape (n_samples, n_classes) or flattened
            y_true: True labels, shape (n_samples,) integer class indices
            **kwargs: Additional arguments

        Returns:
            Diagonal Hessians, shape (n_samples, n_classes)
        """
        merged_kwargs = {**self._default_kwargs, **kwargs}

        y_pred_arr = np.asarray(y_pred)
        if y_pred_arr.ndim == 1:
            y_pred_2d = y_pred_arr.reshape(-1, self.n_classes)
        else:
            y_pred_2d = y_pred_arr
        y_pred_jax = jnp.asarray(y_pred_2d, dtype=jnp.float32)
        y_true_jax = jnp.asarray(y_true, dtype=jnp.int32)

        def hess_single(logits: jax.Array, label: jax.Array) -> jax.Array:
            return self._hess_fn(logits, label, merged_kwargs)

        hess = jax.vmap(hess_single)(y_pred_jax, y_true_jax)

        return np.asarray(hess, dtype=np.float64)
