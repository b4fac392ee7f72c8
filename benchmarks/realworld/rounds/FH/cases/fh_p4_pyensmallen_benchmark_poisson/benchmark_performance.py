# Source: https://github.com/apoorvalal/pyensmallen/blob/b7b46817cf5d3700b88d7df7f8644d784ed2389a/paper/benchmark_performance.py
# Title: paper/benchmark_performance.py (pyensmallen paper: benchmarks across libraries and data sizes)
# Cut: kept the JAX import block, generate_data, the JAX branch of benchmark_poisson_regression and the
#      default --sizes grid from main; the other libraries, model types and plotting removed.
import time

import numpy as np
from scipy.special import expit

try:
    import jax
    import jax.numpy as jnp
    import optax
    HAS_JAX = True
    # Enable double precision
    jax.config.update("jax_enable_x64", True)
except ImportError:
    HAS_JAX = False
    print("JAX not found, skipping JAX benchmarks")

DEFAULT_SIZES = "1_000,5;10_000,5;100_000,5; 1_000_000,5; 10_000_000,5; 1_000,20;10_000,20;100_000,20; 1_000_000,20; 10_000_000,20"


def generate_data(model_type, n_samples, n_features, seed=42):
    """Generate synthetic data for benchmark tests"""
    np.random.seed(seed)
    X = np.random.randn(n_samples, n_features)
    true_params = np.random.rand(n_features)

    if model_type == 'linear':
        # Linear regression: y = X @ beta + noise
        y = X @ true_params + np.random.normal(0, 0.1, n_samples)

    elif model_type == 'logistic':
        # Logistic regression: p(y=1) = sigmoid(X @ beta)
        p = expit(X @ true_params)
        y = np.random.binomial(1, p)

    elif model_type == 'poisson':
        # Poisson regression: y ~ Poisson(exp(X @ beta))
        lambda_ = np.exp(X @ true_params)
        y = np.random.poisson(lambda_)

    else:
        raise ValueError(f"Unknown model type: {model_type}")

    return X, y, true_params


def benchmark_poisson_regression(X, y, true_params, libraries=None):
    results = {}
    initial_params = np.zeros(X.shape[1])
    if libraries is None:
        libraries = ['jax']

    if 'jax' in libraries and HAS_JAX:
        start_time = time.time()
        X_jnp, y_jnp = jnp.array(X), jnp.array(y)

        def poisson_likelihood(beta):
            z = jnp.dot(X_jnp, beta)
            lambda_ = jnp.exp(z)
            loss = jnp.sum(lambda_ - y_jnp * z)
            return loss

        params = jnp.array(initial_params.copy())

        # Use Adam instead of L-BFGS for better convergence with Poisson
        solver = optax.adam(1e-2)
        opt_state = solver.init(params)
        value_and_grad_fn = jax.value_and_grad(poisson_likelihood)

        # JIT the update function
        @jax.jit
        def update_step(params, opt_state):
            loss, grads = value_and_grad_fn(params)
            updates, new_opt_state = solver.update(grads, opt_state)
            new_params = optax.apply_updates(params, updates)
            return new_params, new_opt_state, loss

        # Optimization loop
        for i in range(500):  # More iterations for Adam
            params, opt_state, _ = update_step(params, opt_state)

        end_time = time.time()
        results['jax'] = {
            'params': np.array(params),
            'time': end_time - start_time,
        }

    # Add true parameters
    results['true'] = {
        'params': true_params,
        'time': np.nan,
    }

    return results


def run_benchmarks(sizes):
    size_pairs = [tuple(map(int, pair.split(','))) for pair in sizes.split(';')]
    out = []
    for n_samples, n_features in size_pairs:
        X, y, true_params = generate_data('poisson', n_samples, n_features)
        out.append(benchmark_poisson_regression(X, y, true_params))
    return out
