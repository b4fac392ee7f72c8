# Source: https://github.com/Runjing-Liu120/Variational_BNP_robustness/blob/557513a34992d86c85c4183b81bf809c5a68ecf6/DP_mixture/DP_normal_mixture.ipynb
# Title: DP_mixture/DP_normal_mixture.ipynb
# Cut: code cells 3, 6-9 and 18-21 converted to a script (plots and CAVI comparison dropped; ModelParamsDict imports shortened).
import autograd.numpy as np
from scipy import optimize

from VariationalBayes.ParameterDictionary import ModelParamsDict
from VariationalBayes.Parameters import ScalarParam, VectorParam, ArrayParam
from VariationalBayes.MultinomialParams import SimplexParam
from VariationalBayes.DirichletParams import DirichletParamArray
from VariationalBayes.WishartParams import WishartParam
from VariationalBayes.MatrixParameters import PosDefMatrixParamVector
from VariationalBayes.SparseObjectives import Objective

import DP_normal_mixture_lib as dp

np.random.seed(52432)

# data parameters
num_obs = 1000 # number of observations
x_dim = 2 # dimension of observations
k_true = 2 # true number of clusters

true_info_x = 0.1 * np.eye(x_dim)

x, true_mu, true_z, true_pi = dp.draw_data(true_info_x, x_dim, k_true, num_obs)

# prior parameters
alpha = 2.0 # DP parameter
prior_mu = np.mean(x, axis = 0)
prior_wishart_dof = x_dim
prior_wishart_scale = true_info_x / prior_wishart_dof
kappa = 0.001

# variational truncation
k_approx = 10

# global parameters
global_params = ModelParamsDict('global')
global_params.push_param(
    PosDefMatrixParamVector(name='info_mu', length=k_approx, matrix_size=x_dim)) # variational variances
global_params.push_param(
    ArrayParam(name='mu', shape=(k_approx, x_dim))) # variational means
global_params.push_param(
    DirichletParamArray(name='v_sticks', shape=(k_approx - 1, 2)))
global_params.push_param(
    WishartParam(name = 'wishart', size = x_dim))

# local indicators
local_params = ModelParamsDict('local')
local_params.push_param(
    SimplexParam(name='e_z', shape=(num_obs, k_approx)))

vb_params = ModelParamsDict('vb_params model')
vb_params.push_param(global_params)
vb_params.push_param(local_params)

prior_params = ModelParamsDict('prior_params')
prior_params.push_param(VectorParam(name='prior_mu', size=x_dim, val=prior_mu))
prior_params.push_param(WishartParam(name = 'prior wishart', size = x_dim))
prior_params['prior wishart'].params['v'].set(prior_wishart_scale)
prior_params['prior wishart'].params['df'].set(prior_wishart_dof)
prior_params.push_param(ScalarParam(name='kappa', val = kappa))
prior_params.push_param(ScalarParam(name='alpha', val=alpha))

vb_params.set_free(np.random.random(vb_params.free_size()))
model = dp.DPNormalMixture(x, vb_params, prior_params)

kl_obj = Objective(model.vb_params['global'], model.kl_optimize_z)

def minimize_kl(kl_obj, init_x, maxiter = 50, gtol = 1e-6, disp = True):
    vb_opt = optimize.minimize(
        kl_obj.fun_free,
        x0=init_x,
        jac=kl_obj.fun_free_grad,
        hessp=kl_obj.fun_free_hvp,
        method='trust-ncg', options={'maxiter': maxiter, 'gtol': gtol, 'disp': disp})
    return vb_opt

newton_tr_opt = minimize_kl(kl_obj, model.vb_params['global'].get_free())
kl_hessian = kl_obj.fun_free_hessian(newton_tr_opt.x)
