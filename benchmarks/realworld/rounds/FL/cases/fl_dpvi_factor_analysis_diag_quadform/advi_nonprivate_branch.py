# Source: https://github.com/DPBayes/DPVI-code/blob/17ce9c012b95b8dd22232caae9279f61032b4fde/uai17-code/dpvi/utils/advi.py
# Title: uai17-code/dpvi/utils/advi.py (the caller that differentiates log_like on a minibatch)
# Cut: only the sigma == 0 (non-private) step of dp_advi, where grad(logl) is taken on the whole minibatch data[indx]; the loop bodies are the author's, the private branch and the AdaGrad update are dropped.
from __future__ import division
from autograd import grad
import autograd.numpy as np
import autograd.numpy.random as npr

n_mc = 4
rng = npr.RandomState(123)

def entro(var_par):
	l = int(var_par.shape[0]/2)
	return 0.5*l*(1+np.log(2.0*np.pi)) + 0.5*np.sum(var_par[l:])

def advi_minibatch_grad(data, logl, logprior, var_par, B, *args, **kwargs):
	N = data.shape[0]
	l = int(var_par.shape[0]/2)
	likeg = grad(logl)
	priorgrad = grad(logprior)
	entrograd = grad(entro)
	likeg_tot = np.zeros(2*l)
	pg = np.zeros(2*l)
	indx = rng.choice(N, B)
	entrograd_ = entrograd(var_par)
	for m in range(n_mc):
		draw = rng.randn(l)
		likeg_tot += (N/B)*likeg(var_par, draw, data[indx], *args)
		pg += priorgrad(var_par, draw, *args, **kwargs)
	return (likeg_tot + pg)/n_mc + entrograd_
