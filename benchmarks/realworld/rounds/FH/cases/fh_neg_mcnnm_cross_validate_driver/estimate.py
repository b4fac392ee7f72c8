# Source: https://github.com/tobias-schnabel/mcnnm/blob/6bc073bef855b2157a710458978ce394c60487b5/src/mcnnm/estimate.py
# Title: src/mcnnm/estimate.py (mcnnm, July 2024: MC-NNM fit and K-fold cross-validation)
# Cut: kept compute_cv_loss and cross_validate; fit (a lax.while_loop coordinate descent) and
#      initialize_params are imported, docstrings removed, commented-out prints dropped.
import jax
import jax.numpy as jnp
from typing import Tuple
from jax import lax

from mcnnm.util import initialize_params
from mcnnm.fit import fit


def compute_cv_loss(Y, W, X, Z, V, Omega, lambda_L, lambda_H, max_iter, tol):
    N = Y.shape[0]
    loss = 0.0

    key = jax.random.PRNGKey(0)
    mask = jax.random.bernoulli(key, 0.8, (N,))
    train_idx = jnp.where(mask)[0]
    test_idx = jnp.where(~mask)[0]

    Y_train, Y_test = Y[train_idx], Y[test_idx]
    W_train, W_test = W[train_idx], W[test_idx]
    X_train, X_test = X[train_idx], X[test_idx]
    V_train, V_test = V[train_idx], V[test_idx]

    initial_params = initialize_params(Y_train, W_train, X_train, Z, V_train)

    L, H, gamma, delta, beta = fit(Y_train, W_train, X_train, Z, V_train, Omega,
                                   lambda_L, lambda_H, initial_params, max_iter, tol)

    Y_pred = (L[test_idx] + jnp.outer(gamma[test_idx], jnp.ones(Z.shape[0])) +
              jnp.outer(jnp.ones(test_idx.shape[0]), delta))

    if V_test.shape[2] > 0:
        Y_pred += jnp.sum(V_test * beta, axis=2)

    O_test = (W_test == 0)
    loss += jnp.sum((Y_test - Y_pred) ** 2 * O_test) / jnp.sum(O_test)
    return loss


def cross_validate(Y, W, X, Z, V, Omega, lambda_grid, max_iter, tol, K: int = 5) -> Tuple[float, float]:
    best_lambda_L = None
    best_lambda_H = None
    best_loss = jnp.inf

    for lambda_L, lambda_H in lambda_grid:
        loss = 0.0
        valid_folds = 0
        key = jax.random.PRNGKey(0)
        for k in range(K):
            mask = jax.random.bernoulli(key, 0.8, (Y.shape[0],))
            train_idx = jnp.where(mask)[0]
            test_idx = jnp.where(~mask)[0]

            if jnp.sum(W[test_idx] == 1) == 0:
                continue

            fold_loss = compute_cv_loss(Y, W, X, Z, V, Omega, lambda_L, lambda_H, max_iter, tol)

            if jnp.isfinite(fold_loss):
                loss += fold_loss
                valid_folds += 1

        if valid_folds > 0:
            loss /= valid_folds
            if loss < best_loss:
                best_lambda_L = lambda_L
                best_lambda_H = lambda_H
                best_loss = loss

    if best_loss == jnp.inf:
        print("Warning: No valid loss found in cross_validate")
        return lambda_grid[0][0], lambda_grid[0][1]

    return best_lambda_L, best_lambda_H
