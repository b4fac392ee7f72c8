# Source: https://github.com/oswinso/learning_non_euclidean_hamiltonian/blob/82ef24751841de8fac7bb2e572fe2c419b863c3b/integrators/multi_symplectic.py
# Title: integrators/multi_symplectic.py
# Cut: kept get_multi_verlet (the lax.scan Lie-group Verlet integrator and its vmap wrapper); removed the
#      commented inner loop, debug printing and the use_serial_scan debug switch.
from typing import NamedTuple

import jax
import jax.lax as jl
import jax.numpy as jnp


class IntResult(NamedTuple):
    qs: jnp.ndarray
    ps: jnp.ndarray
    Rs: jnp.ndarray
    Pis: jnp.ndarray


class SO3IntOuterState(NamedTuple):
    q: jnp.ndarray
    p: jnp.ndarray
    R: jnp.ndarray
    Pi: jnp.ndarray
    R_half_expm: jnp.ndarray
    Pi_half_expm: jnp.ndarray


class SO3IntState(NamedTuple):
    q: jnp.ndarray
    p: jnp.ndarray
    R: jnp.ndarray
    Pi: jnp.ndarray


def concat_at_end(xs, x, axis=0):
    return jnp.concatenate([xs, jnp.expand_dims(x, axis)], axis=axis)


def get_multi_verlet(model, h: float, n_steps: int, n_substeps: int = 1, unroll: int = 8, vmap: bool = True):
    substep_h = h / n_substeps
    half_substep = substep_h / 2

    def get_outer_loop(params):
        def _outer_loop(carry: SO3IntOuterState, _):
            R_half_expm, Pi_half_expm = model.d_R_Pi1(params, carry.q, carry.p, carry.R, carry.Pi, half_substep)

            # AB: A half step.
            A_q = carry.q + half_substep * model.d_q(params, carry.q, carry.p, carry.R, carry.Pi)
            A_p = carry.p
            A_R = carry.R @ R_half_expm
            A_Pi = jnp.squeeze(Pi_half_expm @ carry.Pi[:, :, None], axis=-1)

            # AB: B full step.
            B_q = A_q
            B_p = A_p + substep_h * model.d_p(params, A_q, A_p, A_R, A_Pi)
            B_R = A_R
            B_Pi = A_Pi + substep_h * model.d_Pi2(params, A_q, A_p, A_R, A_Pi)

            R_half_expm, Pi_half_expm = model.d_R_Pi1(params, B_q, B_p, B_R, B_Pi, half_substep)

            new_A_q = B_q + half_substep * model.d_q(params, B_q, B_p, B_R, B_Pi)
            new_A_p = B_p
            new_A_R = B_R @ R_half_expm
            new_A_Pi = jnp.squeeze(Pi_half_expm @ B_Pi[:, :, None], axis=-1)

            return SO3IntOuterState(new_A_q, new_A_p, new_A_R, new_A_Pi, R_half_expm, Pi_half_expm), SO3IntState(
                carry.q, carry.p, carry.R, carry.Pi
            )

        return _outer_loop

    def verlet(q0, p0, R0, Pi0, params) -> IntResult:
        outer_loop = get_outer_loop(params)
        R_half_expm, Pi_half_expm = model.d_R_Pi1(params, q0, p0, R0, Pi0, half_substep)

        final_carry, outputs = jl.scan(
            outer_loop,
            SO3IntOuterState(q0, p0, R0, Pi0, R_half_expm, Pi_half_expm),
            None,
            length=n_steps,
            unroll=unroll,
        )

        qs = concat_at_end(outputs.q, final_carry.q, axis=0)
        ps = concat_at_end(outputs.p, final_carry.p, axis=0)
        Rs = concat_at_end(outputs.R, final_carry.R, axis=0)
        Pis = concat_at_end(outputs.Pi, final_carry.Pi, axis=0)
        return IntResult(qs, ps, Rs, Pis)

    # Don't vmap over params.
    if vmap:
        def _verlet(q0, p0, R0, Pi0, params) -> IntResult:
            return jax.vmap(verlet, in_axes=(0, 0, 0, 0, None))(q0, p0, R0, Pi0, params)
    else:
        _verlet = verlet

    return _verlet
