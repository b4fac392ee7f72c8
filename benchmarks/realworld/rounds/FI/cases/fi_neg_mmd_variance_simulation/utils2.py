# Source: https://github.com/sumahn/c2st/blob/b47bb22a32f66d4ff0ced79170f46e6f16d5f816/C2ST/utils2.py
# Title: C2ST/utils2.py (MMD estimate and its variance from kernel matrices)
# Cut: the long closed-form xi_10 / xi_01 expressions are replaced by their first terms; h1_mean_var_gram and MMDu_var dropped.
import jax.numpy as jnp


def remove_diag(A):
    """Remove diagonal elements from a square matrix."""
    return A - jnp.diag(jnp.diag(A))

def Pdist2(x, y=None):
    """Compute the paired distance between X and Y"""
    x_norm = jnp.sum(x**2, axis=1, keepdims=True)
    
    if y is not None:
        y_norm = jnp.sum(y**2, axis=1, keepdims=True).T
    else:
        y = x
        y_norm = x_norm.T
    
    Pdist = x_norm + y_norm - 2.0 * jnp.dot(x, y.T)
    Pdist = jnp.where(Pdist < 0, 0, Pdist)
    
    return Pdist

# Kernel Matrices
def compute_K_matrices(X, Y,sigma0):
    Dxx = Pdist2(X, X)
    Dyy = Pdist2(Y, Y)
    Dxy = Pdist2(X, Y)

    Kxx = jnp.exp(-Dxx / sigma0)
    Kyy = jnp.exp(-Dyy / sigma0)
    Kxy = jnp.exp(-Dxy / sigma0)

    return Kxx, Kyy, Kxy
def xi_10(Kxx, Kyy, Kxy):
    m, _ = Kxx.shape
    Kxx_tilde = remove_diag(Kxx)
    one_m = jnp.ones(m)
    m_3 = m * (m - 1) * (m - 2)
    return (1 / m_3) * (jnp.linalg.norm(jnp.dot(Kxx_tilde, one_m)) ** 2 - jnp.linalg.norm(Kxx_tilde, 'fro') ** 2)


def xi_01(Kxx, Kyy, Kxy):
    m, _ = Kxx.shape
    Kxx_tilde = remove_diag(Kxx)
    return jnp.linalg.norm(Kxx_tilde, "fro") ** 2 / (m * (m - 1))

# Unbiased MMD Estimate
def compute_mmd_sq(Kxx, Kyy, Kxy, m, n):
    term1 = jnp.sum(Kxx - jnp.diag(jnp.diag(Kxx))) / (m * (m - 1))
    term2 = jnp.sum(Kyy - jnp.diag(jnp.diag(Kyy))) / (n * (n - 1))
    term3 = -2 * jnp.sum(Kxy) / (m * n)

    return term1 + term2 + term3

# Biased MMD Estimate
def Vstat_MMD(Kxx, Kyy, Kxy, m, n) :
    return jnp.mean(Kxx) + jnp.mean(Kyy) - 2 * jnp.mean(Kxy)

def compute_var(Xi, m, n, complete = True):
    denom = m * (m - 1) * n * (n - 1)
    term_coefficients = [
        (4 * (m - 2) * (m - 3) * (n - 2)),
        (2 * (n - 2) * (n - 3)),
        (4 * (m - 2) * (n - 2) * (n - 3)),
        (16 * (n - 2) * (m - 2)),
        (8 * (m - 2)),
        (2 * (n - 2) * (n - 3)),
        (2 * (n - 2)),
        (4)
    ]
    
    if complete:
        terms = [coeff * Xi[i] / denom for i, coeff in enumerate(term_coefficients)]
    else:
        terms = [(term_coefficients[0] * Xi[0] / denom), (term_coefficients[2] * Xi[1] / denom)]
    return sum(terms)

# @partial(jit, static_argnums=(3, 4, 5, 6, 7, 8))
def MMDVar(X, Y, sigma0, complete=True, bias = True):
    if Y.shape[0] > X.shape[0]:
        X, Y = Y, X
        
    m, n = X.shape[0], Y.shape[0]

    assert n <= m
    assert n >= 2 and m >= 2  
    
    Kxx, Kyy, Kxy = compute_K_matrices(X, Y, sigma0)
    
    if bias == True:
        mmd_sq = Vstat_MMD(Kxx, Kyy, Kxy, m, n) # Compute all of component as V statistics
    else:
        mmd_sq = compute_mmd_sq(Kxx, Kyy, Kxy, m, n)
    Xi = [xi_01(Kxx, Kyy, Kxy), xi_10(Kxx, Kyy, Kxy)]
    var = compute_var(Xi, m, n, complete)

    return var
