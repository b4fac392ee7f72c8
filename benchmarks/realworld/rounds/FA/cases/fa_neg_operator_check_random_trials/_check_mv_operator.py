# Source: https://github.com/iwashita-nozomu/jax_utils/blob/e9c92570e15477088aab1589234676565f96d23f/python/jax_util/solvers/_check_mv_operator.py
# Title: python/jax_util/solvers/_check_mv_operator.py (checks on a matvec operator before running CG/MINRES)
# Cut: kept check_self_adjoint and check_spd_quadratic_form; the report printer and Japanese comments dropped; project constants defined inline.
from __future__ import annotations

from typing import Any, Dict, Tuple

import jax
import jax.numpy as jnp
from jax.typing import DTypeLike

AVOID_ZERO_DIV = 1e-30
DEFAULT_DTYPE = jnp.float64
WEAK_EPS = 1e-6
ZERO = jnp.asarray(0.0)
LinearOperator = Any

def check_self_adjoint(
    Mv: LinearOperator,
    shape: Tuple[int, ...],
    *,
    num_trials: int = 16,
    dtype: DTypeLike = DEFAULT_DTYPE,
) -> Dict[str, Any]:
    """自己随伴性の簡易レポートを返す。"""
    n = int(shape[0])
    if n <= 0:
        raise ValueError("Shape must have positive size for checks.")

    key = jax.random.PRNGKey(0)
    keys = jax.random.split(key, num_trials * 2)

    max_err = ZERO
    for i in range(num_trials):
        x = jax.random.normal(keys[2 * i], (n,), dtype=dtype)
        y = jax.random.normal(keys[2 * i + 1], (n,), dtype=dtype)

        x_my = jnp.vdot(x, Mv @ y)
        y_mx = jnp.vdot(y, Mv @ x)
        denom = jnp.abs(x_my) + jnp.abs(y_mx) + AVOID_ZERO_DIV
        err = jnp.abs(x_my - y_mx) / denom
        max_err = jnp.maximum(max_err, err)

    ok = bool(max_err < WEAK_EPS)
    return {
        "ok": ok,
        "max_err": max_err,
        "num_trials": num_trials,
        "shape": shape,
    }


def check_spd_quadratic_form(
    Mv: LinearOperator,
    shape: Tuple[int, ...],
    *,
    num_trials: int = 16,
    dtype: DTypeLike = DEFAULT_DTYPE,
) -> Dict[str, Any]:
    """SPD 性の簡易レポートを返す。"""
    n = int(shape[0])
    if n <= 0:
        raise ValueError("Shape must have positive size for checks.")

    key = jax.random.PRNGKey(1)
    keys = jax.random.split(key, num_trials)

    min_quad = jnp.asarray(jnp.inf, dtype=dtype)
    for i in range(num_trials):
        x = jax.random.normal(keys[i], (n,), dtype=dtype)
        quad = jnp.vdot(x, Mv @ x)
        min_quad = jnp.minimum(min_quad, quad)

    ok = bool(min_quad > WEAK_EPS)
    return {
        "ok": ok,
        "min_quad": min_quad,
        "num_trials": num_trials,
        "shape": shape,
    }
