# Source: https://github.com/benedictchen/sparse-coding/blob/30e0256fcb20467fd65715a23c7a1c087f58ca8e/src/sparse_coding/fista_batch.py
# Title: src/sparse_coding/fista_batch.py -- power iteration for the Lipschitz constant used by the JAX adapter
# Cut: only power_iter_L and the numpy import kept.
import numpy as np


def power_iter_L(D, n_iter=50, tol=1e-7, rng=None):
    """
    Compute Lipschitz constant L = ||D^T D||₂ using power iteration.

    CRITICAL FOR CROSS-BACKEND CORRECTNESS:
    This replaces dangerous np.linalg.norm(D, ord=2)**2 patterns that give
    Frobenius norm on PyTorch backends instead of spectral norm, breaking FISTA theory.

    Research Foundation:
    - Power iteration is the standard method for computing largest eigenvalue
    - Beck & Teboulle (2009): L must be ≥ spectral norm of D^T D for convergence
    - Cross-platform compatibility: works identically on NumPy/PyTorch/JAX/CuPy

    Args:
        D: Dictionary matrix (n_features, n_atoms) - ANY backend array type
        n_iter: Maximum power iterations (default: 50)
        tol: Convergence tolerance (default: 1e-7)
        rng: Random number generator (default: None)

    Returns:
        Lipschitz constant L ≥ ||D^T D||₂ (spectral norm, not Frobenius!)

    Algorithm:
        1. Initialize random vector v₀
        2. Iterate: v_{k+1} = (D^T D v_k) / ||D^T D v_k||
        3. Converged eigenvalue: λ = v^T (D^T D) v

    Cross-Backend Safety:
        - Uses only matrix multiplication and vector norms
        - No ord=2 on 2D arrays (PyTorch backend issue)
        - Deterministic convergence across all array backends
    """
    # Convert to NumPy for safety - power iteration is fast anyway
    D_np = np.asarray(D, dtype=float)

    if rng is None:
        rng = np.random.default_rng()
    elif isinstance(rng, int):
        rng = np.random.default_rng(rng)

    K = D_np.shape[1]
    v = rng.normal(size=(K,))
    v /= (np.linalg.norm(v) + 1e-12)
    last = 0.0
    DtD = D_np.T @ D_np

    for _ in range(n_iter):
        v = DtD @ v
        nrm = np.linalg.norm(v) + 1e-12
        v = v / nrm
        lam = float(v @ (DtD @ v))
        if abs(lam - last) < tol * max(1.0, last):
            break
        last = lam
    return max(lam, 1e-12)

