# Source: https://github.com/oswinso/learning_non_euclidean_hamiltonian/blob/82ef24751841de8fac7bb2e572fe2c419b863c3b/reproduce_srnn/reproduce_srnn.py
# Title: reproduce_srnn/reproduce_srnn.py (reproduction of Symplectic RNN in JAX/haiku)
# Cut: kept the separable-H MLP, the Python-loop leapfrog integrator (q-first variant the file returns),
#      the vmapped/differentiated loss and the jitted step; dropped the lax.scan variant, pickle loading,
#      logging and ipdb wrapper; scalarize() inlined.
from typing import NamedTuple, Tuple

import haiku as hk
import jax
import jax.numpy as jnp
import optax


def scalarize(fn):
    return lambda *args: jnp.sum(fn(*args))


class MLP3HSep(hk.Module):
    def __init__(self, n_hidden: int):
        super().__init__()
        self.Ks = hk.nets.MLP([n_hidden, n_hidden, n_hidden, 1], activation=jax.nn.tanh)
        self.Ps = hk.nets.MLP([n_hidden, n_hidden, n_hidden, 1], activation=jax.nn.tanh)

    def energy(self, p, q):
        return self.Ks(p) + self.Ps(q)


class SRNNModel(NamedTuple):
    init: object
    energy: object


def get_model(n_hidden: int, dim: int) -> SRNNModel:
    def _fwd(p, q):
        return MLP3HSep(n_hidden).energy(p, q)

    model = hk.without_apply_rng(hk.transform(_fwd))

    def _init(rng):
        return model.init(rng, jnp.ones(dim), jnp.ones(dim))

    return SRNNModel(_init, model.apply)


class TrainState(NamedTuple):
    params: optax.Params
    opt_state: optax.OptState


def get_leapfrog(model: SRNNModel, dt: float, T: int):
    dHdp = jax.grad(scalarize(model.energy), argnums=1)
    dHdq = jax.grad(scalarize(model.energy), argnums=2)

    full_dt = dt
    half_dt = dt

    def _leapfrog_qfirst(params, p0, q0):
        # p: (dim, ), q: (dim, )
        p, q = p0, q0
        (dim,) = p.shape

        ps = []
        qs = []

        dqdt = dHdp(params, p, q)

        for i in range(T):
            q_half = q + dqdt * half_dt

            ps.append(p)
            qs.append(q)

            dpdt = -dHdq(params, p, q)
            p_next = p + dpdt * full_dt

            dqdt = dHdp(params, p, q)
            q_next = q_half + dqdt * half_dt

            p, q = p_next, q_next

        # (T, dim)
        p = jnp.stack(ps, axis=0)
        q = jnp.stack(qs, axis=0)

        # (T, 2 * dim)
        traj = jnp.concatenate([p, q], axis=1)
        return traj

    return _leapfrog_qfirst


def get_step(integrate, optimizer, dim: int, max_t: int):
    # Don't vmap over parameters.
    vmap_integrate = jax.vmap(integrate, in_axes=(None, 0, 0), out_axes=1)

    def _loss(params, data):
        # batch: (T, batch, 2 * dim)
        z0_batch = data[0]
        p0 = z0_batch[:, :dim]
        q0 = z0_batch[:, dim:]

        traj_simulated = vmap_integrate(params, p0, q0)
        pred = traj_simulated[:max_t, :, :]
        label = data[:max_t, :, :]
        return jnp.mean((pred - label) ** 2)

    def _step(state: TrainState, batch) -> Tuple[jnp.ndarray, TrainState]:
        loss, grads = jax.value_and_grad(_loss)(state.params, batch)
        updates, opt_state = optimizer.update(grads, state.opt_state, state.params)
        params = optax.apply_updates(state.params, updates)
        return loss, state._replace(params=params, opt_state=opt_state)

    return _step


def main(data, T, lr, batch_size, n_samples, n_epochs):
    n_hidden = 32
    dt = 1e-4
    max_t = T
    dim = int(data.shape[2] // 2)
    rng = hk.PRNGSequence(141)

    model = get_model(n_hidden, dim)
    optimizer = optax.adam(lr)
    params = model.init(jax.random.PRNGKey(5452))
    state = TrainState(params, optimizer.init(params))

    integrate1 = get_leapfrog(model, dt, max_t)
    step = jax.jit(get_step(integrate1, optimizer, dim, max_t))

    for epoch in range(n_epochs):
        perm = jax.random.permutation(next(rng), n_samples)
        data_perm = data[:, perm]
        for ii in range(0, n_samples, batch_size):
            if ii + batch_size > n_samples:
                break
            data_batch = data_perm[:max_t, ii: ii + batch_size, :]
            loss, state = step(state, data_batch)
