# Source: https://github.com/Routhleck/canns/blob/e0cb9e8f13feef401694e1a0f868d3c0703e0d87/src/canns/models/brain_inspired/hopfield.py
# Title: src/canns/models/brain_inspired/hopfield.py (AmariHopfieldNetwork, asynchronous update in fori_loop)
# Cut: class docstring, resize, storage capacity and overlap helpers dropped.
import brainpy.math as bm
import jax
import jax.numpy as jnp

from ._base import BrainInspiredModel

__all__ = ["AmariHopfieldNetwork"]


class AmariHopfieldNetwork(BrainInspiredModel):
    """Amari-Hopfield network with discrete or continuous dynamics."""

    def __init__(
        self,
        num_neurons: int,
        asyn: bool = False,
        threshold: float = 0.0,
        activation: str = "sign",
        temperature: float = 1.0,
        **kwargs,
    ):
        super().__init__(**kwargs)

        self.num_neurons = num_neurons
        self.asyn = asyn
        self.threshold = threshold
        self.temperature = temperature

        # Set activation function based on type
        self.activation = self._get_activation_fn(activation)

        self.s = bm.Variable(jnp.ones(self.num_neurons, dtype=jnp.float32))  # Binary states (+1/-1)
        self.W = bm.Variable(
            jnp.zeros((self.num_neurons, self.num_neurons), dtype=jnp.float32)
        )  # Weight matrix as trainable parameter

    def _get_activation_fn(self, activation: str):
        """Get activation function based on activation type."""
        if activation == "sign":
            return bm.sign
        elif activation == "tanh":
            return lambda x: jnp.tanh(x / self.temperature)
        elif activation == "sigmoid":
            return lambda x: jax.nn.sigmoid(x / self.temperature)
        else:
            raise ValueError(f"Unknown activation type: {activation}")

    def update(self, e_old):
        """Update network state for one time step.

        Args:
            e_old: Unused placeholder for trainer compatibility.

        Returns:
            None
        """
        if self.asyn:
            self._asynchronous_update()
        else:
            self._synchronous_update()

    def _asynchronous_update(self):
        """Asynchronous update - one neuron at a time.

        Implemented with JAX-friendly primitives so it can be used in compiled
        prediction loops. Avoid Python-side mutation of traced indices.
        """
        key = bm.random.get_key()
        idxs = jax.random.permutation(key, self.num_neurons)

        def body(i, s):
            idx = idxs[i]
            # Update a single randomly-chosen neuron based on current state s
            val = self.activation(self.W.value[idx].T @ s - self.threshold)
            return s.at[idx].set(val)

        self.s.value = jax.lax.fori_loop(0, self.num_neurons, body, self.s.value)

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
        # Energy with threshold term: E = -0.5 * s^T W s + Σ_i s_i * threshold
        quad = -0.5 * jnp.dot(state, jnp.dot(self.W.value, state))
        thr = jnp.float32(self.threshold) * jnp.sum(state)
        return quad + thr
