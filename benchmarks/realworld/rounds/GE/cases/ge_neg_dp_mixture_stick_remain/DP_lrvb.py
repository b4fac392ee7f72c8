# Source: https://github.com/Runjing-Liu120/Variational_BNP_robustness/blob/557513a34992d86c85c4183b81bf809c5a68ecf6/DP_mixture/DP_lrvb.py
# Title: DP_mixture/DP_lrvb.py (sensitivity to the DP concentration alpha)
# Cut: kept the constructor (autograd hessian/jacobians of the KL), kl and get_param_sensitivity; the influence-function methods are dropped.
import autograd.numpy as np
import autograd

from copy import deepcopy

import DP_functional_perturbation_lib as fun_pert

# This class examines the sensitivty to priors on alpha
class DPAlphaSensitivity(object):
    def __init__(self, model, optimal_global_free_params):
        self.model = deepcopy(model)
        self.alpha = model.alpha

        self.optimal_global_free_params = optimal_global_free_params

        # get the necessary derivatives
        self.get_kl_hessian = autograd.hessian(self.kl, argnum = 0)

        self.get_kl_jac = autograd.jacobian(self.kl, argnum = 0)
        self.get_alpha_jac = autograd.jacobian(self.get_kl_jac, argnum = 1)

        print('evaluating hessian ...')
        self.kl_hessian = self.get_kl_hessian(self.optimal_global_free_params, \
                                            self.alpha)
        print('ok')

    def kl(self, global_free_params, alpha):
        self.model.vb_params['global'].set_free(global_free_params)
        self.model.alpha = alpha

        return self.model.kl_optimize_z()

    def get_param_sensitivity(self, interesting_moments):
        # interesting moments should be a function that takes in the global
        # free parameters, and returns the posterior moments you want to examine

        get_moment_jac = autograd.jacobian(interesting_moments)
        moment_jac = get_moment_jac(self.optimal_global_free_params)

        sensitivity_operator = np.linalg.solve(self.kl_hessian, moment_jac.T)

        alpha_jac = self.get_alpha_jac(self.optimal_global_free_params,\
                                        self.alpha)

        return np.dot(sensitivity_operator.T, -1 * alpha_jac)
