# Source: https://github.com/tatopenn-cell/Dense-Evolution/blob/7048c25d2d7f48ac0090ef918e35f81ebef6591e/dense_evolution/noise/density_matrix_channels.py
# Title: dense_evolution/noise/density_matrix_channels.py (noise channels applied to a density matrix)
# Cut: docstrings shortened; code kept.
import jax.numpy as jnp

__all__ = ["global_depolarizing_channel", "amplitude_damping_channel", "phaseflip_channel_exact"]


def global_depolarizing_channel(rho: jnp.ndarray, p: float) -> jnp.ndarray:
    """Global n-qubit depolarizing channel, D_p(rho) = (1-p)*rho + (p/dim)*I."""
    rho = jnp.asarray(rho, dtype=jnp.complex128)
    dim = rho.shape[0]
    identity = jnp.eye(dim, dtype=jnp.complex128)
    return (1.0 - p) * rho + (p / dim) * identity


def amplitude_damping_channel(rho: jnp.ndarray, gamma: float) -> jnp.ndarray:
    """Single-qubit amplitude-damping channel (T1 / quasiparticle poisoning)."""
    rho = jnp.asarray(rho, dtype=jnp.complex128)
    e0 = jnp.array([[1.0, 0.0], [0.0, jnp.sqrt(1.0 - gamma)]], dtype=jnp.complex128)
    e1 = jnp.array([[0.0, jnp.sqrt(gamma)], [0.0, 0.0]], dtype=jnp.complex128)
    return e0 @ rho @ e0.conj().T + e1 @ rho @ e1.conj().T


def phaseflip_channel_exact(rho: jnp.ndarray, p: float) -> jnp.ndarray:
    """Exact multi-qubit phaseflip channel, K0=sqrt(1-p)*I, K1=sqrt(p)*Z per qubit:
    each qubit's channel is one elementwise multiply, no operator built."""
    rho = jnp.asarray(rho, dtype=jnp.complex128)
    dim = rho.shape[0]
    n_qubits = dim.bit_length() - 1
    idx = jnp.arange(dim)
    for q in range(n_qubits):
        sign = 1.0 - 2.0 * ((idx >> q) & 1)
        flip_sign = jnp.outer(sign, sign)
        rho = (1.0 - p) * rho + p * (flip_sign * rho)
    return rho
