# Source: https://github.com/TobiLeitgeb/Code_bac/blob/77d21869ae28609084c1fc1d5ec3598e39669207/PI_GP_regressor/main_class.py
# Title: Code_bac PI_GP_regressor/main_class.py (physics-informed GP regressor, bachelor thesis)
# Cut: kept imports, class header, set_params, the marginal likelihood, its grad, train and two restart drivers; data handling, prediction and plotting dropped
#----------------------------------------
# author: Tobias Leitgeb
# This file contains a class for a physics informed GP regressor. 
#----------------------------------------
import GPy
from jax import numpy as jnp
from jax import jit, grad, vmap, jacfwd
import jax
import matplotlib.pyplot as plt
import numpy as np
from tqdm import tqdm
from joblib import Parallel, delayed
from scipy.optimize import minimize
import pandas as pd
from scipy.stats import qmc
from jax import scipy as jsp
jax.config.update('jax_platform_name', 'cpu')


class PhysicsInformedGP_regressor():
# ...
    def set_params(self, new_params: list):
        """sets the hyperparameters of the kernel"""
        for i, key in enumerate(self.params.keys()):
            self.params[key] = new_params[i]
        pass

    def get_params(self):
        """returns the hyperparameters of the kernel"""
        return np.array(list(self.params.values()))

    def log_marginal_likelohood(self, params):
        """computes the log marginal likelihood of the GP"""
        #First compute the whole block-kernel matrix as defined in chap 3)
        K = self.gram_matrix(self.X_u, self.X_f, params, self.noise) 
        #cholesky decomposition with extra jitter for numerical stability
        L = jnp.linalg.cholesky(K + self.jitter * jnp.eye(len(K)))
        #compute alpha as defined in chap 4.2)
        alpha = jnp.linalg.solve(L.T, jnp.linalg.solve(L, self.targets))
        mll = 1/2 * jnp.dot(self.targets.T, alpha) + 0.5*jnp.sum(
            jnp.log(jnp.diagonal(L))) + len(self.X_u)/2 * jnp.log(2*jnp.pi)
        return jnp.squeeze(mll)

    def log_marginal_likelihood_to_optimize(self):
        """returns the log marginal likelihood as a function of the hyperparameters, so it can be used in the optimization function"""
        def function_to_optimize(hyperparams):
            mll = self.log_marginal_likelohood(hyperparams)
            return mll
        return function_to_optimize
    
    def grad_log_marginal_likelihood(self):
        return grad(self.log_marginal_likelihood_to_optimize())


    def train(self, method: str, n_restarts: int, n_threads: int, opt_dictionary: dict) -> None:
        """optimizes the hyperparameters of the kernel"""
        assert self.X_u is not None, "Please set the training data first"
        assert method in ['L-BFGS-B', 'TNC',
                          "CG", "Nelder-Mead"], "Please choose a valid optimization method"
        assert n_restarts > 0, "Please choose a valid number of restarts"
        if method == "CG":
            opt_result = self.optimization_restarts_parallel_CG(
                n_restarts, n_threads, opt_dictionary)
        elif method == "TNC":
            opt_result = self.optimization_restarts_parallel_TNC(
                n_restarts, n_threads, opt_dictionary)
        elif method == "L-BFGS-B":
            opt_result = self.optimization_restarts_parallel_LBFGSB(
                n_restarts, n_threads, opt_dictionary)
        elif method == "Nelder-Mead":
            opt_result = self.optimization_restarts_parallel_NM(
                n_restarts, n_threads, opt_dictionary)
        self.set_params(opt_result.x)
        self.result = opt_result
        pass
    
    def optimization_restarts_parallel_CG(self, n_restarts: int, n_threads: int, opt_dictionary: dict) -> dict:
        """
            performs the optimization of the hyperparameters in parallel and returns the best result.
            n_restarts: number of restarts of the optimization
            n_threads: number of threads to use for the parallelization
            opt_dictionary: dictionary containing all the parameters needed for the optimization (initial values, bounds, etc.)
        """

        def single_optimization_run():
            """performs a single optimization run with random initialization of the hyperparameters"""
            theta_initial = opt_dictionary['theta_initial']()

            res = minimize(self.log_marginal_likelihood_to_optimize(), x0=theta_initial,
                           method='CG')
            return res

        results = Parallel(n_jobs=n_threads)(
            delayed(single_optimization_run)() for _ in tqdm(range(n_restarts)))
        # all positive parameters
        results = [res for res in results if np.all(res.x > 0) and res.success]
        self.result_list = results
        best_result = min(results, key=lambda x: x.fun)
        print(best_result)

        return best_result

    def optimization_restarts_parallel_TNC(self, n_restarts: int, n_threads: int, opt_dictionary: dict) -> dict:
        """
        performs the optimization of the hyperparameters in parallel and returns the best result.
        n_restarts: number of restarts of the optimization
        n_threads: number of threads to use for the parallelization
        opt_dictionary: dictionary containing all the parameters needed for the optimization (initial values, bounds, etc.)
        """

        def single_optimization_run():
            """performs a single optimization run with random initialization of the hyperparameters"""
            theta_initial = opt_dictionary['theta_initial']()
            res = minimize(self.log_marginal_likelihood_to_optimize(), x0=theta_initial,
                           method='TNC', jac=jit(self.grad_log_marginal_likelihood()), bounds=opt_dictionary['bounds'],
                           tol=opt_dictionary['gtol'])
            return res
        results = Parallel(n_jobs=n_threads)(
            delayed(single_optimization_run)() for _ in tqdm(range(n_restarts)))
        # all positive parameters
        results = [res for res in results if np.all(res.x > 0) and res.success]
        self.results_list = results
        best_result = min(results, key=lambda x: x.fun)
        print(best_result)
