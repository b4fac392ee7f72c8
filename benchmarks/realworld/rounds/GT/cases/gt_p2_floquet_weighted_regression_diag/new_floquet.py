# Source: https://github.com/Michaelhess17/NeuralODE/blob/b074e067412f47033022c99d258b9dc5713e4c21/DDFA_NODE/ddfa_node/stability/new_floquet.py
# Title: DDFA_NODE/ddfa_node/stability/new_floquet.py (Floquet multipliers of gait cycles by weighted regression)
# Cut: kept the jitted weighted regression, the vmapped subset regressions and analyze_eigenvalue_scaling;
#      dropped plotting, the CPU eigenvalue helper's device pinning and debug prints.
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def weighted_multivariate_regression_with_bias(X, Y, W=None):
    """
    Fits a weighted multivariate regression model with an intercept and computes covariance errors.
        X: (n_samples, n_features), Y: (n_samples, n_targets), W: (n_samples,)
    """
    # Add intercept
    X_aug = jnp.hstack([jnp.ones((X.shape[0], 1)), X])

    if W is None:
        W = jnp.diag(jnp.ones(X.shape[0]))

    # Convert W to diagonal matrix
    if W.ndim == 1:
        W = jnp.diag(W)

    # Matrix multiplications
    XTW = X_aug.T @ W
    XT_W_X = XTW @ X_aug
    XT_W_Y = XTW @ Y

    # Solve system
    coefficients = jnp.linalg.solve(XT_W_X, XT_W_Y)
    residuals = Y - X_aug @ coefficients
    covariance = jnp.linalg.pinv(XT_W_X)
    std_errors = jnp.sqrt(jnp.diag(covariance))

    return {
        "coefficients": coefficients,
        "covariance": covariance,
        "std_errors": std_errors,
        "residuals": residuals,
    }


def create_random_subset_indices(key, n_samples, k, n_repeats):
    subset_size = n_samples // k
    keys = jax.random.split(key, n_repeats)

    @jax.vmap
    def get_permutations(key):
        indices = jax.random.permutation(key, n_samples)
        return indices[:subset_size * k].reshape(k, subset_size)

    return get_permutations(keys)


@jax.jit
def compute_subset_regression(X, Y, W=None, indices=None):
    X_subset = X[indices]
    Y_subset = Y[indices]
    W_subset = W[indices] if W is not None else None
    return weighted_multivariate_regression_with_bias(X_subset, Y_subset, W_subset)


@jax.jit
def compute_multiple_subset_regressions(X, Y, W=None, all_indices=None):
    return jax.vmap(lambda idx: compute_subset_regression(X, Y, W, idx))(all_indices)


@jax.jit
def get_eigenvalues(coefficients):
    eigenvalues = jnp.linalg.eigvals(coefficients[:, 1:, :])
    sorted_idx = jnp.argsort(jnp.abs(eigenvalues), axis=1, descending=True)
    batch_idx = jnp.arange(eigenvalues.shape[0])[:, None]
    return eigenvalues[batch_idx, sorted_idx]


@partial(jax.jit, static_argnums=(1,))
def analyze_eigenvalue_scaling(data, max_groups, phase):
    """data: (n_cycles, 101, n_features)"""
    n_cycles, _, n_features = data.shape
    results = []

    # Split data into non-overlapping subsets and compute regressions
    for n_groups in range(2, max_groups + 1):
        key = jax.random.PRNGKey(0)
        indices = create_random_subset_indices(key, n_cycles, n_groups, 1)[0]

        X = data[:-1, phase, :]
        Y = data[1:, phase, :]

        group_results = compute_multiple_subset_regressions(X, Y, W=None, all_indices=indices)
        eigenvalues = get_eigenvalues(group_results['coefficients'])

        results.append({
            'n_groups': n_groups,
            'mean_eigenvalues': jnp.mean(eigenvalues, axis=0),
            'std_eigenvalues': jnp.std(eigenvalues, axis=0),
        })

    x_values = jnp.array([1.0 / (n_cycles // res['n_groups']) for res in results])
    y_values = jnp.array([res['mean_eigenvalues'] for res in results])
    weights = 1.0 / jnp.sqrt(jnp.sum(jnp.array([res['std_eigenvalues']**2 for res in results]), axis=1))

    regression_results = jax.vmap(lambda x, y, w: weighted_multivariate_regression_with_bias(
        x[:, None], y[:, None], w
    ), in_axes=(None, 1, None))(x_values, y_values, weights)

    return {'x_values': x_values, 'y_values': y_values, 'weights': weights,
            'regression_results': regression_results}
