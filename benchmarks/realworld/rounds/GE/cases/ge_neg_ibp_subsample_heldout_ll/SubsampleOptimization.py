# Source: https://github.com/Runjing-Liu120/Variational_BNP_robustness/blob/557513a34992d86c85c4183b81bf809c5a68ecf6/finite_approx/SubsampleOptimization.ipynb
# Title: finite_approx/SubsampleOptimization.ipynb (IBP fits on data subsets, held-out log likelihood)
# Cut: code cells 0, 1, 5, 6 and 7 converted to a script; magics, plots and the histogram cell dropped; num_subsets/subset_size (defined in a cell not reproduced) set inline.
import autograd.numpy as np
import autograd.scipy as sp
from autograd import grad, hessian, hessian_vector_product, hessian, jacobian

from copy import deepcopy

import valez_finite_VI_lib as vi
from data_set_lib import DataSet
import generic_optimization_lib as packing

alpha = 10 # IBP parameter
num_samples = 500 # Data set size
D = 2 # dimension
sigma_a = 3.0 ** 2
sigma_eps = 1.0 ** 2 # variance of noise
k_inf = 5 # take to be large for a good approximation to the IBP
pi, Z, mu, A, X = vi.generate_data(num_samples, D, k_inf, sigma_a, sigma_eps, alpha)
k_approx = k_inf

tau_init, nu_init, phi_mu_init, phi_var_init = \
    vi.initialize_parameters(num_samples, D, k_approx)

data_set = DataSet(X, k_approx, alpha, sigma_eps, sigma_a)

num_subsets = 5
subset_size = num_samples // num_subsets


def truncate_nu(nu, nu_tol=1e-8):
    # CAVI can return nu values that are too close to 0 or 1 for the encoding.
    nu[nu < nu_tol] = nu_tol
    nu[nu > 1 - nu_tol] = 1 - nu_tol


params_list = []
data_subset_list = []

for subset in range(num_subsets):
    print('Subset %d of %d' % (subset, num_subsets))
    subset_slice = slice(subset * subset_size, (subset + 1) * subset_size)
    data_subset = DataSet(X[subset_slice, :], k_approx, alpha, sigma_eps, sigma_a)
    data_subset_list.append(data_subset)
    tau, nu, phi_mu, phi_var = data_subset.run_cavi(
            deepcopy(tau_init), deepcopy(nu_init[subset_slice, :]),
            deepcopy(phi_mu_init), deepcopy(phi_var_init),
            max_iter=50, tol=1e-6)
    truncate_nu(nu)
    cavi_params = packing.pack_params(tau, phi_mu, phi_var, nu)
    params_list.append(cavi_params)


def optimize_nu(data_set, tau, digamma_tau, nu, phi_mu, phi_var, n, tol=1e-6, max_iter=20):
    last_nu = deepcopy(nu[n, :])

    diff = np.float('inf')
    stepnum =0
    while diff > tol and stepnum < max_iter:
        for k in range(data_set.data_shape['K']):
            vi.nu_updates(tau, nu, phi_mu, phi_var,
                          data_set.x, data_set.sigmas, n, k, digamma_tau)
        diff = np.max(np.abs(last_nu - nu[n, :]))
        last_nu = deepcopy(nu[n, :])
        if not np.isfinite(diff):
            print('Error: non-finite parameter difference.')
            break


def optimize_all_nu(data_set, tau, nu, phi_mu, phi_var, tol=1e-6, max_iter=20):
    digamma_tau = sp.special.digamma(tau)
    for n in range(num_samples):
        optimize_nu(data_set, tau, digamma_tau, nu, phi_mu, phi_var, n)


n_test_samples = 500
all_ll = []
nu = deepcopy(nu_init)

for subset in range(num_subsets):
    params = params_list[subset]
    data_subset = data_subset_list[subset]
    tau, phi_mu, phi_var, nu_subset = data_subset.unpack_params(params)
    phi_var_expanded = np.array([ phi_var for d in range(D)])

    optimize_all_nu(data_set, tau, nu, phi_mu, phi_var)
    z_sample, a_sample, pi_sample = vi.generate_parameter_draws(
        nu, phi_mu, phi_var_expanded, tau, n_test_samples)

    ll = [ vi.log_lik(data_set.x, z_sample[n, :, :], a_sample[n, :, :], pi_sample[n, :],
                      sigma_eps, sigma_a, alpha, k_approx) for n in range(n_test_samples) ]

    all_ll.extend(ll)

logsumexp_ll = sp.misc.logsumexp(all_ll)
