# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/examples/benchmark_splits.py
# Title: examples/benchmark_splits.py (jaxboost benchmark: "Is Attention Necessary?" for soft-tree split functions)
# Cut: kept the imports, create_datasets and train_ensemble; BenchmarkResult, evaluation, the
#      benchmark driver and printing removed; a two-line driver over the datasets added at the end.
from __future__ import annotations
import time
from dataclasses import dataclass
from typing import Any
import jax
import jax.numpy as jnp
import numpy as np
import optax
from sklearn.datasets import make_classification, make_regression
from sklearn.model_selection import train_test_split
from sklearn.metrics import r2_score, accuracy_score
from jaxboost.splits.axis_aligned import AxisAlignedSplit
from jaxboost.splits.hyperplane import HyperplaneSplit
from jaxboost.splits.attention import AttentionSplit, MultiHeadAttentionSplit
from jaxboost.structures import ObliviousTree
from jaxboost.routing import soft_routing
from jaxboost.losses import mse_loss, sigmoid_binary_cross_entropy


def create_datasets() -> list[tuple[str, np.ndarray, np.ndarray, str]]:
    """Create diverse test datasets."""
    datasets = []
    
    # 1. Low-dim regression (where attention shouldn't help)
    X, y = make_regression(n_samples=500, n_features=10, n_informative=5, noise=10, random_state=42)
    datasets.append(("regression_low_dim", X, y, "regression"))
    
    # 2. Medium-dim regression
    X, y = make_regression(n_samples=1000, n_features=50, n_informative=20, noise=10, random_state=42)
    datasets.append(("regression_med_dim", X, y, "regression"))
    
    # 3. High-dim regression (where attention might help)
    X, y = make_regression(n_samples=2000, n_features=200, n_informative=30, noise=10, random_state=42)
    datasets.append(("regression_high_dim", X, y, "regression"))
    
    # 4. Classification with feature interactions
    X, y = make_classification(
        n_samples=1000, n_features=20, n_informative=10, 
        n_redundant=5, n_clusters_per_class=2, random_state=42
    )
    datasets.append(("classification_interactions", X, y.astype(float), "classification"))
    
    # 5. High-dim classification
    X, y = make_classification(
        n_samples=2000, n_features=100, n_informative=20,
        n_redundant=10, random_state=42
    )
    datasets.append(("classification_high_dim", X, y.astype(float), "classification"))
    
    # 6. XOR-like pattern (needs feature interactions)
    np.random.seed(42)
    X = np.random.randn(500, 4)
    y = ((X[:, 0] * X[:, 1] > 0) != (X[:, 2] * X[:, 3] > 0)).astype(float)
    datasets.append(("xor_pattern", X, y, "classification"))
    
    return datasets


def train_ensemble(
    split_fn: Any,
    X_train: np.ndarray,
    y_train: np.ndarray,
    task: str,
    n_trees: int = 10,
    depth: int = 3,
    epochs: int = 200,
    learning_rate: float = 0.01,
) -> tuple[list, float]:
    """Train an ensemble and return params + training time."""
    
    n_samples, n_features = X_train.shape
    tree = ObliviousTree()
    
    # Initialize ensemble
    key = jax.random.PRNGKey(42)
    ensemble_params = []
    for _ in range(n_trees):
        key, subkey = jax.random.split(key)
        params = tree.init_params(subkey, depth, n_features, split_fn)
        ensemble_params.append(params)
    
    # Convert to JAX arrays
    X_jax = jnp.array(X_train, dtype=jnp.float32)
    y_jax = jnp.array(y_train, dtype=jnp.float32)
    
    # Normalize targets for regression
    if task == "regression":
        y_mean, y_std = y_jax.mean(), y_jax.std()
        y_jax = (y_jax - y_mean) / (y_std + 1e-8)
    
    # Setup optimizer
    optimizer = optax.adam(learning_rate)
    opt_state = optimizer.init(ensemble_params)
    
    tree_weight = 0.1
    
    def loss_fn(params, temperature):
        def routing_fn(score):
            return soft_routing(score, temperature)
        
        preds = []
        for tree_params in params:
            pred = tree.forward(tree_params, X_jax, split_fn, routing_fn)
            preds.append(pred)
        
        output = sum(p * tree_weight for p in preds)
        
        if task == "regression":
            return mse_loss(output, y_jax)
        else:
            return sigmoid_binary_cross_entropy(output, y_jax)
    
    @jax.jit
    def train_step(params, opt_state, temperature):
        loss, grads = jax.value_and_grad(loss_fn)(params, temperature)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss
    
    # Training loop
    start_time = time.time()
    
    for epoch in range(epochs):
        temperature = 1.0 + (epoch / epochs) * 4.0  # Anneal from 1 to 5
        ensemble_params, opt_state, loss = train_step(ensemble_params, opt_state, temperature)
    
    # Ensure computation is complete
    jax.block_until_ready(ensemble_params)
    train_time = time.time() - start_time
    
    return ensemble_params, train_time


def run():
    split_fn = HyperplaneSplit()
    for dataset_name, X, y, task in create_datasets():
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=42)
        train_ensemble(split_fn, X_train, y_train, task, n_trees=10, depth=3, epochs=200)
