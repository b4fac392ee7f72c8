# Source: https://github.com/jithendaraa/biols/blob/11ee50da0c2b7087083b7dc273669e020c073609/exps/eval.py
# Title: exps/eval.py (jithendaraa/biols)
# Cut: evaluate kept up to the MCC score, eval_mean/auroc/count_accuracy removed; precision-KL metrics and the mean
#      correlation coefficient kept. Called from the training scripts every few steps, outside jit.
import cdt, pdb
import jax.numpy as jnp
import numpy as onp
import networkx as nx
import graphical_models
from sklearn import metrics as sklearn_metrics
from sklearn.metrics import roc_curve, auc, roc_auc_score, precision_recall_curve
from scipy.optimize import linear_sum_assignment

def evaluate(rng_key, params, forward, interventions, pred_samples, gt_samples, 
    loss, log_dict, opt, batch_idxs=None, interv_model=False, generative_interv=False, interv_logit_params=None):

    eval_mean_args = (
        rng_key, 
        params,
        forward, 
        interventions, 
        gt_samples,
        opt, 
    )

    eval_mean_kwargs = {
        "interv_model": interv_model,
        "generative_interv": generative_interv,
        "x_gt": gt_samples.x,
        "learn_intervs": opt.learn_intervs,
        "interv_logit_params": interv_logit_params
    }

    eval_dict = eval_mean(*eval_mean_args, **eval_mean_kwargs)

    mcc_scores = []
    for j in range(len(pred_samples.z)):
        if batch_idxs is None:
            mcc_scores.append(get_cross_correlation(pred_samples.z[j], gt_samples.z))
        else:
            mcc_scores.append(get_cross_correlation(pred_samples.z[j], gt_samples.z[batch_idxs]))
    mcc_score = onp.mean(onp.array(mcc_scores))

    return eval_dict, mcc_score


def gaussian_precision_kl(theta, theta_hat):
    """Computes KL divergence between Gaussians with precisions theta, theta_hat

    Assumes mean zero for the Gaussians.

    Args:
        theta: d x d precision matrix
        theta_hat: d x d precision matrix
    Returns:
        kl: KL divergence
    """
    dim = onp.shape(theta)[0]
    theta_0_logdet = onp.linalg.slogdet(theta)[1]
    theta_hat_logdet = onp.linalg.slogdet(theta_hat)[1]
    trace_term = onp.trace(theta_hat @ onp.linalg.inv(theta))
    return 0.5 * (theta_0_logdet - theta_hat_logdet - dim + trace_term)


def precision_kl_loss(true_noise, true_W, est_noise, est_W):
    """Computes the KL divergence to the true parameters

    Args:
        true_noise: (d,)-shape vector of noise variances
        true_W: (d,d)-shape adjacency matrix
        est_noise: (d,)-shape vector of estimated noise variances
        est_W: (d,d)-shape adjacency matrix
    Returns:
        w_square: induced squared Wasserstein distance
    """
    dim = len(true_noise)
    true_prec = (
        (onp.eye(dim) - true_W) @ (onp.diag(1.0 / true_noise)) @ (onp.eye(dim) - true_W).T
    )
    est_prec = (
        (onp.eye(dim) - est_W) @ (onp.diag(1.0 / est_noise)) @ (onp.eye(dim) - est_W).T
    )
    return gaussian_precision_kl(true_prec, est_prec)


def precision_kl_sample_loss(x_prec, est_noise, est_W):
    """Computes the KL divergence to the sample distribution

    Args:
        x_cov: (d,d)-shape sample covariance matrix
        est_noise: (d,)-shape vector of estimated noise variances
        est_W: (d,d)-shape estimated adjacency matrix
    Returns:
        w_square: induced KL divergence
    """
    dim = len(est_noise)
    est_prec = (
        (onp.eye(dim) - est_W) @ (onp.diag(1.0 / est_noise)) @ (onp.eye(dim) - est_W).T
    )
    return gaussian_precision_kl(x_prec, est_prec)


def get_cross_correlation(pred_latent, true_latent):
    """
        Calculate the Mean Correlation Coefficient
    """
    dim= pred_latent.shape[1]
    cross_corr= onp.zeros((dim, dim))
    for i in range(dim):
        for j in range(dim):
            cross_corr[i,j]= (onp.cov( pred_latent[:,i], true_latent[:,j] )[0,1]) / ( onp.std(pred_latent[:,i])*onp.std(true_latent[:,j]) )
    
    cost= -1*onp.abs(cross_corr)
    row_ind, col_ind= linear_sum_assignment(cost)
    
    score= 100*onp.sum( -1*cost[row_ind, col_ind].sum() )/(dim)
    return score
