# Source: https://github.com/Routhleck/canns/blob/e0cb9e8f13feef401694e1a0f868d3c0703e0d87/src/canns/trainer/hebbian.py
# Title: src/canns/trainer/hebbian.py (HebbianTrainer prediction: scanned, Python fallback, per-pattern driver)
# Cut: kept the state helpers, _predict_generic_compiled (bm.scan over iterations), _predict_generic_uncompiled
#      (early-stopping host loop reading float(energy)) and predict_batch (host loop over patterns with tqdm);
#      training, predict() and the anti-Hebbian subclass are dropped.
from __future__ import annotations

from collections.abc import Callable, Iterable

import brainpy.math as bm
import jax
import jax.numpy as jnp
from tqdm import tqdm  # type: ignore

from ..models.brain_inspired import BrainInspiredModel
from ._base import Trainer


class HebbianTrainer(Trainer):
    def _set_state_vector(self, pattern, state_param) -> None:
        """
        Set model state vector from a pattern array.

        Args:
            pattern: Input pattern to set as state
            state_param: State parameter object with .value attribute
        """
        vec = jnp.asarray(pattern, dtype=jnp.float32)
        state_param.value = vec

    def _get_state_vector(self, state_param):
        """
        Get current model state as a JAX array.

        Args:
            state_param: State parameter object with .value attribute

        Returns:
            jnp.ndarray: Current state vector
        """
        return jnp.asarray(state_param.value, dtype=jnp.float32)

    def _predict_generic_compiled(self, num_iter: int, state_param):
        """
        Run prediction with JAX-compiled for loop for maximum performance.

        Uses bm.for_loop for efficient execution on GPU/TPU.
        No early stopping or progress tracking for compilation compatibility.

        Args:
            num_iter: Fixed number of iterations to run
            state_param: State parameter to update

        Returns:
            Final state vector after num_iter iterations
        """
        # Initial energy
        initial_energy = jnp.float32(self.model.energy)

        def step_fn(prev_energy, i):
            # Single update step with previous energy
            self.model.update(prev_energy)
            # Return new energy for next iteration (carry) and None (output)
            new_energy = jnp.float32(self.model.energy)
            return new_energy, None

        # Run scan (modifies model state in-place, carries energy forward)
        final_energy, _ = bm.scan(step_fn, initial_energy, bm.arange(num_iter))

        # Return final state
        return self._get_state_vector(state_param)

    def _predict_generic_uncompiled(
        self,
        num_iter: int,
        progress_callback,
        convergence_threshold: float,
        state_param,
    ):
        """
        Run prediction with Python loop allowing early stopping and progress tracking.

        Uses standard Python for loop enabling convergence checks and callbacks.
        Less efficient than compiled version but provides more control and feedback.

        Args:
            num_iter: Maximum number of iterations
            progress_callback: Optional callback(iter, energy, converged, delta)
            convergence_threshold: Energy change threshold for early stopping
            state_param: State parameter to update

        Returns:
            Final state vector (may stop early if converged)
        """
        prev_energy = float(self.model.energy)
        for iteration in range(num_iter):
            self.model.update(prev_energy)
            current_energy = float(self.model.energy)
            energy_change = abs(current_energy - prev_energy)
            converged = energy_change < convergence_threshold
            if progress_callback is not None:
                progress_callback(iteration + 1, current_energy, converged, energy_change)
            if converged:
                break
            prev_energy = current_energy
        return self._get_state_vector(state_param)

    def predict_batch(
        self,
        patterns: list,
        num_iter: int = 20,
        compiled: bool | None = None,
        show_sample_progress: bool = True,
        show_iteration_progress: bool | None = None,
        convergence_threshold: float = 1e-10,
    ) -> list:
        """
        Predict multiple patterns with progress reporting.

        Args:
            patterns: List of input patterns to predict
            num_iter: Maximum number of iterations per pattern
            compiled: Override default compiled setting
            show_sample_progress: Whether to show progress across samples
            show_iteration_progress: Override default iteration progress setting
            convergence_threshold: Energy change threshold for convergence

        Returns:
            List of predicted patterns
        """
        # Always use compiled path (ignore flags)
        compiled = True
        show_iteration_progress = False

        results = []

        # Create sample-level progress bar
        sample_pbar = None
        if show_sample_progress:
            sample_pbar = tqdm(total=len(patterns), desc="Processing samples", ncols=80, leave=True)

        try:
            for i, pattern in enumerate(patterns):
                # Predict single pattern
                result = self.predict(
                    pattern,
                    num_iter=num_iter,
                    compiled=compiled,
                    show_progress=show_iteration_progress,
                    convergence_threshold=convergence_threshold,
                )
                results.append(result)

                # Update sample progress
                if sample_pbar is not None:
                    sample_pbar.set_postfix(sample=f"{i + 1}/{len(patterns)}")
                    sample_pbar.update(1)

        finally:
            if sample_pbar is not None:
                sample_pbar.close()

        return results
