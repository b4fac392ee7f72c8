# Source: https://github.com/DPBayes/DPVI-code/blob/17ce9c012b95b8dd22232caae9279f61032b4fde/uai17-code/dpvi/models/gaus_mix.py
# Title: uai17-code/dpvi/models/gaus_mix.py (Gaussian mixture log-likelihood for DP-ADVI)
# Cut: kept get_pars, multi_lpdf and logl; dropped the invgamma primitive, logprior and pred_like; stick_backward imported as in the original.
from __future__ import division

import autograd.numpy as np
import autograd.numpy.random as npr
from autograd.scipy.misc import logsumexp
from utils.misc import softmax, softplus, stick_forward, stick_backward, stick_jacobian_det

npr.seed(123)


def get_pars(sample, k, d):
	pars = {}
	par_names = ['pi', 'mu', 'tau']
	par_dims = [(k-1)/k, d, 1]
	indx0 = 0
	for i, name in enumerate(par_names):
		indx1 = int(indx0 + k*par_dims[i])
		pars[name]=sample[indx0: indx1]
		indx0 = indx1
	return pars

def multi_lpdf(value, mean, tau):
	d = mean.shape[0]
	tmp2 = value-mean
	if value.ndim>1:
		return -0.5*(d*np.log(2*np.pi) + d*np.log(tau) + np.diag(np.dot(tmp2, np.dot(np.eye(d)/tau,tmp2.T))))
	else:
		return -0.5*(d*np.log(2*np.pi) + d*np.log(tau) + np.dot(tmp2, tmp2)/tau)


# Log likelihood of Gaussian mixture distribution
def logl(var_par, draw, value, k):
	l = int(len(var_par)/2)
	mu, cov = var_par[:l], np.exp(var_par[l:])
	samples = draw*cov + mu
	d = value.T.shape[0]
	pars = get_pars(samples, k, d)
	pi = stick_backward(pars['pi'])
	mus = pars['mu'].reshape([k,d])
	taus = np.exp(pars['tau'])
	logps = [np.log(pi[i]) + multi_lpdf(value, mus[i], tau) for i, tau in enumerate(taus)]
	logps = np.array(logps)
	return np.sum(logsumexp(logps, axis=0))
