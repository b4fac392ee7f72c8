# Source: https://github.com/amachino/qubex/blob/af2d7ccf6226018e22285b459a6f8ba206439c04/src/qubex/simulator/pulse_optimizer.py
# Title: qubex simulator pulse_optimizer.py (PulseOptimizer, jax/optax GRAPE-style pulse design)
# Cut: plotting/result dataclass, several cached properties (bounds, frame frequency) and the
#      optimize() driver body kept short; evolve/loss/jacobian kept verbatim.
from __future__ import annotations

from functools import cache, cached_property, partial
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
import optax
import qutip as qt
from jax import Array
from jax.scipy.linalg import expm


class PulseOptimizer:
    def __init__(
        self,
        *,
        quantum_system,
        target_unitary: qt.Qobj,
        control_frequencies: dict[str, float],
        segment_count: int,
        segment_width: float,
        max_rabi_frequency: float,
    ):
        self.quantum_system: Final = quantum_system
        self.target_unitary: Final = target_unitary
        self.control_frequencies: Final = control_frequencies
        self.segment_count: Final = segment_count
        self.segment_duration: Final = segment_width
        self.max_rabi_frequency: Final = max_rabi_frequency
        self.jacobian: Final = jax.jit(jax.grad(self.loss_fn))

    @cached_property
    def rotating_system_hamiltonian(self) -> Array:
        H = jnp.asarray(self.quantum_system.hamiltonian.full())
        for target in self.quantum_system.object_labels:
            N = self.number_operator(target)
            H -= 2 * np.pi * self.frame_frequency * N
        return H

    @cached_property
    def target_unitary_dagger(self) -> Array:
        return jnp.asarray(self.target_unitary.full()).conj().T

    @cached_property
    def identity(self) -> Array:
        return jnp.eye(self.target_unitary.shape[0])

    @cached_property
    def frame_frequency(self) -> float:
        return np.mean(list(self.control_frequencies.values())).astype(float)

    @cached_property
    def relative_frequencies(self) -> dict[str, float]:
        return {
            target: frequency - self.frame_frequency
            for target, frequency in self.control_frequencies.items()
        }

    @cache
    def lowering_operator(self, target) -> Array:
        return jnp.asarray(self.quantum_system.get_lowering_operator(target).full())

    @cache
    def raising_operator(self, target) -> Array:
        return jnp.asarray(self.quantum_system.get_raising_operator(target).full())

    @cache
    def number_operator(self, target) -> Array:
        return jnp.asarray(self.quantum_system.get_number_operator(target).full())

    @partial(jax.jit, static_argnums=0)
    def loss_fn(self, params: dict[str, Array]) -> Array:
        U = self.evolve(params)
        return self.unitary_infidelity(U)

    @partial(jax.jit, static_argnums=0)
    def evolve(self, params: dict[str, Array]) -> Array:
        dt = self.segment_duration
        U = self.identity
        for index in range(self.segment_count):
            H = self.rotating_system_hamiltonian
            for target, iq_array in params.items():
                a = self.lowering_operator(target)
                ad = self.raising_operator(target)
                delta = self.relative_frequencies[target]
                I, Q = iq_array[index]
                Omega = I + 1j * Q
                Omega = Omega * np.exp(-1j * delta * dt)
                H += 0.5 * (ad * Omega + a * jnp.conj(Omega))
            U = expm(-1j * H * dt) @ U
        return U

    @partial(jax.jit, static_argnums=0)
    def unitary_infidelity(self, U: Array) -> Array:
        D = self.identity.shape[0]
        V = self.target_unitary_dagger
        return 1 - jnp.abs((V @ U).trace() / D) ** 2

    def optimize(self, params, *, learning_rate=1e-3, max_iterations=1000, tolerance=1e-6):
        solver = optax.adam(learning_rate=learning_rate)
        opt_state = solver.init(params)
        for _ in range(max_iterations):
            grad = self.jacobian(params)
            updates, opt_state = solver.update(grad, opt_state, params)
            params = optax.apply_updates(params, updates)
            loss = self.loss_fn(params)
            if loss < tolerance:
                break
        return params
