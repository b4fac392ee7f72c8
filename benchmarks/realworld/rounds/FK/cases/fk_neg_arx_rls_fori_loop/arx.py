# Source: https://github.com/MatzeLopi/KIT-2243070/blob/0b77f953eae61262f069fbb88a59bd0eea37aa15/Exercises/models/arx.py
# Title: Exercises/models/arx.py (Data-Based Modeling and Control course solutions)
# Cut: docstrings cut; the recursive (non-jitted) rls() helper cut; _mean_absolute_error from models/errors.py inlined.
import time
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def _mean_absolute_error(y, y_hat):
    return jnp.mean(jnp.abs(y - y_hat))


@partial(jax.jit, static_argnames=["na", "nb"])
def data_vector(y: jax.Array, u: jax.Array, na: int, nb: int, k: int) -> jax.Array:
    sa_start = jnp.maximum(0, k - na)
    sb_start = jnp.maximum(0, k - nb)

    sa_len = k - sa_start
    sb_len = k - sb_start

    sa_mask = jnp.where(jnp.arange(1, na + 1) < (sa_len + 1), 1, 0)
    sb_mask = jnp.where(jnp.arange(1, nb + 2) < (sb_len + 2), 1, 0).at[0].set(1)
    sa_slice = jax.lax.dynamic_slice(y, (sa_start,), na) * sa_mask
    sb_slice = jax.lax.dynamic_slice(u, (sb_start,), nb + 1) * sb_mask

    sa = jnp.flip(sa_slice)
    sb = jnp.flip(sb_slice)
    sa = jnp.roll(sa, sa_len - na)
    sb = jnp.roll(sb, sb_len - nb)

    s = jnp.concatenate([sa, sb])
    return s


@partial(jax.jit, static_argnames=["na", "nb"])
def data_matrix(y: jax.Array, u: jax.Array, na: int, nb: int) -> jax.Array:
    ks = jnp.arange(y.shape[0])
    vectorized = jax.vmap(lambda k: data_vector(y, u, na, nb, k))
    return vectorized(ks)


@partial(jax.jit, static_argnames=["na", "nb"])
def fit(
    na: int,
    nb: int,
    y: jax.Array,
    u: jax.Array,
    alpha: float = 10e6,
) -> tuple[jax.Array, jax.Array]:
    init_vector = jnp.zeros(na + nb + 1).reshape(-1, 1)
    init_matrix = jnp.eye(na + nb + 1) * alpha

    def body_fun(k, carry):
        pre_param_vec, prev_uncertanty_mat = carry
        sk: jax.Array = data_vector(y, u, na, nb, k).reshape(-1, 1)
        k_k: jax.Array = (jnp.dot(prev_uncertanty_mat, sk)) / (
            1 + jnp.dot(sk.T, jnp.dot(prev_uncertanty_mat, sk))
        )
        uncertanty_mat = prev_uncertanty_mat - jnp.dot(
            k_k, jnp.dot(sk.T, prev_uncertanty_mat)
        )
        param_vector = pre_param_vec + k_k * (y[k] - jnp.dot(sk.T, pre_param_vec))

        return (param_vector, uncertanty_mat)

    vec, matrix = jax.lax.fori_loop(0, y.shape[0], body_fun, (init_vector, init_matrix))
    return vec.flatten(), matrix


@partial(jax.jit, static_argnames=["na", "nb"])
def simulate(
    y0: jax.Array,
    u: jax.Array,
    na: int,
    nb: int,
    param_vector: jax.Array,
) -> jax.Array:
    assert param_vector.ndim == u.ndim
    N = u.shape[0]
    init_len = y0.shape[0]
    y_sim = jnp.concatenate([y0, jnp.zeros((N - init_len,))])

    def body_fun(k, y_sim):
        s_k = data_vector(y_sim, u, na, nb, k)
        y_pred = jnp.dot(s_k, param_vector)
        y_sim = y_sim.at[k].set(y_pred)
        return y_sim

    y_sim = jax.lax.fori_loop(init_len, N, body_fun, y_sim)
    return y_sim


def optimize(
    y: jax.Array,
    u: jax.Array,
    na_range: jax.Array | tuple[int, int],
    nb_range: jax.Array | tuple[int, int],
) -> tuple[jax.Array, jax.Array, int, int]:

    nas = jnp.arange(na_range[0], na_range[1])
    nbs = jnp.arange(nb_range[0], nb_range[1])

    na_grid, nb_grid = jnp.meshgrid(nas, nbs, indexing="ij")
    na_flat = na_grid.flatten()
    nb_flat = nb_grid.flatten()

    best_params = None
    best_na = None
    best_nb = None
    best_loss = jnp.inf

    total_params = len(na_flat)
    dt_av = 0

    print(f"Testing {total_params} combinations.")
    for index, (na, nb) in enumerate(zip(na_flat, nb_flat)):
        start = time.time()
        na = int(na)
        nb = int(nb)
        params, *_ = fit(na, nb, y, u)
        y_hat = simulate(y[:na], u, na, nb, params)
        loss = _mean_absolute_error(y, y_hat)

        if loss < best_loss:
            best_loss = loss
            best_params = params
            best_na = na
            best_nb = nb

        end = time.time()

        dt = end - start
        dt_av = (dt + dt_av) / 2

        if index % 100 == 0:
            progress = (index + 1) / total_params * 100
            print(f"Progress: {progress:.2f} %")
            print(f"Current iteration: {index + 1} / {total_params}")
            print(
                f"Iteration took {end - start:.2f} seconds, average {dt_av:.2f} seconds"
            )
            jax.clear_caches()

    return best_params, best_loss, best_na, best_nb

