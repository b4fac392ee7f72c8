# Source: https://github.com/tatopenn-cell/Dense-Evolution/blob/29609510b11d88dc7abd6cd96800ec2d4dcbad3d/dense_evolution/autodiff.py
# Title: dense_evolution/autodiff.py (circuit_to_energy_fn: JAX-differentiable energy function)
# Cut: docstrings shortened; HAS_JAX guard flattened; code kept.
from typing import Callable, Optional, Tuple

import jax
import jax.numpy as jnp

from .parser import QASMCircuit
from .gates import GATE_IDS
from .compiler import QuantumTranspiler, _compile_and_run_circuit_jit

_PARAMETRIC_GATES = ('rx', 'ry', 'rz', 'u1', 'p', 'cp', 'crz')
_TWO_QUBIT_GATES = ('cx', 'cy', 'cz', 'cp', 'crz', 'swap')


def _build_template(circuit: QASMCircuit, n_qubits: int) -> "jnp.ndarray":
    """(n_ops, 4) float64 [g_id, q1, q2, sentinel] template; structural pass only."""
    tuples = []
    for op in circuit.ops:
        name = str(op['name']).lower().strip()
        qubits = [int(q) for q in op.get('qubits', [])]
        if not qubits or any(q >= n_qubits for q in qubits):
            continue
        tuples.append((name, *qubits))

    target = QuantumTranspiler.transpile(tuples)

    rows = []
    for cmd in target:
        name = cmd[0].lower()
        if name not in GATE_IDS:
            continue
        g_id = float(GATE_IDS[name])
        qubits = cmd[1:]
        sentinel = -1.0 if name in _PARAMETRIC_GATES else 0.0
        if name in _TWO_QUBIT_GATES and len(qubits) >= 2:
            rows.append([g_id, float(qubits[0]), float(qubits[1]), sentinel])
        elif qubits:
            rows.append([g_id, float(qubits[0]), 0.0, sentinel])

    if not rows:
        return jnp.empty((0, 4), dtype=jnp.float64)
    return jnp.array(rows, dtype=jnp.float64)


def circuit_to_energy_fn(circuit: QASMCircuit, n_qubits: int) -> Tuple[Callable, int]:
    """Convert a QASMCircuit into a JAX-differentiable energy function
    energy_fn(theta, h_matrix, stato_zero=None) -> (energy, statevector)."""
    template = _build_template(circuit, n_qubits)
    n_params = sum(1 for op in circuit.ops
                   if str(op['name']).lower().strip() in _PARAMETRIC_GATES)

    def energy_fn(theta, h_matrix, stato_zero: Optional["jnp.ndarray"] = None):
        if stato_zero is None:
            stato_zero = jnp.zeros(2 ** n_qubits, dtype=jnp.complex128).at[0].set(1.0)

        if n_params == 0:
            sv = _compile_and_run_circuit_jit(stato_zero, template)
            energy = jnp.real(jnp.vdot(sv, h_matrix @ sv))
            return energy, sv

        def patch_and_apply(carry, op):
            idx = carry
            is_param = op[3] == -1.0
            final_p = jnp.where(is_param, theta[idx], op[3])
            next_idx = jnp.where(is_param, idx + jnp.int32(1), idx)
            return next_idx, jnp.array([op[0], op[1], op[2], final_p], dtype=jnp.float64)

        _, patched_ops = jax.lax.scan(patch_and_apply, jnp.int32(0), template)
        sv = _compile_and_run_circuit_jit(stato_zero, patched_ops)
        energy = jnp.real(jnp.vdot(sv, h_matrix @ sv))
        return energy, sv

    return energy_fn, n_params
