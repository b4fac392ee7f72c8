# Source: https://github.com/Runjing-Liu120/Variational_BNP_robustness/blob/557513a34992d86c85c4183b81bf809c5a68ecf6/finite_approx/valez_finite_VI_lib.py
# Title: finite_approx/valez_finite_VI_lib.py
# Cut: kept the log-density helpers used by log_lik and the parameter-draw functions.
import autograd.numpy as np
import autograd.scipy as sp
import scipy as osp

def log_p_x_conditional(x, z, a, sigma_eps):
    x_centered = x - np.matmul(z, a.T)
    var_eps = sigma_eps
    return -0.5 * np.sum(x_centered ** 2) / var_eps


def log_p_z(z, pi):
    return np.sum(z * np.log(pi) + (1 - z) * np.log(1 - pi))


def log_p_a(a, sigma_a):
    var_a = sigma_a
    return -0.5 * np.sum(a ** 2) / var_a


def log_p_pi(pi, alpha, k_approx):
    param = alpha / float(k_approx)
    return np.sum((param - 1) * np.log(pi))


def log_lik(x, z, a, pi, sigma_eps, sigma_a, alpha, k_approx):
    return \
        log_p_x_conditional(x, z, a, sigma_eps) + \
        log_p_pi(pi, alpha, k_approx) + log_p_z(z, pi) + log_p_a(a, sigma_a)


#######################################
# Variational entropies.  Note that we cannot use the scipy ones because
# Draw from the variational (or conditional) disribution.

def draw_z(nu, num_samples):
    return np.random.binomial(1, nu, size=(num_samples, nu.shape[0], nu.shape[1]))


def draw_a(phi_mu, phi_var_expanded, num_samples):
    # phi_var_expanded is a version of phi_var with the same shape as phi_mu
    return np.random.normal(
        phi_mu, phi_var_expanded,
        (num_samples, phi_mu.shape[0], phi_mu.shape[1]))


def draw_pi(tau, num_samples):
    # The numpy beta draws seem to actually hit zero and one, unlike scipy.
    return osp.stats.beta.rvs(tau[:, 0], tau[:, 1],
                              size=(num_samples, tau.shape[0]))


def generate_parameter_draws(nu, phi_mu, phi_var_expanded, tau, n_test_samples):
    z_sample = draw_z(nu, n_test_samples)
    a_sample = draw_a(phi_mu, phi_var_expanded, n_test_samples)
    pi_sample = draw_pi(tau, n_test_samples)

    return z_sample, a_sample, pi_sample


