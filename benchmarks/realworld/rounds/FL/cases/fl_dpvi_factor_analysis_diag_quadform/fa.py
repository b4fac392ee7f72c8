# Source: https://github.com/DPBayes/DPVI-code/blob/17ce9c012b95b8dd22232caae9279f61032b4fde/uai17-code/dpvi/models/fa.py
# Title: uai17-code/dpvi/models/fa.py (factor analysis likelihood for DP-ADVI, autograd)
# Cut: kept lgamma primitive, multi_lpdf and log_like; dropped commented multi_lpdf2, logprior, pred_like and EM.
from __future__ import division

import autograd.numpy as np
from autograd.core import primitive
from autograd.scipy.special import gammaln
from autograd.scipy.stats import multivariate_normal, dirichlet
from autograd.scipy.misc import logsumexp
from utils.misc import softmax, softplus
from utils.advi import draw_samples
from scipy.stats import gamma


@primitive
def lgamma(x,alpha,beta):
	return gamma.logpdf(x,alpha,scale=beta)
lgamma.defvjp(lambda g, ans, vs, gvs, x, a, scale: g * ((a-1)/x - 1/scale), argnum=0)

def multi_lpdf(value, mean, cov):
	d = mean.shape[0]
	tmp2 = value-mean
	if value.ndim>1:
		return -0.5*(d*np.log(2*np.pi) + np.linalg.slogdet(cov)[1] + np.diag(np.dot(tmp2, np.dot(np.linalg.inv(cov),tmp2.T))))
	else:
		return -0.5*(d*np.log(2*np.pi) + np.linalg.slogdet(cov)[1] + np.dot(tmp2, np.dot(np.linalg.inv(cov),tmp2.T)))

def log_like(var_par, draw, data, q):
	if data.ndim>1:
		d = data.shape[1]
	else: d = data.shape[0]
	l = int(len(var_par)/2)
	mu, cov = var_par[:l], np.exp(var_par[l:])
	samples = draw*cov + mu
	mus = samples[:d]
	alphas = np.exp(samples[d:d+q])
	tau = np.exp(samples[d+q])
	#tau = np.exp(samples[d])
	W = samples[d+q+1:].reshape([d,q])
	tmp = np.dot(W,W.T)+np.eye(d)/tau
	#logp = multi_lpdf2(data, mus, W, tau)
	logp = multi_lpdf(data, mus, tmp)
	return np.sum(logp)
