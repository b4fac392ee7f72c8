# Source: https://github.com/smolgp-dev/smolgp/blob/fc05bd8f1d4d864ff447e3b77bfa5bdea8162a2b/src/smolgp/solvers/kalman.py
# Title: src/smolgp/solvers/kalman.py (smolgp: Kalman filter wrapper)
# Cut: kept KalmanFilter, which reads the kernel's transition model and calls the jitted scan filter; filter body reduced to the scan
import jax
import jax.numpy as jnp


def KalmanFilter(kernel, X, y, R):
    H = kernel.observation_model
    A = kernel.transition_matrix
    Q = kernel.process_noise
    m0 = jnp.zeros(kernel.dimension)
    P0 = kernel.stationary_covariance()
    t = kernel.coord_to_sortable(X)
    H_all = jax.vmap(H)(X)
    return kalman_filter(A, Q, H_all, R, t, y, m0, P0)


@jax.jit
def kalman_filter(A, Q, H_all, R, t, y, m0, P0):
    def step(carry, k):
        m_prev, P_prev, t_prev = carry
        A_k = A(t_prev, t[k])
        m_pred = A_k @ m_prev
        P_pred = A_k @ P_prev @ A_k.T + Q(t_prev, t[k])
        H_k = H_all[k]
        S = H_k @ P_pred @ H_k.T + R[k]
        K = P_pred @ H_k.T @ jnp.linalg.inv(S)
        m = m_pred + K @ (y[k] - H_k @ m_pred)
        P = P_pred - K @ S @ K.T
        return (m, P, t[k]), (m, P)

    _, out = jax.lax.scan(step, (m0, P0, t[0]), jnp.arange(len(t)))
    return out
