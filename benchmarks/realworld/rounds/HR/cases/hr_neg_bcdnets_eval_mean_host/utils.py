# Source: https://github.com/ermongroup/BCD-Nets/blob/3a81a56ab091775c4d6f41132fa9f514f949278f/utils.py
# Title: utils.py (ermongroup/BCD-Nets)
# Cut: eval_W_ev and auroc kept (called per posterior sample by eval_mean in main.py); imports reduced to the ones they use.
from typing import Union, Callable, cast, Any
import jax.numpy as np
import numpy as onp
from sklearn.metrics import roc_curve, auc
from cdt.metrics import SHD_CPDAG
import networkx as nx
from dag_utils import count_accuracy
from divergences import (
    precision_kl_sample_loss,
    precision_kl_loss,
    precision_wasserstein_sample_loss,
    precision_wasserstein_loss,
)
import jax.numpy as jnp


def eval_W_ev(
    est_W,
    true_W,
    true_noise,
    threshold,
    Xs,
    est_noise=None,
    provided_x_prec=None,
    do_shd_c=True,
    get_wasserstein=True,
    do_sid=True,
):
    dim = np.shape(est_W)[0]
    if provided_x_prec is None:
        x_prec = onp.linalg.inv(np.cov(Xs.T))
    else:
        x_prec = provided_x_prec
    x_prec = onp.linalg.inv(np.cov(Xs.T))
    est_W_clipped = np.where(np.abs(est_W) > threshold, est_W, 0)
    # Can provide noise or use the maximum-likelihood estimate
    if est_noise is None:
        est_noise = np.ones(dim) * get_variance(from_W(est_W_clipped, dim), Xs)
    else:
        est_noise = np.ones(dim) * est_noise
    stats = count_accuracy(true_W, est_W_clipped)

    if get_wasserstein:
        true_wasserstein_distance = precision_wasserstein_loss(
            true_noise, true_W, est_noise, est_W_clipped,
        )
        sample_wasserstein_loss = precision_wasserstein_sample_loss(
            x_prec, est_noise, est_W_clipped
        )
    else:
        true_wasserstein_distance, sample_wasserstein_loss = 0.0, 0.0
    true_KL_divergence = precision_kl_loss(true_noise, true_W, est_noise, est_W_clipped)
    sample_kl_divergence = precision_kl_sample_loss(x_prec, est_noise, est_W_clipped)
    if do_shd_c:
        shd_c = SHD_CPDAG(
            nx.DiGraph(onp.array(est_W_clipped)), nx.DiGraph(onp.array(true_W))
        )
        stats["shd_c"] = shd_c
    else:
        stats["shd_c"] = np.nan
    if do_sid:
        sid = SHD_CPDAG(onp.array(est_W_clipped != 0), onp.array(true_W != 0))
    else:
        sid = onp.nan
    stats["true_kl"] = true_KL_divergence
    stats["sample_kl"] = sample_kl_divergence
    stats["true_wasserstein"] = true_wasserstein_distance
    stats["sample_wasserstein"] = sample_wasserstein_loss
    stats["MSE"] = np.mean((Xs.T - est_W_clipped.T @ Xs.T) ** 2)
    stats["sid"] = sid
    return stats


def auroc(Ws, W_true, threshold):
    """Given a sample of adjacency graphs of shape n x d x d, 
    compute the AUROC for detecting edges. For each edge, we compute
    a probability that there is an edge there which is the frequency with 
    which the sample has edges over threshold."""
    _, dim, dim = Ws.shape
    edge_present = jnp.abs(Ws) > threshold
    prob_edge_present = jnp.mean(edge_present, axis=0)
    true_edges = from_W(jnp.abs(W_true) > threshold, dim).astype(int)
    predicted_probs = from_W(prob_edge_present, dim)
    fprs, tprs, _ = roc_curve(y_true=true_edges, y_score=predicted_probs, pos_label=1)
    auroc = auc(fprs, tprs)
    return auroc


