# Source: https://github.com/mlnomadpy/awesome-kernels/blob/0a8e525dce41336cc2bcdf4990cb80a2b96a0935/examples/mmd_test.py
# Title: examples/mmd_test.py
# Cut: module docstring and method docstrings removed; the __main__ demo dropped.
import jax
import jax.numpy as jnp
from jax import random, Array
from typing import Optional, Dict, Any, Callable, Union

KernelFunction = Callable[[Array, Array], Array]


def rbf_kernel(X: Array, Y: Array, gamma: float) -> Array:
    sq_norm_X = jnp.sum(X**2, axis=1, keepdims=True)
    sq_norm_Y = jnp.sum(Y**2, axis=1, keepdims=True)
    sq_dist = sq_norm_X + sq_norm_Y.T - 2 * jnp.dot(X, Y.T)
    return jnp.exp(-gamma * sq_dist)


def median_heuristic(X: Array, Y: Array) -> float:
    XY = jnp.vstack([X, Y])
    n = len(XY)

    # Compute pairwise squared distances
    sq_norm = jnp.sum(XY**2, axis=1, keepdims=True)
    sq_dist = sq_norm + sq_norm.T - 2 * jnp.dot(XY, XY.T)

    # Get upper triangle (excluding diagonal)
    mask = jnp.triu(jnp.ones((n, n), dtype=bool), k=1)
    dists = jnp.sqrt(jnp.maximum(sq_dist[mask], 0.0))

    median_dist = jnp.median(dists)
    return 1.0 / (2 * median_dist**2 + 1e-10)


class MMDTest:

    def __init__(
        self,
        kernel: Union[str, KernelFunction] = "rbf",
        gamma: Optional[float] = None,
    ):
        self.kernel = kernel
        self.gamma = gamma
        self.gamma_: Optional[float] = None

    def _compute_kernel(self, X: Array, Y: Array) -> Array:
        if callable(self.kernel):
            return self.kernel(X, Y)
        elif self.kernel == "rbf":
            if self.gamma_ is None:
                raise ValueError("Gamma not set. Call compute_mmd_squared first.")
            return rbf_kernel(X, Y, self.gamma_)
        else:
            raise ValueError(f"Unknown kernel: {self.kernel}")

    def compute_mmd_squared(
        self, X: Array, Y: Array, unbiased: bool = True
    ) -> float:
        # Set bandwidth if not specified
        if self.gamma is None:
            self.gamma_ = median_heuristic(X, Y)
        else:
            self.gamma_ = self.gamma

        n, m = len(X), len(Y)

        K_XX = self._compute_kernel(X, X)
        K_YY = self._compute_kernel(Y, Y)
        K_XY = self._compute_kernel(X, Y)

        if unbiased:
            # Unbiased U-statistic estimator (exclude diagonal)
            term_XX = (jnp.sum(K_XX) - jnp.trace(K_XX)) / (n * (n - 1))
            term_YY = (jnp.sum(K_YY) - jnp.trace(K_YY)) / (m * (m - 1))
            term_XY = jnp.sum(K_XY) / (n * m)
        else:
            # Biased V-statistic estimator
            term_XX = jnp.mean(K_XX)
            term_YY = jnp.mean(K_YY)
            term_XY = jnp.mean(K_XY)

        return float(term_XX + term_YY - 2 * term_XY)

    def permutation_test(
        self,
        X: Array,
        Y: Array,
        n_permutations: int = 1000,
        alpha: float = 0.05,
        random_state: Optional[int] = None,
    ) -> Dict[str, Any]:
        n, m = len(X), len(Y)

        # Observed statistic
        observed_mmd = self.compute_mmd_squared(X, Y)

        # Pool samples
        combined = jnp.vstack([X, Y])

        # Generate permutations and compute null distribution
        if random_state is None:
            key = random.PRNGKey(0)
        else:
            key = random.PRNGKey(random_state)

        null_distribution = []
        for i in range(n_permutations):
            key, subkey = random.split(key)
            perm = random.permutation(subkey, n + m)
            X_perm = combined[perm[:n]]
            Y_perm = combined[perm[n:]]
            null_distribution.append(self.compute_mmd_squared(X_perm, Y_perm))

        null_distribution = jnp.array(null_distribution)

        # Compute p-value (proportion of null >= observed)
        p_value = float(
            (jnp.sum(null_distribution >= observed_mmd) + 1) / (n_permutations + 1)
        )

        # Critical value
        threshold = float(jnp.quantile(null_distribution, 1 - alpha))

        return {
            "statistic": observed_mmd,
            "p_value": p_value,
            "reject_null": p_value < alpha,
            "threshold": threshold,
            "null_distribution": null_distribution,
        }

    def linear_time_mmd(
        self, X: Array, Y: Array, random_state: Optional[int] = None
    ) -> float:
        n = min(len(X), len(Y))
        n = n - (n % 2)  # Make even

        X, Y = X[:n], Y[:n]

        # Set bandwidth if not specified
        if self.gamma is None:
            self.gamma_ = median_heuristic(X, Y)
        else:
            self.gamma_ = self.gamma

        # Compute h-statistics for each pair
        h_values = []
        for i in range(0, n, 2):
            x1, x2 = X[i : i + 1], X[i + 1 : i + 2]
            y1, y2 = Y[i : i + 1], Y[i + 1 : i + 2]

            k_xx = self._compute_kernel(x1, x2)[0, 0]
            k_yy = self._compute_kernel(y1, y2)[0, 0]
            k_xy1 = self._compute_kernel(x1, y2)[0, 0]
            k_xy2 = self._compute_kernel(x2, y1)[0, 0]

            h = k_xx + k_yy - k_xy1 - k_xy2
            h_values.append(h)

        return float(jnp.mean(jnp.array(h_values)))
