# Source: https://github.com/oswinso/learning_non_euclidean_hamiltonian/blob/82ef24751841de8fac7bb2e572fe2c419b863c3b/reproduce_srnn/reproduce_srnn.py
# Title: reproduce_srnn/reproduce_srnn.py (reproduction of Symplectic RNN in JAX/haiku)
# Cut: kept only the lax.scan leapfrog variant (get_outer_loop/_leapfrog_scan) and the vmapped,
#      differentiated loss plus jitted step that call it; the Python-loop variant and I/O were removed.
from typing import NamedTuple

import haiku as hk
import jax
import jax.numpy as jnp
import optax
from jax import lax


def scalarize(fn):
    return lambda *args: jnp.sum(fn(*args))


class OuterState(NamedTuple):
    q: jnp.ndarray
    p: jnp.ndarray


class IntState(NamedTuple):
    q: jnp.ndarray
    p: jnp.ndarray


def get_leapfrog_scan(energy, dt: float, T: int):
    dHdp = jax.grad(scalarize(energy), argnums=1)
    dHdq = jax.grad(scalarize(energy), argnums=2)

    full_dt = dt
    half_dt = dt

    def get_outer_loop(params: hk.Params):
        def _outer_loop(carry, _):
            dq = -dHdp(params, carry.p, carry.q)
            A_q = carry.q + half_dt * dq
            A_p = carry.p

            # Full step
            dp = dHdq(params, A_p, A_q)
            B_q = A_q
            B_p = A_p + full_dt * dp

            # Half step.
            dq = -dHdp(params, B_p, B_q)
            new_A_q = B_q + half_dt * dq
            new_A_p = B_p

            return OuterState(new_A_q, new_A_p), IntState(carry.q, carry.p)

        return _outer_loop

    def _leapfrog_scan(params, p0, q0):
        (dim,) = p0.shape
        outer_loop = get_outer_loop(params)
        final_carry, outputs = lax.scan(outer_loop, OuterState(q0, p0), None, length=T)
        p, q = outputs.p, outputs.q
        traj = jnp.concatenate([p, q], axis=1)
        return traj

    return _leapfrog_scan


def get_step(integrate, optimizer, dim: int, max_t: int):
    vmap_integrate = jax.vmap(integrate, in_axes=(None, 0, 0), out_axes=1)

    def _loss(params, data):
        z0_batch = data[0]
        p0 = z0_batch[:, :dim]
        q0 = z0_batch[:, dim:]
        traj_simulated = vmap_integrate(params, p0, q0)
        return jnp.mean((traj_simulated[:max_t] - data[:max_t]) ** 2)

    @jax.jit
    def _step(params, opt_state, batch):
        loss, grads = jax.value_and_grad(_loss)(params, batch)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return loss, optax.apply_updates(params, updates), opt_state

    return _step
