# Source: https://github.com/mijordan3/BNP_sensitivity/blob/827caa0e90ef3973cfe9cfc8037bbdfcbd8c1141/structure/vb_lib/structure_model_lib.py
# Title: structure/vb_lib/structure_model_lib.py ("outer loop with jax.experimental.loop seems faster")
# Cut: kept the likelihood section (per-(n,l) term, inner lax.scan over loci, outer loops.Scope over individuals) and a reduced get_kl; the prior, entropy, moments and initialisation sections are stubbed or dropped.
import jax
import jax.numpy as np
import jax.scipy as sp

from jax.experimental import loops

from bnpmodeling_runjingdev import modeling_lib


def get_e_log_prior(e_log_1m_sticks, e_log_pop_freq, e_log_1m_pop_freq,
                    dp_prior_alpha, allele_prior_alpha, allele_prior_beta):
    # stub: the Beta/DP prior terms of the original are elementwise sums
    return (dp_prior_alpha - 1) * np.sum(e_log_1m_sticks) + \
        (allele_prior_alpha - 1) * np.sum(e_log_pop_freq) + \
        (allele_prior_beta - 1) * np.sum(e_log_1m_pop_freq)

##########################
# Likelihood term
##########################
def get_loglik_gene_nl(g_obs_nl, e_log_pop_freq_l, e_log_1m_pop_freq_l):

    g_obs_nl0 = g_obs_nl[0]
    g_obs_nl1 = g_obs_nl[1]
    g_obs_nl2 = g_obs_nl[2]

    loglik_a = \
        g_obs_nl0 * e_log_1m_pop_freq_l + \
            (g_obs_nl1 + g_obs_nl2) * e_log_pop_freq_l

    loglik_b = \
        (g_obs_nl0 + g_obs_nl1) * e_log_1m_pop_freq_l + \
            g_obs_nl2 * e_log_pop_freq_l

    # returns k_approx x 2 array
    return np.stack((loglik_a, loglik_b), axis = -1)

def get_e_loglik_nl(g_obs_nl, e_log_pop_freq_l, e_log_1m_pop_freq_l,
                    e_log_cluster_probs_n, detach_ez):
    
    # returns z-optimized log-likelihood for observation-n at locus-l

    # get loglikelihood of observations at loci n,l
    loglik_gene_nl = get_loglik_gene_nl(g_obs_nl, e_log_pop_freq_l, e_log_1m_pop_freq_l)

    # add individual belongings
    loglik_cond_z_nl = np.expand_dims(e_log_cluster_probs_n, axis = 1) + loglik_gene_nl

    # individal x chromosome belongings
    e_z_nl = jax.nn.softmax(loglik_cond_z_nl, axis = 0)

    if detach_ez:
        e_z_nl = jax.lax.stop_gradient(e_z_nl)

    # log likelihood
    loglik_nl = np.sum(loglik_cond_z_nl * e_z_nl)

    # entropy term: save this because the z's won't be available later
    # compute the entropy
    z_entropy_nl = (sp.special.entr(e_z_nl)).sum()

    return np.array([loglik_nl, z_entropy_nl])

def get_e_loglik_n(g_obs_n, e_log_pop_freq, e_log_1m_pop_freq, \
                    e_log_cluster_probs_n,
                    detach_ez):
    
    # inner loop throug loci
    
    body_fun = lambda val, x : get_e_loglik_nl(x[0], x[1], x[2],
                                        e_log_cluster_probs_n, detach_ez) + \
                                        val

    scan_fun = lambda val, x : (body_fun(val, x), None)

    init_val = np.array([0., 0.])

    out = jax.lax.scan(scan_fun, init_val,
                        xs = (g_obs_n, e_log_pop_freq, e_log_1m_pop_freq))[0]

    e_loglik_n = out[0]
    z_entropy_n = out[1]

    return e_loglik_n, z_entropy_n

def get_e_loglik(g_obs,
                    e_log_pop_freq, e_log_1m_pop_freq, \
                    e_log_sticks, e_log_1m_sticks,
                    detach_ez): 
    
    # outer loop through n
    
    e_log_cluster_probs = \
        modeling_lib.get_e_log_cluster_probabilities_from_e_log_stick(
                            e_log_sticks, e_log_1m_sticks)

    with loops.Scope() as s:
        s.e_loglik = 0.
        s.z_entropy = 0.
        for i in s.range(g_obs.shape[0]):
            e_loglik_n, z_entropy_n = get_e_loglik_n(g_obs[i], 
                                    e_log_pop_freq, e_log_1m_pop_freq,
                                    e_log_cluster_probs[i], detach_ez = True)

            s.e_loglik += e_loglik_n
            s.z_entropy += z_entropy_n

    return s.e_loglik, s.z_entropy


def get_e_joint_loglik_from_nat_params(g_obs,
                                    e_log_pop_freq, e_log_1m_pop_freq,
                                    e_log_sticks, e_log_1m_sticks,
                                    dp_prior_alpha, allele_prior_alpha,
                                    allele_prior_beta,
                                    detach_ez = False):

    e_loglik, z_entropy = get_e_loglik(g_obs,
                                        e_log_pop_freq, e_log_1m_pop_freq, \
                                        e_log_sticks, e_log_1m_sticks,
                                        detach_ez = detach_ez)

    # prior term
    e_log_prior = get_e_log_prior(e_log_1m_sticks,
                            e_log_pop_freq, e_log_1m_pop_freq,
                            dp_prior_alpha, allele_prior_alpha,
                            allele_prior_beta).squeeze()

    return e_log_prior + e_loglik, z_entropy



def get_kl(g_obs, e_log_sticks, e_log_1m_sticks,
           e_log_pop_freq, e_log_1m_pop_freq, prior_params_dict,
           entropy, detach_ez = False):
    dp_prior_alpha = prior_params_dict['dp_prior_alpha']
    allele_prior_alpha = prior_params_dict['allele_prior_alpha']
    allele_prior_beta = prior_params_dict['allele_prior_beta']

    # joint log likelihood
    e_loglik, z_entropy = get_e_joint_loglik_from_nat_params(g_obs,
                                    e_log_pop_freq, e_log_1m_pop_freq,
                                    e_log_sticks, e_log_1m_sticks,
                                    dp_prior_alpha, allele_prior_alpha,
                                    allele_prior_beta,
                                    detach_ez = detach_ez)

    elbo = e_loglik + entropy + z_entropy
    return -1 * elbo
