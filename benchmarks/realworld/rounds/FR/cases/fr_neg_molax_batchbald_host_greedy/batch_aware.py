# Source: https://github.com/HFooladi/molax/blob/8e3e88ccf801716d88e28a78f8b58906f0789146/molax/acquisition/batch_aware.py
# Title: molax/acquisition/batch_aware.py (Batch-aware acquisition functions for active learning)
# Cut: kept batch_bald_sampling, _compute_mc_bald and _compute_ensemble_bald; dropped the module docstring, _compute_evidential_bald and the DPP sampler.

from typing import List, Optional, Union

import jax.numpy as jnp
import jraph

from molax.models.ensemble import DeepEnsemble
from molax.models.evidential import EvidentialGCN
from molax.models.gcn import UncertaintyGCN
from molax.utils.data import batch_graphs


def batch_bald_sampling(
    model: Union[UncertaintyGCN, DeepEnsemble, EvidentialGCN],
    pool_graphs: List[jraph.GraphsTuple],
    n_select: int,
    n_mc_samples: int = 10,
) -> List[int]:
    """Select a batch maximizing joint mutual information (BatchBALD).

    BatchBALD greedily selects samples that maximize the joint mutual
    information between predictions and model parameters, accounting for
    redundancy between selected samples.

    The greedy approximation selects each sample to maximize the marginal
    gain in joint mutual information given the already-selected samples.

    For efficiency, this implementation uses a simplified approximation that
    penalizes redundancy based on embedding similarity.

    Args:
        model: Model for uncertainty estimation (UncertaintyGCN, DeepEnsemble,
               or EvidentialGCN)
        pool_graphs: List of jraph.GraphsTuple for pool samples
        n_select: Number of samples to select
        n_mc_samples: Number of MC samples for UncertaintyGCN (ignored for
                      DeepEnsemble and EvidentialGCN)

    Returns:
        List of selected indices into pool_graphs
    """
    if not pool_graphs:
        return []

    n_pool = len(pool_graphs)
    n_select = min(n_select, n_pool)

    # Batch all pool graphs
    batched = batch_graphs(pool_graphs)

    # Get individual BALD scores based on model type
    if isinstance(model, DeepEnsemble):
        bald_scores = _compute_ensemble_bald(model, batched, n_pool)
    elif isinstance(model, EvidentialGCN):
        bald_scores = _compute_evidential_bald(model, batched, n_pool)
    else:
        # UncertaintyGCN with MC Dropout
        bald_scores = _compute_mc_bald(model, batched, n_pool, n_mc_samples)

    # Extract embeddings for redundancy penalty
    embeddings = model.extract_embeddings(batched, training=False)[:n_pool]

    # Compute pairwise similarity matrix (RBF kernel)
    # similarity[i,j] = exp(-||e_i - e_j||^2 / (2 * median_dist^2))
    diff = embeddings[:, None, :] - embeddings[None, :, :]
    pairwise_dists = jnp.linalg.norm(diff, axis=2)
    median_dist = jnp.median(pairwise_dists[pairwise_dists > 0])
    bandwidth = jnp.maximum(median_dist, 1e-6)
    similarity = jnp.exp(-(pairwise_dists**2) / (2 * bandwidth**2))

    # Greedy selection with redundancy penalty
    selected: List[int] = []
    remaining_scores = bald_scores.copy()

    for _ in range(n_select):
        # Mask already selected by setting their scores to -inf
        if selected:
            remaining_scores = remaining_scores.at[jnp.array(selected)].set(-jnp.inf)

        # Select best remaining
        best_idx = int(jnp.argmax(remaining_scores))
        selected.append(best_idx)

        # Apply redundancy penalty to similar samples
        # Reduce scores of samples similar to the selected one
        redundancy_penalty = similarity[best_idx] * bald_scores[best_idx]
        remaining_scores = remaining_scores - 0.5 * redundancy_penalty
        remaining_scores = jnp.maximum(remaining_scores, 0)

    return selected


def _compute_mc_bald(
    model: UncertaintyGCN,
    batched: jraph.GraphsTuple,
    n_pool: int,
    n_mc_samples: int,
) -> jnp.ndarray:
    """Compute BALD scores using MC Dropout."""
    means = []
    variances = []

    for _ in range(n_mc_samples):
        mean, var = model(batched, training=True)
        means.append(mean.squeeze(-1))
        variances.append(var.squeeze(-1))

    means = jnp.stack(means, axis=0)
    variances = jnp.stack(variances, axis=0)

    epistemic_var = jnp.var(means, axis=0)
    expected_aleatoric_var = jnp.mean(variances, axis=0)
    total_var = epistemic_var + expected_aleatoric_var

    eps = 1e-8
    bald_scores = 0.5 * jnp.log((total_var + eps) / (expected_aleatoric_var + eps))

    return bald_scores[:n_pool]


def _compute_ensemble_bald(
    ensemble: DeepEnsemble,
    batched: jraph.GraphsTuple,
    n_pool: int,
) -> jnp.ndarray:
    """Compute BALD scores using ensemble disagreement."""
    means = []
    variances = []

    for member in ensemble.members:
        mean, var = member(batched, training=False)
        means.append(mean.squeeze(-1))
        variances.append(var.squeeze(-1))

    means = jnp.stack(means, axis=0)
    variances = jnp.stack(variances, axis=0)

    epistemic_var = jnp.var(means, axis=0)
    expected_aleatoric_var = jnp.mean(variances, axis=0)
    total_var = epistemic_var + expected_aleatoric_var

    eps = 1e-8
    bald_scores = 0.5 * jnp.log((total_var + eps) / (expected_aleatoric_var + eps))

    return bald_scores[:n_pool]
