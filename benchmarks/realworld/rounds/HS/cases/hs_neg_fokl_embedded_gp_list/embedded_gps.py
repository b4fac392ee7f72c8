# Source: https://github.com/ESMS-Group-Public/FoKL-GPy/blob/c11ed6ed51d42caf8cfa2f928e8d5b4ef0792164/src/FoKL/Experimental_Embedded_GPs.py
# Title: FoKL src/FoKL/Experimental_Embedded_GPs.py (several GP surrogates embedded in a physical model, HMC over their coefficients)
# Cut: kept Embedded_GP_Model constructor, GP_Processing, neg_log_likelihood and the grad factory; docstrings, the GP class (GP_eval) and HMC dropped
# Import Relevant Libraries
# Base FoKL to get Kernels for basis functions
from FoKL import getKernels
import itertools
import numpy as np

# Jax for data processing
import jax
import jax.numpy as jnp
from jax import grad
from jax import random
from jax import jit
from jax.lax import fori_loop, cond, while_loop
from jax import lax
from jax.scipy.special import gamma

# ...
class Embedded_GP_Model:
# ...
    def __init__(self, *GP):
# ...
        # Define critical parameters
        self.GP = GP
        self.key = random.PRNGKey(0)
        # Define placeholder values needed for GP_Processing to run when the 
        # set_equation function is ran.
        self.discmtx = jnp.array([[1]])
        self.betas = jnp.ones(len(GP)*(len(self.discmtx)+1) + 1) # Add one for sigma sampling
        # self.sigma_alpha = 2
        # self.sigma_beta = 0.01
# ...
    def GP_Processing(self):
# ...
        # Separate betas by GP into matrix of size [# of GPs, # of betas]
        num_functions = len(self.GP)
        num_betas = int((len(self.betas) - 1)/num_functions)
        betas_list = self.betas[:-1].reshape(num_functions,num_betas)

        # Evaluate GPs and save results into matrix of size [# of GPs, # of inputs]
        GP_results = jnp.empty((0,len(self.inputs)))
        for idx, _ in enumerate (self.GP):
              result = self.GP[idx].GP_eval(self.inputs, self.discmtx, jnp.array(self.phis), betas_list[idx])
              GP_results = jnp.append(GP_results, result.reshape(1, -1), axis=0)

        self.Processed_GPs = GP_results
# ...
    def neg_log_likelihood(self, betas):
# ...
        # Set up of method
        self.betas = betas
        self.GP_Processing()
        results = self.equation()

        # Calculate neg log likelihood
        error = self.data - results
        ln_variance = betas[-1]
        neg_log_likelihood = 0.5 * jnp.log(2 * jnp.pi * jnp.exp(ln_variance)) + (error ** 2 / (2 * jnp.exp(ln_variance)))
        neg_log_prior = -jnp.log(jax.scipy.stats.multivariate_normal.pdf(betas[:-1], jnp.zeros((len(self.betas) - 1)), 1000*jnp.eye((len(self.betas) - 1))))
        # Calculate variance prior (Will be used in future Calculations)
        # neg_log_ln_p_variance = -jnp.log(inverse_gamma_pdf(jnp.exp(ln_variance), alpha = self.sigma_alpha, beta = self.sigma_beta))
        return jnp.sum(neg_log_likelihood) + neg_log_prior # + neg_log_ln_p_variance
# ...
    def d_neg_log_likelihood_create(self):
# ...
        self.d_neg_log_likelihood = grad(self.neg_log_likelihood)
