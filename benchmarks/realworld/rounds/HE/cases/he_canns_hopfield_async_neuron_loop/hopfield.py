# Source: https://github.com/Routhleck/canns/blob/26896735c8838827d945ed2d3a89b545f881a350/src/canns/models/brain_inspired/hopfield.py
# Title: src/canns/models/brain_inspired/hopfield.py (AmariHopfieldNetwork, parent of commit 2aeb2a0 which moved
#        the asynchronous update to jax.lax.fori_loop)
# Cut: class docstring, resize, storage capacity and overlap helpers dropped; the loop body is the author's
#      (it writes `self.s.value.at[idx] = ...`).
import brainstate
import brainunit as u
import jax
import jax.numpy as jnp
import numpy as np

from ._base import BrainInspiredModel

__all__ = ["AmariHopfieldNetwork"]


class AmariHopfieldNetwork(BrainInspiredModel):
    """Amari-Hopfield Network (discrete or continuous dynamics)."""

    def __init__(
        self,
        num_neurons: int,
        asyn: bool = False,
        threshold: float = 0.0,
        activation: str = "sign",
        temperature: float = 1.0,
        **kwargs,
    ):
        super().__init__(in_size=num_neurons, **kwargs)

        self.num_neurons = num_neurons
        self.asyn = asyn
        self.threshold = threshold
        self.temperature = temperature

        # Set activation function based on type
        self.activation = self._get_activation_fn(activation)

    def _get_activation_fn(self, activation: str):
        """Get activation function based on activation type."""
        if activation == "sign":
            return u.math.sign
        elif activation == "tanh":
            return lambda x: jnp.tanh(x / self.temperature)
        elif activation == "sigmoid":
            return lambda x: jax.nn.sigmoid(x / self.temperature)
        else:
            raise ValueError(f"Unknown activation type: {activation}")

    def init_state(self):
        """Initialize network state variables."""
        self.s = brainstate.HiddenState(
            jnp.ones(self.num_neurons, dtype=jnp.float32)
        )  # Binary states (+1/-1)
        self.W = brainstate.ParamState(
            jnp.zeros((self.num_neurons, self.num_neurons), dtype=jnp.float32)
        )  # Weight matrix as trainable parameter

    def update(self, e_old):
        """
        Update network state for one time step.
        """
        if self.asyn:
            self._asynchronous_update()
        else:
            self._synchronous_update()

    def _asynchronous_update(self):
        """Asynchronous update - one neuron at a time."""
        random_indices = jax.random.permutation(brainstate.random.get_key(), self.num_neurons)
        for idx in random_indices:
            self.s.value.at[idx] = self.activation(
                self.W.value[idx].T @ self.s.value - self.threshold
            )

    def _synchronous_update(self):
        """Synchronous update - all neurons simultaneously."""
        # update s
        self.s.value = self.activation(self.W.value @ self.s.value - self.threshold)

    # Hebbian learning is handled by HebbianTrainer; no model-specific method needed.
    # Predict methods intentionally removed: use HebbianTrainer.predict for unified API.

    @property
    def energy(self):
        """
        Compute the energy of the network state.
        """
        state = self.s.value

        # Energy: E = -0.5 * Σ_ij W_ij * s_i * s_j
        return -0.5 * jnp.dot(state, jnp.dot(self.W.value, state))
