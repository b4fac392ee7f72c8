# Source: https://github.com/mijordan3/BNP_sensitivity/blob/04a18f5dc33d578e64ac0153b008ac14d1b08b98/structure/vb_lib/jupyter/hessian_runtime_experimentation.ipynb
# Title: structure/vb_lib/jupyter/hessian_runtime_experimentation.ipynb
# Cut: code cells 0, 3-4, 25, 33 and 36-38 converted to a script (imports trimmed; the objective, optimum vb_opt/vb_opt_dict and cross_hess come from cells not reproduced).
import autograd
import autograd.numpy as np
import time

from vb_lib import structure_model_lib, data_utils
from preconditioner_lib import get_mfvb_cov
import vittles

n_obs = 50
n_loci = 100
n_pop = 4

g_obs, true_pop_allele_freq, true_ind_admix_propn = \
    data_utils.draw_data(n_obs, n_loci, n_pop)

# get derivative functions
obj_fun_grad = autograd.grad(objective_fun, argnum=0)
obj_fun_hessian = autograd.hessian(objective_fun, argnum=0)
obj_fun_hvp = autograd.hessian_vector_product(
            objective_fun, argnum=0)

t0 = time.time()
hvp = obj_fun_hvp(vb_opt, prior_params_free, vb_opt)
print('hvp time: {:0.3}sec'.format(time.time() - t0))

cg_solver = vittles.solver_lib.get_cg_solver(lambda x : obj_fun_hvp(vb_opt, prior_params_free, x),
                                            dim = len(vb_opt))

t0 = time.time()
dinput_dhyper2 = -cg_solver(cross_hess[:, 0])

t0 = time.time()
mfvb_preconditioner = \
    get_mfvb_cov(vb_opt_dict, vb_params_paragami, use_logitnormal_sticks, return_info = True)

print('preconditioner time: {:0.3}sec'.format(time.time() - t0))

cg_solver_precond = vittles.solver_lib.get_cg_solver(lambda x : obj_fun_hvp(vb_opt, prior_params_free, x),
                                            dim = len(vb_opt),
                                            cg_opts = {'M': mfvb_preconditioner})

t0 = time.time()
dinput_dhyper3 = -cg_solver_precond(cross_hess[:, 0])
