# Source: https://github.com/rajivsambharya/learn_accel_steps_robust/blob/4b17b9f9af9faa0edb318cca4ed961884b4fb6ab/lah_accel/examples/lasso.py
# Title: lah_accel/examples/lasso.py (lasso example: reference solutions for learned ISTA/FISTA)
# Cut: kept solve_many_probs_cvxpy and a reduced caller that builds the b vectors; yaml/config handling and the Workspace dropped.
import cvxpy as cp
import jax.numpy as jnp
import numpy as np
from jax import random


def solve_many_probs_cvxpy(A, b_mat, lambd):
    """
    solves many lasso problems where each problem has a different b vector
    """
    m, n = A.shape
    N = b_mat.shape[0]
    z, b_param = cp.Variable(n), cp.Parameter(m)
    prob = cp.Problem(cp.Minimize(.5 * cp.sum_squares(np.array(A) @ z - b_param) + lambd * cp.norm(z, p=1)))
    z_stars = jnp.zeros((N, n))
    objvals = jnp.zeros((N))
    for i in range(N):
        b_param.value = np.array(b_mat[i, :])
        prob.solve(verbose=False)
        objvals = objvals.at[i].set(prob.value)
        z_stars = z_stars.at[i, :].set(jnp.array(z.value))
    print('finished solving cvxpy problems')
    return z_stars, objvals


def setup_probs(m_orig, n_orig, N, lambd, seed=0):
    key = random.PRNGKey(seed)
    A = random.normal(key, (m_orig, n_orig)) / np.sqrt(m_orig)
    key, subkey = random.split(key)
    b_mat = random.normal(subkey, (N, m_orig))
    z_stars, objvals = solve_many_probs_cvxpy(A, b_mat, lambd)
    return A, b_mat, z_stars, objvals
