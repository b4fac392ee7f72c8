# Source: https://github.com/jaxleyverse/tridiax/blob/e8806cd1aaff27640884b0b2b68331db6453a1b2/tridiax/stone.py
# Title: tridiax/stone.py
# Cut: kept stone_solve, stone_triang_lower, _lu_serial (serial LU kept in the module next to the
# parallel _lu) and _lu; _lu_matmul, _solve_l and _solve_u bodies elided; flip wrappers dropped.
from typing import Tuple

import jax.numpy as jnp


def stone_solve(
    lower: jnp.ndarray,
    diag: jnp.ndarray,
    upper: jnp.ndarray,
    solve: jnp.ndarray,
    stabilize: bool = True,
    optimized_lu: bool = True,
) -> jnp.ndarray:
    """
    Return solution `x` to tridiagonal system `Ax = b` with Stone's algorithm.
    """
    u, upper, y = stone_triang_lower(
        lower, diag, upper, solve, stabilize=stabilize, optimized_lu=optimized_lu
    )
    return _solve_u(y, upper, u)


def stone_triang_lower(
    lower: jnp.ndarray,
    diag: jnp.ndarray,
    upper: jnp.ndarray,
    solve: jnp.ndarray,
    stabilize: bool = True,
    optimized_lu: bool = True,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    if optimized_lu:
        u, m = _lu(lower, diag, upper, solve, stabilize=stabilize)
    else:
        u, m = _lu_matmul(lower, diag, upper, solve, stabilize=stabilize)
    y = _solve_l(solve, m)
    return u, upper, y


def _lu_serial(
    lower: jnp.ndarray,
    diag: jnp.ndarray,
    upper: jnp.ndarray,
    solve: jnp.ndarray,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    N = len(solve)
    ui = jnp.zeros_like(diag)
    ui = ui.at[0].set(diag[0])

    for i in range(1, N):
        ui = ui.at[i].set(diag[i] - lower[i - 1] * upper[i - 1] / ui[i - 1])

    mi = jnp.zeros_like(lower)
    mi = mi.at[0].set(lower[0] / diag[0])

    for i in range(1, N - 1):
        mi = mi.at[i].set(lower[i] / (diag[i] - upper[i - 1] * mi[i - 1]))

    return ui, mi


def _lu(
    lower: jnp.ndarray,
    diag: jnp.ndarray,
    upper: jnp.ndarray,
    solve: jnp.ndarray,
    stabilize: bool = True,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    N = len(solve)
    E = lower
    F = upper
    D = diag
    EF = jnp.concatenate([jnp.asarray([0.0]), -E * F])
    QIM2 = jnp.ones((N + 2))
    QIM1 = jnp.concatenate([jnp.asarray([1.0]), diag])
    QI = diag
    QI = QI.at[1:].set(diag[1:] * diag[:-1] + EF[1:])
    temp = jnp.zeros_like(diag)
    U = jnp.zeros_like(diag)
    M = jnp.zeros_like(upper)

    i = 2
    while i <= N / 2:
        if stabilize:
            av_qi = jnp.mean(QI)
            QIM2 /= av_qi
            QIM1 /= av_qi
            QI /= av_qi

        temp = temp.at[i - 2 : N].set(
            QIM1[i - 1 : N + 1] * QIM1[: N - i + 2]
            + EF[: N - i + 2] * QIM2[i : N + 2] * QIM2[: N - i + 2]
        )
        QIM1 = QIM1.at[i : N + 1].set(
            QI[i - 1 : N] * QIM1[: N - i + 1]
            + EF[: N - i + 1] * QIM1[i : N + 1] * QIM2[: N - i + 1]
        )
        QIM2 = QIM2.at[i : N + 2].set(temp[i - 2 : N])
        QI = QI.at[i:N].set(D[i:N] * QIM1[i:N] + EF[i:N] * QIM2[i:N])

        i += i

    U = U.at[:N].set(QI[:N] / QIM1[:N])
    M = M.at[: N - 1].set(E[: N - 1] / U[: N - 1])

    return U, M


def _lu_matmul(lower, diag, upper, solve, stabilize=True):
    ...


def _solve_l(solve, m):
    ...


def _solve_u(solve, upper, diag):
    ...
