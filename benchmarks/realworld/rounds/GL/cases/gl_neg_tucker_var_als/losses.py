# Source: https://github.com/ylefay/high_dimensional_vector_autoregression/blob/77db91385d5a609e68778bc8d787f919f0eb455d/hd_var/routines/mlr/losses.py
# Title: hd_var/routines/mlr/losses.py (losses of the ALS algorithm for Tucker-low-rank VAR)
# Cut: lossU3 and lossU4 cut (same shape as lossU1/lossU2); vec inlined.
import jax
import jax.numpy as np


def vec(X):
    return X.reshape(-1, order='F')


def lossU1(y_ts, x_ts, X_ts, U1, U2, U3, G_flattened_mode1):
    kronU3U2atG1T = np.kron(U3, U2) @ G_flattened_mode1.T
    id = np.eye(U1.shape[0])
    vecU1 = vec(U1)

    def _lossU1(y_t, x_t):
        _ = y_t - np.kron((x_t.reshape(-1) @ kronU3U2atG1T),
                          id) @ vecU1
        norms = np.sum(_ ** 2, axis=-1)
        return norms

    return np.mean(jax.vmap(_lossU1, in_axes=(0, 0))(y_ts.T, x_ts))


def lossU2(y_ts, x_ts, X_ts, U1, U2, U3, G_flattened_mode1):
    U1atG1 = U1 @ G_flattened_mode1
    id = np.eye(U2.shape[1])
    vecU2T = vec(U2.T)

    def _lossU2(y_t, X_t):
        _ = y_t - U1atG1 @ np.kron((X_t @ U3).T, id) @ vecU2T
        norms = np.sum(_ ** 2, axis=-1)
        return norms

    return np.mean(jax.vmap(_lossU2, in_axes=(0, 0))(y_ts.T, X_ts))
