# Source: https://github.com/trevorcampbell/ubvi/blob/a71c14c9a1d588702f157f83a50619647856fd8b/ubvi/components/gaussian.py
# Title: ubvi/components/gaussian.py
# Cut: kept unflatten, logpdf and sample; dropped the pairwise-integral, cross-sampling, initialisation and printing methods; Component base class dropped.
import autograd.numpy as np


class Gaussian(object):
    
    def __init__(self, d, diag): #d is dimension of the space, diag is whether to use diagonal covariance or full
        self.d = d 
        self.diag = diag

    def unflatten(self, params):
        params = np.atleast_2d(params)
        N = params.shape[0]
        mu = params[:,:self.d]
        if self.diag:
            logSig = params[:, self.d:]
            return {"mus": mu, "Sigs": np.exp(logSig)}
        else:
            L = params[:, self.d:].reshape((N, self.d, self.d))
            Sig = np.array([np.dot(l, l.T) for l in L])
            Siginv = np.array([np.linalg.inv(sig) for sig in Sig])
            return {"mus": mu, "Sigs": Sig, "Siginvs": Siginv}

    def logpdf(self, params, X):
        theta = self.unflatten(params)
        if len(X.shape)==1 and self.d==1:
            # need to add a dimension so that each row is an observation
            X = X[:,np.newaxis]
        X = np.atleast_2d(X)
        mu = theta['mus']
        Sig = theta['Sigs']
        if self.diag:
            logp = -0.5*mu.shape[1]*np.log(2*np.pi) - 0.5*np.sum(np.log(Sig), axis=1) - 0.5*np.sum((X[:,np.newaxis,:]-mu)**2/Sig, axis=2)
        else:
            Siginv = theta['Siginvs']
            logp = -0.5*mu.shape[1]*np.log(2*np.pi) - 0.5*np.linalg.slogdet(Sig)[1] - 0.5*((X[:,np.newaxis,:]-mu)*((Siginv*((X[:,np.newaxis,:]-mu)[:,:,np.newaxis,:])).sum(axis=3))).sum(axis=2)
        if logp.shape[1]==1:
            logp = logp[:,0]
        return logp
            
    def sample(self, param, n):
        std_samples = np.random.randn(n, self.d)
        mu = param[:self.d]
        if self.diag:
            lsig = param[self.d:]
            sd = np.exp(lsig/2)
            return mu + std_samples*sd
        else:
            L = param[self.d:].reshape((self.d, self.d))
            return mu + np.dot(std_samples, L)

