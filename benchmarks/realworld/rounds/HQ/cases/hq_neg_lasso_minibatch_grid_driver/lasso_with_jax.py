# Source: https://github.com/devminda/lasso_regression_using_jax/blob/f2166cf29e118e644cc5b30ee4c06bf5492f3b04/lasso_with_jax.py
# Title: lasso_with_jax.py -- Lasso regression with JAX, random + refined grid search, k-fold check
# Cut: kept the hyperparameter grid, the jitted loss/step/evaluation, the mini-batch training loop,
#      grid_search and cross_validate_evaluation; dropped CSV I/O, preprocessing, the two-stage search and main.
import numpy as np
import pandas as pd


import jax
import jax.numpy as jnp
from sklearn.model_selection import train_test_split
from sklearn.model_selection import KFold


# Hyperparameters grid
lam = [0.1,0.01, 0.001, 0.0001, 0.00001]
learning_rate = [0.1, 0.01, 0.001]
num_iters = 1000

def model(X, teeta):
    return X @ teeta

@jax.jit
def Loss(teeta, X, y, lam):
    """Mean squared error with L1 regularization (Lasso)."""
    prediction = model(X, teeta)
    error = (prediction - y) ** 2
    mse = jnp.mean(error)
    # L1 regularization (exclude bias term teeta[0])
    reg = lam * jnp.sum(jnp.abs(teeta[1:]))
    return mse + reg

@jax.jit
def gradient_descent(teeta, X, y, lam, learning_rate):
    """Perform a single step of gradient descent using JAX's automatic differentiation."""
    grad_loss = jax.grad(Loss)(teeta, X, y, lam)
    teeta = teeta - learning_rate * grad_loss
    return teeta

@jax.jit
def evaluate_model(teeta, X, y):
    """Evaluate MSE using JAX ops (safe for JAX arrays)."""
    preds = model(X, teeta)
    mse = jnp.mean((preds - y) ** 2)
    return mse


def sample(N, n, X, y):
    """Randomly sample n data points from the dataset."""
    if n > N:
        raise ValueError("Sample size n cannot be greater than population size N.")
    idx = np.random.choice(N, n)
    return X[idx], y[idx]


def train_model(teeta, X, y, lam, learning_rate, n, num_iters=1000):
    """Train the model using mini-batch gradient descent."""
    N = X.shape[0]
    for i in range(num_iters):
        xi, yi = sample(N, n, X, y)
        teeta = gradient_descent(teeta, xi, yi, lam, learning_rate)
        if i % 500 == 0:
            current_loss = Loss(teeta, X, y, lam)
            print('iter', i, 'loss:', float(current_loss))
    return teeta


def grid_search(lam, learning_rate, x_train, y_train, x_val, y_val, num_iters=1000):
    """Perform a full grid search over hyperparameters."""
    results = []
    for l in lam:
        for lr in learning_rate:
            print("Lambda:", l, "Learning Rate:", lr)
            # initialize theta as a JAX array and match dimensionality of X_train
            teeta = jnp.zeros(x_train.shape[1])
            # Train model (bias/intercept column kept in X_norm; we excluded it from reg)
            trained_theta = train_model(teeta, x_train, y_train, l, lr, 1000 ,num_iters)
            val_mse = evaluate_model(trained_theta, x_val, y_val)
            train_mse = evaluate_model(trained_theta, x_train, y_train)
            results.append({
                "Lambda": l,
                "Learning Rate": lr,
                "Validation MSE": val_mse,
                "Training MSE": train_mse,
                "Trained Theta": trained_theta
            })
    return pd.DataFrame(results)


def cross_validate_evaluation(x_data, y_data, trained_theta, k=5):
    """Perform k-fold cross-validation to evaluate model stability."""
    kf = KFold(n_splits=k, shuffle=True, random_state=42)
    fold_results = []

    for fold, (train_index, val_index) in enumerate(kf.split(x_data)):
        print(f"\nFold {fold + 1}/{k}")

        x_val_fold = x_data[val_index]
        y_val_fold = y_data[val_index]
        val_mse = evaluate_model(trained_theta, x_val_fold, y_val_fold)

        fold_results.append({
            "Fold": fold + 1,
            "Validation MSE": float(val_mse)
        })

    return fold_results

