# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/examples/benchmark_objectives.py
# Title: jaxboost examples/benchmark_objectives.py (Benchmark 2: gradient accuracy vs numerical differentiation)
# Cut: other benchmarks, the focal-loss check and most prints removed; the finite-difference reference
#      loop and the JAX gradients it checks kept as written.
import numpy as np

from jaxboost.objective import huber, mse


def benchmark_gradient_accuracy():
    """Verify gradient accuracy using numerical differentiation."""

    n_samples = 100
    y_pred = np.random.randn(n_samples).astype(np.float64)
    y_true = np.random.randn(n_samples).astype(np.float64)

    eps = 1e-5

    def numerical_grad(loss_fn, y_pred, y_true, **kwargs):
        """Compute numerical gradient."""
        grad = np.zeros_like(y_pred)
        for i in range(len(y_pred)):
            y_pred_plus = y_pred.copy()
            y_pred_minus = y_pred.copy()
            y_pred_plus[i] += eps
            y_pred_minus[i] -= eps

            loss_plus = np.sum(loss_fn(y_pred_plus, y_true, **kwargs))
            loss_minus = np.sum(loss_fn(y_pred_minus, y_true, **kwargs))

            grad[i] = (loss_plus - loss_minus) / (2 * eps)
        return grad

    # Test MSE
    grad_jax, _ = mse.grad_hess(y_pred, y_true)

    def mse_loss_np(y_pred, y_true):
        return (y_pred - y_true) ** 2

    grad_numerical = numerical_grad(mse_loss_np, y_pred, y_true)
    max_diff = np.max(np.abs(grad_jax - grad_numerical))

    # Test Huber
    grad_jax, _ = huber.grad_hess(y_pred, y_true)

    def huber_loss_np(y_pred, y_true, delta=1.0):
        error = y_pred - y_true
        abs_error = np.abs(error)
        return np.where(abs_error <= delta, 0.5 * error**2, delta * (abs_error - 0.5 * delta))

    grad_numerical = numerical_grad(huber_loss_np, y_pred, y_true)
    max_diff = np.max(np.abs(grad_jax - grad_numerical))
