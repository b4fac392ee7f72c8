# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/02_linear_algebra/06_iterative_solvers.ipynb
# Title: 06_iterative_solvers.ipynb (GMRES section)
# Cut: cells 1 and 7 converted to a module; the CG / preconditioned-CG cells before it and the
#      gradient-descent cells after it are dropped; `key` comes from cell 4.
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, lax
from jax import random

jax.config.update("jax_enable_x64", True)
key = random.PRNGKey(42)


def gmres(A, b, x0=None, m=None, max_iters=100, tol=1e-6):
    """GMRES method for solving Ax = b"""

    n = len(b)
    if x0 is None:
        x0 = jnp.zeros(n)
    if m is None:
        m = min(n, 50)  # Restart parameter

    def arnoldi_process(A, v, m):
        """Arnoldi process to build Krylov subspace"""
        n = len(v)
        V = jnp.zeros((n, m + 1))
        H = jnp.zeros((m + 1, m))

        V = V.at[:, 0].set(v / jnp.linalg.norm(v))

        def arnoldi_step(i, carry):
            V, H = carry

            # Compute A @ V[:, i]
            w = A @ V[:, i]

            # Orthogonalization
            for j in range(i + 1):
                h_ji = jnp.dot(w, V[:, j])
                H = H.at[j, i].set(h_ji)
                w = w - h_ji * V[:, j]

            # Normalization
            h_next = jnp.linalg.norm(w)
            H = H.at[i + 1, i].set(h_next)

            # Avoid division by zero
            V = V.at[:, i + 1].set(jnp.where(h_next > 1e-14, w / h_next, w))

            return (V, H)

        V, H = lax.fori_loop(0, m, arnoldi_step, (V, H))
        return V, H

    def gmres_solve(A, b, x0, m, tol):
        r0 = b - A @ x0
        beta = jnp.linalg.norm(r0)

        if beta < tol:
            return x0, 0

        # Build Krylov subspace
        V, H = arnoldi_process(A, r0, m)

        # Solve least squares problem
        e1 = jnp.zeros(m + 1)
        e1 = e1.at[0].set(1.0)

        # QR factorization of H
        Q, R = jnp.linalg.qr(H)

        # Solve R y = beta * Q^T e1
        rhs = beta * Q.T @ e1
        y = jnp.linalg.solve(R[:m, :m], rhs[:m])

        # Update solution
        x_new = x0 + V[:, :m] @ y

        return x_new, m

    # GMRES with restart
    x = x0
    total_iters = 0

    for restart in range(max_iters // m + 1):
        x, iters = gmres_solve(A, b, x, m, tol)
        total_iters += iters

        residual = jnp.linalg.norm(b - A @ x)
        if residual < tol:
            break

    return x, total_iters


# Test GMRES
A_nonsym = random.normal(key, (50, 50))  # Non-symmetric matrix
A_nonsym = A_nonsym + 5 * jnp.eye(50)  # Make diagonally dominant
b_nonsym = random.normal(random.split(key)[1], (50,))

x_gmres, iters_gmres = gmres(A_nonsym, b_nonsym, m=20, tol=1e-8)
