# Source: https://github.com/rgiordan/LinearResponseVariationalBayes.py/blob/5305d7e204481e518c5ef82bbed065ec627a4a9e/LinearResponseVariationalBayes/ModelSensitivity.py
# Title: LinearResponseVariationalBayes/ModelSensitivity.py
# Cut: kept append_jvp, DerivativeTerm.evaluate, generate_two_term_derivative_array, evaluate_terms and the Taylor-expansion class's set_order/evaluate_taylor_series; dropped term consolidation, comments and the objective wrappers; the class constructor is reduced to the values it stores (objective_gradient passed in) and the construction of dkinput_dhyperk_list in set_order is dropped.
import math
from copy import deepcopy

import autograd
import autograd.numpy as np


def append_jvp(fun, num_base_args=1, argnum=0):
    assert argnum < num_base_args

    fun_jvp = autograd.make_jvp(fun, argnum=argnum)
    def obj_jvp_wrapper(*argv):
        base_args = argv[0:num_base_args]
        vec_args = argv[num_base_args:]
        if (len(vec_args) > 1):
            old_vec_args = vec_args[:-1]
            return fun_jvp(*base_args, *old_vec_args)(vec_args[-1])[1]
        else:
            return fun_jvp(*base_args)(*vec_args)[1]

    return obj_jvp_wrapper


class DerivativeTerm:
    def __init__(self, eps_order, eta_orders, prefactor,
                 eval_eta_derivs, eval_g_derivs):
        self.eps_order = eps_order
        self.eta_orders = eta_orders
        self.prefactor = prefactor
        self.eval_eta_derivs = eval_eta_derivs
        self.eval_g_derivs = eval_g_derivs
        self.order = int(
            self.eps_order + \
            np.sum(self.eta_orders * np.arange(1, len(self.eta_orders) + 1)))
        self.eval_g_deriv = \
            eval_g_derivs[np.sum(eta_orders)][self.eps_order]

    def evaluate(self, eta0, eps0, deps):
        # First eta arguments, then epsilons.
        vec_args = []

        for i in range(len(self.eta_orders)):
            eta_order = self.eta_orders[i]
            if eta_order > 0:
                vec = self.eval_eta_derivs[i](eta0, eps0, deps)
                for j in range(eta_order):
                    vec_args.append(vec)

        for i in range(self.eps_order):
            vec_args.append(deps)

        return self.prefactor * self.eval_g_deriv(eta0, eps0, *vec_args)


def generate_two_term_derivative_array(fun, order):
    eval_fun_derivs = [[ fun ]]
    for x1_ind in range(order):
        if x1_ind > 0:
            # Append one x1 derivative.
            next_deriv = append_jvp(
                eval_fun_derivs[x1_ind - 1][0], num_base_args=2, argnum=0)
            eval_fun_derivs.append([ next_deriv ])
        for x2_ind in range(order):
            # Append one x2 derivative.
            next_deriv = append_jvp(
                eval_fun_derivs[x1_ind][x2_ind], num_base_args=2, argnum=1)
            eval_fun_derivs[x1_ind].append(next_deriv)
    return eval_fun_derivs


def evaluate_terms(dterms, eta0, eps0, deps, include_highest_eta_order=True):
    vec = None
    for term in dterms:
        if include_highest_eta_order or (term.eta_orders[-1] == 0):
            if vec is None:
                vec = term.evaluate(eta0, eps0, deps)
            else:
                vec += term.evaluate(eta0, eps0, deps)
    return vec


class ParametricSensitivityTaylorExpansion(object):
    def __init__(self, objective_gradient, input_val0, hyper_val0, order):
        self.objective_gradient = objective_gradient
        self.input_val0 = deepcopy(input_val0)
        self.hyper_val0 = deepcopy(hyper_val0)
        self.set_order(order)

    def set_order(self, order):
        self.order = order

        # You need one more gradient derivative than the order of the Taylor
        # approximation.
        self.eval_g_derivs = generate_two_term_derivative_array(
            self.objective_gradient, order=self.order + 1)

    def evaluate_dkinput_dhyperk(self, dhyper, k):
        deriv_fun = self.dkinput_dhyperk_list[k - 1]
        return deriv_fun(self.input_val0, self.hyper_val0, dhyper)

    def evaluate_taylor_series(self, dhyper, add_offset=True, max_order=None):
        if max_order is None:
            max_order = self.order
        dinput = self.evaluate_dkinput_dhyperk(dhyper, 1)
        for k in range(2, max_order + 1):
            dinput += self.evaluate_dkinput_dhyperk(dhyper, k) / \
                float(math.factorial(k))

        if add_offset:
            return dinput + self.input_val0
        else:
            return dinput
