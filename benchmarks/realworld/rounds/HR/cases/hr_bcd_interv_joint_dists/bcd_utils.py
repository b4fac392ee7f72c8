# Source: https://github.com/jithendaraa/structure-learning/blob/0a2b5669cb5aceeb9c1fc98812e113d44e4ee2a1/exps/decoder_bcd_exps/bcd_utils.py
# Title: exps/decoder_bcd_exps/bcd_utils.py (jithendaraa/structure-learning)
# Cut: only the linear-Gaussian SEM distribution helpers kept (get_joint_dist_params ... get_prior_interv_dists);
#      model factories, evaluation and plotting helpers removed; imports reduced to the ones these use.
import numpy as onp
import jax.numpy as jnp
from jax import vmap, jit, grad, lax


def get_joint_dist_params(sigma, W):
    """
        Gets the joint distribution for some SCM that performs: 
        z = W.T @ z + eps where eps ~ Normal(0, sigma**2*I)
    """
    dim, _ = W.shape
    Sigma = sigma**2 * jnp.eye(dim)
    inv_matrix = jnp.linalg.inv((jnp.eye(dim) - W))
    
    mu_joint = jnp.array([0.] * dim)
    Sigma_joint = inv_matrix.T @ Sigma @ inv_matrix
    
    return mu_joint, Sigma_joint


def get_interv_joint_dist_params(sigma, W):
    """
        Give the joint interventional distribution for every single node intervention
    """
    interv_mu_joints, interv_Sigma_joints = None, None
    dim, _ = W.shape

    for interv_idx in range(dim):
        W_tilde = W.at[:, interv_idx].set(0.)
        interv_mu_joint, interv_Sigma_joint = get_joint_dist_params(sigma, W_tilde)
        
        if interv_mu_joints is None or interv_Sigma_joints is None:
            interv_mu_joints, interv_Sigma_joints = interv_mu_joint[jnp.newaxis, :], interv_Sigma_joint[jnp.newaxis, :]
        else:
            interv_mu_joints = jnp.concatenate((interv_mu_joints, interv_mu_joint[jnp.newaxis, :]), axis=0)
            interv_Sigma_joints = jnp.concatenate((interv_Sigma_joints, interv_Sigma_joint[jnp.newaxis, :]), axis=0)

    return interv_mu_joints, interv_Sigma_joints


def get_cond_dist_params(node_mus, node_vars, W, P):
    """
        Get variances on each causal variable for a given theta in a linear gaussian additive noise model, 
        given noise variances.
        
        node_vars: noise variances on each node
        W: weighted adj matrix, jnp.array
        P: permutation matrix
    """
    dim = node_vars.shape[0]
    ordering = jnp.arange(0, dim)
    swapped_ordering = ordering[jnp.where(P, size=dim)[1].argsort()]

    # Only for linear gaussian setting
    for j in swapped_ordering:
        node_mus = node_mus.at[j].set( node_mus[j] + jnp.dot( W[:, j], node_mus) )
        node_vars = node_vars.at[j].set( node_vars[j] + jnp.dot( W[:, j]**2, node_vars) )

    node_covars = jnp.diag(node_vars)
    return node_mus, node_covars


def get_W_tilde(W, idx):
    W.at[:, idx].set(0.)
    return W


def get_interv_dists_for_interv(node_mu, node_vars, batch_W, batch_P, interv_idx):
    idx = jnp.where(interv_idx, size=1)
    batch_W_tilde = vmap(get_W_tilde, (0, None), (0))(batch_W, idx)
    batch_qz_mu_interv, batch_qz_covar_interv = vmap(get_cond_dist_params, (None, 0, 0, 0), (0, 0))(node_mu, node_vars, batch_W_tilde, batch_P)
    return batch_qz_mu_interv, batch_qz_covar_interv, batch_W_tilde


def get_posterior_interv_dists(node_mus, node_vars, batch_W, batch_P, interv_idxs):
    batch_qz_mu_intervs, batch_qz_covar_intervs, batch_W_tildes = vmap(get_interv_dists_for_interv, (None, None, None, None, 0), (0, 0, 0))(node_mus, node_vars, batch_W, batch_P, interv_idxs)
    return batch_qz_mu_intervs, batch_qz_covar_intervs


def get_prior_interv_dists(node_mus, node_vars, W, P, opt):
    pz_mu_intervs, pz_covar_intervs = None, None

    for i in range(opt.num_nodes):
        interv = onp.array([False] * opt.num_nodes)
        interv[i] = True
        w_tilde = onp.array(W, copy=True)
        w_tilde[:, i] = 0.0

        pz_mu_interv, pz_covar_interv = get_cond_dist_params(node_mus, node_vars, w_tilde, P)

        if pz_mu_intervs is None:
            pz_mu_intervs, pz_covar_intervs = pz_mu_interv[jnp.newaxis, :], pz_covar_interv[jnp.newaxis, :]
        else:
            pz_mu_intervs = jnp.concatenate((pz_mu_intervs, pz_mu_interv[jnp.newaxis, :]), axis=0)
            pz_covar_intervs = jnp.concatenate((pz_covar_intervs, pz_covar_interv[jnp.newaxis, :]), axis=0)

    return pz_mu_intervs, pz_covar_intervs

