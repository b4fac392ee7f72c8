# Source: https://github.com/f-lair/hessian-data-lowrank/blob/cedfb8f0341df8be42179a0f366b58b14c734c69/src/experiment_utils.py
# Title: src/experiment_utils.py (hessian-data-lowrank: sample-approximate GGN, Laplace approximation)
# Cut: kept compute_ggn, compute_ggn_inv, compute_ltk and the part of start_experiment that jits/vmaps compute_ggn_inv over the stacked [N, D, D] GGNs; cut docstrings of start_experiment, the GGN sample/total loops, saving and logging; the Laplace loop header is simplified (tqdm dropped)
from functools import partial
from typing import Any, List, Tuple

import jax
import jax.flatten_util
import jax.numpy as jnp
import jax.scipy as jsp
import optax
from flax.core.frozen_dict import FrozenDict
from flax.training.train_state import TrainState
from jax import tree_util

def compute_ggn(J_model: jax.Array, H_loss: jax.Array) -> jax.Array:
    """
    Computes GGN realization as product of Jacobians and Hessian.
    C: Model output dim.
    D: Parameter dim.
    N: Batch dim.

    Args:
        J_model (jax.Array): Per-item J_model ([N, C, D]).
        H_loss (jax.Array): Per-item H_loss ([N, C, C]).

    Returns:
        jax.Array: Per-item GGN ([N, D, D]).
    """

    # Compute per-item Generalized Gauss-Newton (GGN) matrix: J_model.T @ H_loss @ J_model
    return jnp.einsum("nax,nab,nby->nxy", J_model, H_loss, J_model)  # [N, D, D]


def compute_ggn_inv(GGN: jax.Array, prior_precision: float) -> jax.Array:
    """
    Computes inverse of GGN via eigendecomposition.
    D: Parameter dim.

    Args:
        GGN: GGN matrix ([D, D])
        prior_precision (float): Prior precision for GGN computation.

    Returns:
        jax.Array: GGN inverse matrix ([D, D]).
    """

    eigval, eigvec = jsp.linalg.eigh(GGN)

    return eigvec @ jnp.diag(1 / (eigval + prior_precision)) @ eigvec.T

@jax.jit
def compute_ltk(J_infer: jax.Array, GGN_inv: jax.Array) -> jax.Array:
    """
    Computes Laplace Tangent Kernel (LTK).
    C: Model output dim.
    D: Parameter dim.
    N: Batch dim.
    M: Test batch dim.

    Args:
        J_infer (jax.Array): Per-item J_model, evaluated at test data ([M, C, D]).
        GGN_inv: Prior for inverse GGN ([N, D, D])

    Returns:
        jax.Array: Per-item LTK ([N, M, C, C]).
    """

    # Compute LTK as simple matrix product: J_infer @ GGN_inv @ J_infer.T
    return jnp.einsum("mai,nij,mbj->nmab", J_infer, GGN_inv, J_infer)  # [N, M, C, C]


def start_experiment(
    state: TrainState,
    sample_dataloader: DataLoader,
    total_dataloader: DataLoader,
    test_dataloader: DataLoader,
    ggn_sample_sizes: List[int],
    prior_precision: float,
    experiment_name: str,
    n_steps: int,
    compose_on_cpu: bool,
    no_progress_bar: bool,
    results_path: str,
) -> None:
    # (docstring and UQ buffers cut)
    # Compute GGN realization on CPU, if needed
    device = jax.devices("cpu")[0] if compose_on_cpu else None
    device_cpu = jax.devices("cpu")[0]
    compute_ggn_jit = jax.jit(compute_ggn, device=device)
    aggregate_ggn_jit = jax.jit(aggregate_samples, device=device)
    aggregate_ggn_total_jit = jax.jit(aggregate_samples_total, device=device)
    compute_ggn_inv_jit = jax.vmap(
        jax.jit(partial(compute_ggn_inv, prior_precision=prior_precision), device=device)
    )

    GGN_total = None  # filled by the GGN-total loop over the dataset (cut)
    for laplace_step_idx, laplace_batch in enumerate(test_dataloader):
            # Compute Jacobians of the model for test data
            y_infer, J_infer, _ = compute_ggn_decomp(state, laplace_batch)  # [M, C], [M, C, D]

            # Load sampled GGNs, invert them and compute LTKs
            for ggn_sample_size in ggn_sample_sizes:
                GGN_inv = load_ggn(n_steps, results_path, sample_size=ggn_sample_size)  # [N, D, D]
                GGN_inv = jax.device_put(GGN_inv, device)  # [N, D, D]
                GGN_inv = compute_ggn_inv_jit(GGN_inv)  # [N, D, D]

                # Compute LTK and predictive distribution
                LTK = compute_ltk(J_infer, GGN_inv)  # [N1, M, C, C]  # type: ignore
                pred_distr = compute_predictive_distribution(y_infer, LTK)  # [N1, M, C]
            # Compute LTK and predictive distribution for total GGN
            GGN_inv = jax.device_put(GGN_total, device)  # [1, D, D]
            GGN_inv = compute_ggn_inv_jit(GGN_inv[None, :, :])  # [1, D, D]  # type: ignore
            LTK = compute_ltk(J_infer, GGN_inv)  # [N1, M, C, C]  # type: ignore
