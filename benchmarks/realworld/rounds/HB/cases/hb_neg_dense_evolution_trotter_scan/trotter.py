# Source: https://github.com/tatopenn-cell/Dense-Evolution/blob/4426db759c08c72130ed2f751177ad1bb69d66e2/dense_evolution/circuits/trotter.py
# Title: dense_evolution/circuits/trotter.py (Trotterized gate circuits and continuous_pulse_evolve, PR #121)
# Cut: module and function docstrings shortened; code kept.
import jax
import jax.numpy as jnp
from jax.scipy.linalg import expm

__all__ = ['pauli_rotation_ops', 'trotter_evolve_ops', 'continuous_pulse_evolve']


def pauli_rotation_ops(pauli_dict, angle):
    """Gate-tuple circuit for exp(-i*angle*P), P a Pauli string {qubit: 'X'/'Y'/'Z'}."""
    qubits = sorted(pauli_dict.keys())
    if not qubits:
        return []
    ops = []
    for q in qubits:
        letter = pauli_dict[q]
        if letter == 'X':
            ops.append(('h', q))
        elif letter == 'Y':
            ops.append(('sdg', q))
            ops.append(('h', q))
    for i in range(len(qubits) - 1):
        ops.append(('cx', qubits[i], qubits[i + 1]))
    ops.append(('rz', qubits[-1], 2 * angle))
    for i in reversed(range(len(qubits) - 1)):
        ops.append(('cx', qubits[i], qubits[i + 1]))
    for q in qubits:
        letter = pauli_dict[q]
        if letter == 'X':
            ops.append(('h', q))
        elif letter == 'Y':
            ops.append(('h', q))
            ops.append(('s', q))
    return ops


def trotter_evolve_ops(terms, t, n_steps, order=1):
    """Trotter product formula for exp(-i*H*t), H = sum_k c_k*P_k, as gate tuples."""
    if order not in (1, 2):
        raise ValueError(f"order must be 1 or 2, got {order}")
    dt = t / n_steps
    if order == 1:
        step_ops = []
        for c, pdict in terms:
            step_ops.extend(pauli_rotation_ops(pdict, c * dt))
    else:
        half_dt = dt / 2
        step_ops = []
        for c, pdict in terms:
            step_ops.extend(pauli_rotation_ops(pdict, c * half_dt))
        for c, pdict in reversed(terms):
            step_ops.extend(pauli_rotation_ops(pdict, c * half_dt))
    return step_ops * n_steps


def continuous_pulse_evolve(psi0, hamiltonian_fn, coeffs_t, dt, observable_fn=None):
    """Evolve a statevector under a time-dependent Hamiltonian via jax.lax.scan:
    one exp(-i*H(t)*dt) per slice, O(1)-per-step scan carry."""
    def step(psi, coeff):
        H_t = hamiltonian_fn(coeff)
        U_step = expm(-1j * H_t * dt)
        next_psi = jnp.dot(U_step, psi)
        y = observable_fn(next_psi) if observable_fn is not None else None
        return next_psi, y

    final_psi, trajectory = jax.lax.scan(step, jnp.asarray(psi0), jnp.asarray(coeffs_t))
    return final_psi, trajectory
