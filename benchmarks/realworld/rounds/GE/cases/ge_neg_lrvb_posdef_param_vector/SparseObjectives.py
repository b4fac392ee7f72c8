# Source: https://github.com/rgiordan/LinearResponseVariationalBayes.py/blob/5305d7e204481e518c5ef82bbed065ec627a4a9e/LinearResponseVariationalBayes/SparseObjectives.py
# Title: LinearResponseVariationalBayes/SparseObjectives.py
# Cut: kept Objective's autograd wrappers (grad/hessian/jacobian of fun_free, which calls par.set_free) and the caching helpers; dropped the Logger, TwoParameterObjective and preconditioning.
import autograd
import autograd.numpy as np


class Objective(object):
    def __init__(self, par, fun):
        self.par = par
        self.fun = fun

        self.ag_fun_free_grad = autograd.grad(self.fun_free, argnum=0)
        self.ag_fun_free_hessian = autograd.hessian(self.fun_free, argnum=0)
        self.ag_fun_free_jacobian = autograd.jacobian(self.fun_free, argnum=0)
        self.ag_fun_free_hvp = autograd.hessian_vector_product(
            self.fun_free, argnum=0)

    def fun_free(self, free_val, *argv, verbose=False, **argk):
        self.par.set_free(free_val)
        val = self.fun(*argv, **argk)
        return val

    def cache_free_and_eval(self, autograd_fun, free_val, *argv, **argk):
        result = autograd_fun(free_val, *argv, **argk)
        self.par.set_free(free_val)
        return result

    def fun_free_grad(self, free_val, *argv, **argk):
        return self.cache_free_and_eval(
            self.ag_fun_free_grad, free_val, *argv, **argk)

    def fun_free_hessian(self, free_val, *argv, **argk):
        return self.cache_free_and_eval(
            self.ag_fun_free_hessian, free_val, *argv, **argk)
