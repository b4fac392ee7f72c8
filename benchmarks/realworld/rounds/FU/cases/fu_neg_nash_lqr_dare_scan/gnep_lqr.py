# Source: https://github.com/bemporad/nashopt/blob/a9d116ed7f3f0585c807f7370cb45e19954ff4ce/src/nashopt/control/gnep_lqr.py
# Title: src/nashopt/control/gnep_lqr.py (Nash equilibria of LQ dynamic games: residual and Riccati methods)
# Cut: the constructor is reduced to the stored matrices; the 'residual' branch keeps the per-agent partial
#      functions; docstrings, timing and the dare() checker cut.
from functools import partial
from types import SimpleNamespace

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.linalg import cho_factor, cho_solve


class NashLQR:
    def __init__(self, A, B, Q, R, sizes, dare_iters=50):
        self.A, self.B, self.Q, self.R = A, B, Q, R
        self.N = len(sizes)
        self.sizes = sizes
        self.nu = sum(sizes)
        self.nx = A.shape[0]
        self.dare_iters = dare_iters
        idx = np.cumsum([0] + list(sizes))
        self.ii = [np.arange(idx[i], idx[i + 1]) for i in range(self.N)]
        self.not_i = [np.setdiff1d(np.arange(self.nu), self.ii[i]) for i in range(self.N)]

    def solve(self, K_cen, method='riccati', riccati_iters=1000, stop_tol=1e-8):
        dare_iters = self.dare_iters
        sol = SimpleNamespace()

        @jax.jit
        def jax_dare(A, B, Q, R):
            def get_K(X, A, B, R):
                S = R + B.T @ X @ B
                L, lower = cho_factor(S, lower=True)
                K = cho_solve((L, lower), B.T @ X @ A)
                return K

            def update(X, _):
                K = get_K(X, A, B, R)
                A_cl = A - B @ K
                X_next = Q + A_cl.T @ X @ A_cl + K.T @ R @ K
                return X_next, _

            X_final, _ = jax.lax.scan(update, Q, xs=None, length=dare_iters)
            K_final = get_K(X_final, A, B, R)
            return X_final, K_final

        if method == 'residual':
            @partial(jax.jit, static_argnums=(1,))  # i is static
            def lqr_fun(K_flat, i, A, B, Q, R):
                K = K_flat.reshape(self.nu, self.nx)
                Ai = A - B[:, self.not_i[i]]@K[self.not_i[i], :]
                Bi = B[:, self.ii[i]]
                _, Ki = jax_dare(Ai, Bi, Q[i], R[i])  # best response gain
                return jnp.sum((K[self.ii[i], :]-Ki)**2)  # Frobenius norm squared

            f = []
            for i in range(self.N):
                f.append(partial(lqr_fun, i=i, A=self.A, B=self.B, Q=self.Q, R=self.R))
            sol.f = f
            return sol

        K_Nash = np.array(K_cen.copy())
        A, B, N, ii, not_i = self.A, self.B, self.N, self.ii, self.not_i
        P = [None]*self.N
        for it in range(riccati_iters):
            K_old = K_Nash.copy()
            for i in range(N):
                A_cl_minus_i = A - B[:, not_i[i]] @ K_Nash[not_i[i], :]
                P[i], Ki = jax_dare(A_cl_minus_i, B[:, ii[i]], self.Q[i], self.R[i])
                K_Nash[ii[i], :] = Ki
            # check convergence of gains
            max_diff = max(np.linalg.norm(K_Nash[ii[i], :] - K_old[ii[i], :]) for i in range(N))
            if max_diff <= stop_tol:
                break
        sol.K_Nash = K_Nash
        return sol
