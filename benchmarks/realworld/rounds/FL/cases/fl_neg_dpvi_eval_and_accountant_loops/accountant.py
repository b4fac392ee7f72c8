# Source: https://github.com/DPBayes/DPVI-code/blob/17ce9c012b95b8dd22232caae9279f61032b4fde/uai17-code/dpvi/utils/misc.py
# Title: uai17-code/dpvi/utils/misc.py (moments accountant and noise calibration for DP-ADVI)
# Cut: kept act, ma, find_sigma and find_sigma_act; dropped cumprod, softmax, softplus and logit.
from __future__ import division
import autograd.numpy as np

from ma import gaussian_moments as gm
from scipy.optimize import minimize

def act(sigma, delta_tot, delta_prime, T, q):
	d_iter = (delta_tot-delta_prime)/(T*q)
	sigma_prime = np.log(1+q*(np.exp(np.sqrt(2*np.log(1.25/d_iter))/sigma)-1))
	return np.sqrt(2*T*np.log(1.25/delta_prime))*sigma_prime+T*sigma_prime*(np.exp(sigma_prime)-1)

def ma(sigma, delta, T, q, max_moment=150):
	lm = []
	for i in range(1,max_moment):
		tmp = gm.compute_log_moment(q, sigma, T, i)
		lm += [(i, tmp)]
	return gm._compute_eps(lm, delta) 

def find_sigma(epsilon, delta_tot, T, q):
	def fun(sigma):
	    return np.abs(2*ma(2*sigma, 0.5*delta_tot, T, q, max_moment=120)-epsilon)
	tmp = minimize(fun, 1.0, method='Nelder-Mead', tol = 1e-3,  options={'maxiter':30})
	return tmp['x'][0], tmp['fun']

def find_sigma_act(epsilon, delta_tot, T, q):
	def fun(sigma):
	    return np.abs(2*act(2*sigma, 0.5*delta_tot, 0.1*delta_tot, T, q)-epsilon)
	tmp = minimize(fun, 1.0, method='Nelder-Mead', tol = 1e-5,  options={'maxiter':100})
	return tmp['x'][0], tmp['fun']
