# Source: https://github.com/DPBayes/DPVI-code/blob/17ce9c012b95b8dd22232caae9279f61032b4fde/uai17-code/dp_sgld/gmix.py
# Title: uai17-code/dp_sgld/gmix.py (Gaussian mixture likelihood used by dp_sgld, model='mvn_mixK')
# Cut: kept logl and softmax only (the function differentiated per example by dp_sgld); dropped prior, pred_like and the invgamma primitive.
from __future__ import division
import autograd.numpy as np
from autograd.scipy.misc import logsumexp

# Log likelihood of Gaussian mixture distribution
def logl(sample, k, value):
	pi = softmax(sample[:k])
	mvnpar = sample[k:]
	mus = mvnpar[:-k].reshape([k,int((mvnpar.shape[0]-k)/k)])
	taus = mvnpar[-k:]
	logps = [np.log(pi[i]) -0.5*(k*np.log(2*np.pi) + k*tau + np.dot((value-mus[i]), (value-mus[i]))/np.exp(tau))
                 for i, tau in enumerate(taus)]
	logps = np.array(logps)
	return logsumexp(logps)

def softmax(x, axis=None):
	x = (x.T - np.max(x, axis)).T  
	tmp = (np.exp(x).T / np.sum(np.exp(x), axis)).T
	tmp = ((tmp+1e-9).T / np.sum(tmp+1e-9, axis)).T
	return tmp
