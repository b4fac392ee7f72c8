# Source: https://github.com/iwashita-nozomu/jax_utils/blob/e9c92570e15477088aab1589234676565f96d23f/python/jax_util/solvers/slq.py
# Title: python/jax_util/solvers/slq.py (stochastic Lanczos quadrature)
# Cut: kept Lanczos (lax.scan), the Gauss nodes/weights, the probe generator and slq_trace_f; module docstring, Japanese comments and the density/CDF estimators dropped; project type aliases replaced by jax.Array.
from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import jax
import jax.numpy as jnp
from jax import lax
from jax.typing import DTypeLike

DEFAULT_DTYPE = jnp.float64
LinearOperator = Matrix = Scalar = Vector = jax.Array


def _lanczos_tridiag_from_v0(
    mv: LinearOperator,
    v0: Matrix,
    m: int,
    *,
    eps: Scalar,
) -> Matrix:
    """
    m-step Lanczos により対称三重対角行列 T を構成します。

    Notes
    -----
    - 3項漸化式（再直交化なし）です。
    - `eps` はゼロ割り回避のための小さい正の定数です。
    """
    v0 = v0 / (jnp.linalg.norm(v0) + eps)

    def step(carry: tuple[Vector, Vector, Scalar], _):
        v_prev, v_curr, beta_prev = carry

        w = mv @ v_curr - beta_prev * v_prev
        alpha: Scalar = jnp.dot(v_curr, w)
        w = w - alpha * v_curr
        beta: Scalar = jnp.linalg.norm(w)

        v_next = w / (beta + eps)
        return (v_curr, v_next, beta), (alpha, beta)

    carry0 = (
        jnp.zeros_like(v0),
        v0,
        jnp.asarray(0.0, dtype=v0.dtype),
    )
    _, (alphas, betas) = lax.scan(step, carry0, xs=None, length=m)

    off = betas[:-1]  # length m-1
    T = jnp.diag(alphas) + jnp.diag(off, 1) + jnp.diag(off, -1)
    return T



def _nodes_weights_from_T(T: Matrix) -> tuple[Vector, Vector]:
    """Lanczos が誘導する Gauss 求積のノード・重みを返します。"""
    evals, evecs = jnp.linalg.eigh(T)
    w = evecs[0, :] ** 2
    return evals, w


def _make_probe_vectors(
    *,
    dim: int,
    s: int,
    probe: Literal["rademacher", "normal"],
    seed: int,
    dtype: DTypeLike,
    eps: Scalar,
) -> Matrix:
    """SLQ のプローブベクトル（shape==(dim, s)）を生成します。"""
    key = jax.random.PRNGKey(seed)
    keys = jax.random.split(key, s)

    if probe == "rademacher":
        def one(k: jax.Array) -> Vector:
            z = jax.random.rademacher(k, (dim,), dtype=dtype)
            return z / jnp.sqrt(jnp.asarray(dim, dtype=dtype))

        v = jax.vmap(one)(keys)  # (s, dim)
        return jnp.asarray(v.T)

    def one(k: jax.Array) -> Vector:
        x = jax.random.normal(k, (dim,), dtype=dtype)
        return x / (jnp.linalg.norm(x) + eps)

    v = jax.vmap(one)(keys)  # (s, dim)
    return jnp.asarray(v.T)


def slq_trace_f(
    mv: LinearOperator,
    dim: int,
    f_on_nodes: Callable[[Vector], Vector],
    *,
    m: int,
    s: int,
    probe: Literal["rademacher", "normal"] = "rademacher",
    seed: int = 0,
    dtype: DTypeLike = DEFAULT_DTYPE,
    eps: Scalar | None = None,
) -> Vector:
    """
    SLQ により `tr(f(A))` を推定します。

    Notes
    -----
    - `f_on_nodes(nodes)` は `nodes.shape == (m,)` を受け取り、同形状を返す想定です。
    - 返り値はスカラー相当ですが、本プロジェクトの `Scalar`/`Vector` 型に合わせて返します。
    """
    if eps is None:
        eps = jnp.asarray(1e-12, dtype=dtype)

    probes = _make_probe_vectors(dim=dim, s=s, probe=probe, seed=seed, dtype=dtype, eps=eps)

    def one_probe(v0: Vector) -> Scalar:
        T = _lanczos_tridiag_from_v0(mv, v0, m, eps=eps)
        nodes, w = _nodes_weights_from_T(T)
        return jnp.dot(w, f_on_nodes(nodes))

    vals = jax.vmap(one_probe)(probes.T)
    return jnp.asarray(dim, dtype=vals.dtype) * jnp.mean(vals)
