# Source: https://github.com/ylefay/high_dimensional_vector_autoregression/blob/77db91385d5a609e68778bc8d787f919f0eb455d/hd_var/routines/mlr/als.py
# Title: hd_var/routines/mlr/als.py (Alternative Least Square algorithm for VAR model, using HOSVD)
# Cut: the closed-form variant cut; lossU3/lossU4 steps cut; imports of hosvd/constructX/minimize kept
#      from hd_var/utils.py and hd_var/routines/mlr/utils.py in short; hosvd is done by the caller,
#      mode_fold/mode_unfold/fast_ttm inlined as reshape/einsum.
from functools import partial

import jax.lax
import jax.numpy as jnp
import numpy as np
from jax.scipy.optimize import minimize

import losses


def minimize_matrix_input(f, init_matrix, args=()):
    """
    Wrapper around the scipy minimize function to handle matrix input.
    """
    shape = init_matrix.shape

    def _f(flatten_matrix):
        return f(flatten_matrix.reshape(shape))

    minimization = minimize(_f, init_matrix.flatten(), method='BFGS', options={'maxiter': 100}, args=args)
    return minimization.x.reshape(shape), minimization.fun


def constructX(y_ts, order):
    """
    Construct the tensor X = [X_0, ..., X_T],
    where X_t =  [y_{t-1}, ..., y_{t-p}]
    """
    T = y_ts.shape[1]

    def lag(y, i, order):
        y = y[:, i - order:i][:, ::-1]
        diff = order - y.shape[1]
        if diff > 0:
            return np.pad(y, ((0, 0), (0, diff)), 'constant')
        return y

    X_ts = np.vectorize(lag, signature="(m,n),(),()->(o,p)")(y_ts, np.arange(T), order)
    return X_ts


def criterion(inps):
    A, prev_A, iter, *_ = inps
    return (iter < 1000) & (jnp.linalg.norm(A - prev_A) / jnp.linalg.norm(prev_A) > 1e-5)


def als_compute(Us, G, A_init, y_ts, criterion=criterion):
    A = A_init
    U1, U2, U3 = Us
    P = U3.shape[0]
    X_ts = constructX(y_ts, P)
    x_ts = jnp.moveaxis(X_ts.T, -1, 0)
    n_iter = 0
    G_flattened_mode1 = jnp.moveaxis(G, 0, 0).reshape(G.shape[0], -1, order='F')

    lossU1 = partial(losses.lossU1, y_ts=y_ts, x_ts=x_ts, X_ts=X_ts)
    lossU2 = partial(losses.lossU2, y_ts=y_ts, x_ts=x_ts, X_ts=X_ts)

    def iter_fun(inps):
        A, prev_A, n_iter, U1, U2, U3, G_flattened_mode1 = inps
        prev_A = A

        U1, l1 = minimize_matrix_input(
            lambda _U1: lossU1(U1=_U1, U2=U2, U3=U3, G_flattened_mode1=G_flattened_mode1), U1)
        U2, l2 = minimize_matrix_input(
            lambda _U2: lossU2(U1=U1, U2=_U2, U3=U3, G_flattened_mode1=G_flattened_mode1), U2)

        G = G_flattened_mode1.reshape(G.shape, order='F')
        A = jnp.einsum('ijk,si,tj,uk->stu', G, U1, U2, U3)
        return A, prev_A, n_iter + 1, U1, U2, U3, G_flattened_mode1

    inps = (A, jnp.zeros_like(A), n_iter, U1, U2, U3, G_flattened_mode1)
    A, *_ = jax.lax.while_loop(criterion, iter_fun, inps)
    return A
