# Source: https://github.com/Routhleck/canns/blob/6a8bbd46b1f9fb4501629364043edfac5d07ea23/src/canns/trainer/hebbian.py
# Title: src/canns/trainer/hebbian.py (HebbianTrainer generic Hebbian rule, parent of commit 61209df which
#        replaced the pattern loop with jax.vmap)
# Cut: kept the imports, class header, train() and _apply_generic_hebbian (run eagerly, with a tqdm bar);
#      constructor, model resizing and prediction are dropped.
from __future__ import annotations

from collections.abc import Callable, Iterable

import brainstate
import jax.numpy as jnp
from tqdm import tqdm  # type: ignore

from ..models.brain_inspired import BrainInspiredModel
from ._base import Trainer


class HebbianTrainer(Trainer):
    def train(self, train_data: Iterable):
        """
        Train the model using Hebbian learning.

        Behavior
        - Preferred path: apply a generic Hebbian update directly to ``model.<weight_attr>``.
        - Fallback path: call ``model.apply_hebbian_learning(train_data)`` if generic path
          is unavailable.

        Requirements for generic path
        - Model must expose ``model.<weight_attr>`` with a ``.value`` array of shape (N, N).
        - Optionally, models can declare ``weight_attr`` property to specify the
          attribute name, allowing ``HebbianTrainer(..., weight_attr=None)``.
        """
        used_generic = False

        # Materialize training data (avoid consuming generators twice)
        patterns = [jnp.asarray(p) for p in train_data]
        if len(patterns) == 0:
            return

        # Determine the weight attribute to use (allow model override via `weight_attr`)
        weight_attr = self.weight_attr
        if weight_attr is None and hasattr(self.model, "weight_attr"):
            try:
                weight_attr = self.model.weight_attr  # could be property/str
                if callable(weight_attr):
                    weight_attr = weight_attr()
            except Exception:
                weight_attr = None

        # Ensure model dimensionality matches training patterns (use first pattern)
        n = int(jnp.asarray(patterns[0]).shape[0])
        self._ensure_model_dim(n, weight_attr)

        # Try generic path if preferred
        if self.prefer_generic and weight_attr is not None:
            param = getattr(self.model, weight_attr, None)
            if param is not None and hasattr(param, "value"):
                W = param.value
                if (
                    W is not None
                    and hasattr(W, "shape")
                    and len(W.shape) == 2
                    and W.shape[0] == W.shape[1]
                ):
                    self._apply_generic_hebbian(patterns, param)
                    used_generic = True

        # Fallback to model-specific implementation if generic path wasn't used
        if not used_generic:
            if hasattr(self.model, "apply_hebbian_learning"):
                self.model.apply_hebbian_learning(patterns)
            else:
                raise AttributeError(
                    "Model does not expose a suitable weight attribute for generic Hebbian "
                    "learning and has no `apply_hebbian_learning` method."
                )

    def _apply_generic_hebbian(self, train_data: Iterable, weight_param) -> None:
        """
        Apply generic Hebbian learning.

        Rule
        - ``W <- W + Σ (t t^T)`` where ``t = x - rho`` if centering enabled, otherwise ``t = x``.
        - If ``normalize_by_patterns`` is True, divide by number of patterns.
        - If ``zero_diagonal`` is True, set diagonal to zero after update.

        Args
        - train_data: Iterable of 1D patterns (numpy/jax arrays) of shape (N,).
        - weight_param: Parameter object with ``.value`` as ndarray (N, N).
        """
        # Gather patterns as jax arrays
        patterns = [jnp.asarray(p, dtype=jnp.float32) for p in train_data]
        if len(patterns) == 0:
            return
        num_patterns = len(patterns)

        # Infer size and basic checks
        n = patterns[0].shape[0]
        for p in patterns:
            if p.ndim != 1 or p.shape[0] != n:
                raise ValueError("All patterns must be 1D with consistent length.")

        # Create training progress bar via tqdm
        total_steps = num_patterns * (2 if self.subtract_mean else 1)
        pbar = tqdm(total=total_steps, desc="Learning patterns", ncols=80, leave=False)

        try:
            # Compute mean activity (rho) across dataset if requested
            rho = jnp.float32(0.0)
            if self.subtract_mean:
                total_sum = jnp.float32(0.0)
                for p in patterns:
                    total_sum = total_sum + jnp.sum(p)
                    pbar.update(1)
                rho = total_sum / (num_patterns * n)

            # Accumulate outer products
            W_accum = jnp.zeros((n, n), dtype=jnp.float32)
            for p in patterns:
                t = p - rho if self.subtract_mean else p
                W_accum = W_accum + jnp.outer(t, t)
                pbar.update(1)

            if self.normalize_by_patterns:
                W_accum = W_accum / num_patterns

            # Update with existing weights
            W_new = jnp.asarray(weight_param.value, dtype=jnp.float32) + W_accum

            # Force zero diagonal if required
            if self.zero_diagonal:
                W_new = W_new - jnp.diag(jnp.diag(W_new))

            weight_param.value = W_new
        finally:
            pbar.close()
