# Source: https://github.com/currocam/handbook-abc-jax/blob/3222468d442b04129fbf8db3a37117683948c71f/notebooks/emplik.py
# Title: handbook-abc-jax, notebooks/emplik.py ("Adapted from https://github.com/weiyaw/epel")
# Cut: docstrings shortened; calc_log_ael and the commented-out older solvers dropped.
import jax
import jax.numpy as jnp
from jax import vmap

from typing import Any
from collections.abc import Callable

PyTree = Any
Array = jax.Array


def _newton(f, x0, max_iter=50):
    """Scan-based Newton-Raphson root finder: finds x such that f(x) = 0."""

    def step(x, _):
        J = jax.jacrev(f)(x)
        delta = jnp.linalg.solve(J, -f(x))
        return x + delta, None

    x_final, _ = jax.lax.scan(step, x0, None, length=max_iter)
    return x_final


def llog(x, eps):
    quad = lambda x: jnp.log(eps) - 1.5 + 2 * x / eps - 0.5 * (x / eps) ** 2
    return jax.lax.cond(x < eps, quad, jnp.log, x)


def dllog(x, eps):
    dquad = lambda x: (2 - x / eps) / eps
    return jax.lax.cond(x < eps, dquad, lambda x: 1 / x, x)


def calc_log_w(lbd: Array, H: Array, use_llog: bool = False) -> Array:
    n_data = H.shape[0]

    def calc_log_wi(hi):
        if use_llog:
            log_unscaled_wi = llog(1 / (jnp.dot(lbd, hi) + 1), 1 / n_data)
        else:
            log_unscaled_wi = -jnp.log(jnp.dot(lbd, hi) + 1)
        return -jnp.log(n_data) + log_unscaled_wi

    return vmap(calc_log_wi)(H)


def calc_log_pel(
    h: Callable[[dict[str, Array], PyTree], Array],
    data: dict[str, Array],
    theta: PyTree,
    tol: float = 1e-7,
    max_iter: int = 200,
    check_sum_to_1: bool = True,
    use_llog: bool = False,
) -> float:
    H = vmap(lambda x: h(x, theta))(data)
    lbd = calc_lambda(H, tol, max_iter)
    all_log_w = calc_log_w(lbd, H, use_llog=use_llog)

    if check_sum_to_1:
        log_sum_w = jax.scipy.special.logsumexp(all_log_w)
        sum_to_1 = jnp.allclose(log_sum_w, jnp.zeros(()), atol=1e-3)
        log_pel = jax.lax.select(
            sum_to_1, jnp.sum(all_log_w, axis=0), jnp.array(-jnp.inf)
        )
    else:
        log_pel = jnp.sum(all_log_w, axis=0)
    return log_pel


def calc_lambda(H: Array, tol: float = 1e-7, max_iter: int = 50):
    tangent_solver = lambda g, y: jnp.linalg.solve(jax.jacrev(g)(y), y)

    assert H.ndim == 2  # H should be 2D
    n_data = H.shape[0]

    def dlogEL_ratio(lbd):
        dlogEL_ratio_per_data = lambda h: h * dllog(jnp.dot(lbd, h) + 1, 1 / n_data)
        return jnp.sum(vmap(dlogEL_ratio_per_data)(H), axis=0)

    lbd0 = jnp.zeros((H.shape[1],))

    # The root of grad(logEL_ratio) is the lambda
    return jax.lax.custom_root(
        dlogEL_ratio,
        lbd0,
        _newton,
        tangent_solver,
    )
