# Source: https://github.com/mijordan3/BNP_sensitivity/blob/04a18f5dc33d578e64ac0153b008ac14d1b08b98/GMM_clustering/bnpgmm_runjingdev/gmm_clustering_lib.py
# Title: GMM_clustering/bnpgmm_runjingdev/gmm_clustering_lib.py (DP Gaussian mixture, variational objective)
# Cut: kept get_loglik_obs_by_nk, get_z_nat_params/get_optimal_z and get_kl without its docstring and debug prints; the prior, entropy and paragami pattern set-up are reduced to calls; the BFGS driver from optimization_lib.py (OptimizationObjective(get_loss).grad is autograd) is appended at the end.
import autograd
import autograd.numpy as np
import autograd.scipy as sp

import bnpmodeling_runjingdev.cluster_quantities_lib as cluster_lib
import bnpmodeling_runjingdev.modeling_lib as modeling_lib
import bnpmodeling_runjingdev.functional_sensitivity_lib as func_sens_lib

from bnpmodeling_runjingdev.modeling_lib import my_slogdet3d

import paragami

def get_loglik_obs_by_nk(y, centroids, cluster_info):
    # returns a n x k matrix whose nkth entry is
    # the likelihood for the nth observation
    # belonging to the kth cluster

    dim = np.shape(y)[1]

    assert np.shape(y)[1] == np.shape(centroids)[0]
    assert np.shape(cluster_info)[0] == np.shape(centroids)[1]
    assert np.shape(cluster_info)[1] == np.shape(centroids)[0]

    data2_term = np.einsum('ni, kij, nj -> nk', y, cluster_info, y)
    cross_term = np.einsum('ni, kij, jk -> nk', y, cluster_info, centroids)
    centroid2_term = np.einsum('ik, kij, jk -> k', centroids, cluster_info, centroids)

    squared_term = data2_term - 2 * cross_term + \
                    np.expand_dims(centroid2_term, axis = 0)

    return - 0.5 * squared_term + 0.5 * my_slogdet3d(cluster_info)[1][None, :]
                            # np.linalg.slogdet(cluster_info)[1][None, :]

##########################
# Optimization over e_z
##########################

def get_z_nat_params(y, stick_propn_mean, stick_propn_info, centroids, cluster_info,
                        gh_loc, gh_weights,
                        use_bnp_prior = True):

    # get likelihood term
    loglik_obs_by_nk = get_loglik_obs_by_nk(y, centroids, cluster_info)

    # get weight term
    if use_bnp_prior:
        e_log_cluster_probs = \
            modeling_lib.get_e_log_cluster_probabilities(
                            stick_propn_mean, stick_propn_info,
                            gh_loc, gh_weights)
    else:
        e_log_cluster_probs = 0.

    z_nat_param = loglik_obs_by_nk + e_log_cluster_probs

    return z_nat_param, loglik_obs_by_nk

def get_optimal_z(y, stick_propn_mean, stick_propn_info, centroids, cluster_info,
                    gh_loc, gh_weights,
                    use_bnp_prior = True):

    z_nat_param, loglik_obs_by_nk= \
        get_z_nat_params(y, stick_propn_mean, stick_propn_info, centroids, cluster_info,
                                    gh_loc, gh_weights,
                                    use_bnp_prior)

    log_const = sp.special.logsumexp(z_nat_param, axis=1)
    e_z = np.exp(z_nat_param - log_const[:, None])

    return e_z, loglik_obs_by_nk


def get_kl(y, vb_params_dict, prior_params_dict,
                    gh_loc, gh_weights,
                    e_z = None,
                    data_weights = None,
                    use_bnp_prior = True):
    # get vb parameters
    stick_propn_mean = vb_params_dict['stick_params']['stick_propn_mean']
    stick_propn_info = vb_params_dict['stick_params']['stick_propn_info']
    centroids = vb_params_dict['cluster_params']['centroids']
    cluster_info = vb_params_dict['cluster_params']['cluster_info']

    # get optimal cluster belongings
    e_z_opt, loglik_obs_by_nk = \
            get_optimal_z(y, stick_propn_mean, stick_propn_info, centroids, cluster_info,
                            gh_loc, gh_weights, use_bnp_prior = use_bnp_prior)
    if e_z is None:
        e_z = e_z_opt

    e_loglik_obs = np.sum(e_z * loglik_obs_by_nk)

    # likelihood of z
    if use_bnp_prior:
        e_loglik_ind = modeling_lib.loglik_ind(stick_propn_mean, stick_propn_info, e_z,
                            gh_loc, gh_weights)
    else:
        e_loglik_ind = 0.

    e_loglik = e_loglik_ind + e_loglik_obs

    # entropy term
    entropy = np.squeeze(get_entropy(stick_propn_mean, stick_propn_info, e_z,
                                        gh_loc, gh_weights))

    # prior term
    e_log_prior = get_e_log_prior(stick_propn_mean, stick_propn_info,
                            centroids, cluster_info,
                            prior_params_dict,
                            gh_loc, gh_weights)

    elbo = e_log_prior + entropy + e_loglik

    return -1 * elbo


# from BNP_modeling/bnpmodeling_runjingdev/optimization_lib.py (same commit)
from scipy import optimize
from paragami import OptimizationObjective


def run_bfgs(get_loss, init_vb_free_params,
                    maxiter = 10, gtol = 1e-8):
    get_loss_objective = OptimizationObjective(get_loss)

    # optimize
    bfgs_output = optimize.minimize(
            get_loss_objective.f,
            x0=init_vb_free_params,
            jac=get_loss_objective.grad,
            method='BFGS',
            options={'maxiter': maxiter, 'disp': True, 'gtol': gtol})

    bfgs_vb_free_params = bfgs_output.x

    return bfgs_vb_free_params, bfgs_output


# k_approx = 30 in the repository's GMM notebooks (e.g. GMM_clustering/jupyter/functional_sensitivity.ipynb)
