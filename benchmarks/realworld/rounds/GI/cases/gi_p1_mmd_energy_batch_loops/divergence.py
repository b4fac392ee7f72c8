# Source: https://github.com/avitai/artifex/blob/d47993d2dece280aeb98b418713b9215738c45e9/src/artifex/generative_models/core/losses/divergence.py
# Title: artifex/generative_models/core/losses/divergence.py (sample-based divergence losses next to distrax KL)
# Cut: kl/js/wasserstein losses and long docstrings removed; reduce_loss is the package's helper (imported).
#      The two batch loops are as in the initial commit (MMD was later rewritten with jax.vmap).
import jax
import jax.numpy as jnp
from distrax import Distribution

from artifex.generative_models.core.losses.base import reduce_loss


def maximum_mean_discrepancy(
    predictions: jax.Array,
    targets: jax.Array,
    kernel_type: str = "rbf",
    kernel_bandwidth: float = 1.0,
    reduction: str = "mean",
    weights: jax.Array | None = None,
) -> jax.Array:
    """Maximum Mean Discrepancy; predictions/targets are [batch, num_samples, features]."""

    def compute_kernel_matrix(x, y, kernel_type, bandwidth):
        """Compute kernel matrix between two sets of points."""
        if kernel_type == "rbf":
            # RBF (Gaussian) kernel
            pairwise_dists = jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)
            return jnp.exp(-pairwise_dists / (2 * bandwidth**2))
        elif kernel_type == "linear":
            # Linear kernel
            return jnp.matmul(x, y.T)
        elif kernel_type == "polynomial":
            # Polynomial kernel (degree 2)
            return (jnp.matmul(x, y.T) + 1) ** 2
        else:
            raise ValueError(f"Unknown kernel type: {kernel_type}")

    batch_size = predictions.shape[0]
    mmd_batch = []

    for b in range(batch_size):
        pred_b = predictions[b]  # [num_samples, features]
        target_b = targets[b]  # [num_samples, features]

        # Compute kernel matrices
        k_pp = compute_kernel_matrix(pred_b, pred_b, kernel_type, kernel_bandwidth)
        k_tt = compute_kernel_matrix(target_b, target_b, kernel_type, kernel_bandwidth)
        k_pt = compute_kernel_matrix(pred_b, target_b, kernel_type, kernel_bandwidth)

        # Compute MMD^2 = E[k(x,x')] + E[k(y,y')] - 2*E[k(x,y)]
        mmd_squared = jnp.mean(k_pp) + jnp.mean(k_tt) - 2 * jnp.mean(k_pt)

        # Take square root to get MMD (ensuring non-negative)
        mmd = jnp.sqrt(jnp.maximum(mmd_squared, 0.0))
        mmd_batch.append(mmd)

    mmd_batch = jnp.stack(mmd_batch)
    return reduce_loss(mmd_batch, reduction, weights)


def energy_distance(
    predictions: jax.Array,
    targets: jax.Array,
    beta: float = 1.0,
    reduction: str = "mean",
    weights: jax.Array | None = None,
) -> jax.Array:
    """Energy distance; predictions/targets are [batch, num_samples, features]."""
    batch_size = predictions.shape[0]
    energy_batch = []

    for b in range(batch_size):
        pred_b = predictions[b]  # [num_samples, features]
        target_b = targets[b]  # [num_samples, features]

        # Compute pairwise distances
        def pairwise_distance(x, y):
            return jnp.power(jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1) ** 0.5, beta)

        # E[||X - Y||^beta]
        d_xy = jnp.mean(pairwise_distance(pred_b, target_b))

        # E[||X - X'||^beta]
        d_xx = jnp.mean(pairwise_distance(pred_b, pred_b))

        # E[||Y - Y'||^beta]
        d_yy = jnp.mean(pairwise_distance(target_b, target_b))

        # Energy distance: 2*E[||X-Y||] - E[||X-X'||] - E[||Y-Y'||]
        energy = 2 * d_xy - d_xx - d_yy
        energy_batch.append(energy)

    energy_batch = jnp.stack(energy_batch)
    return reduce_loss(energy_batch, reduction, weights)
