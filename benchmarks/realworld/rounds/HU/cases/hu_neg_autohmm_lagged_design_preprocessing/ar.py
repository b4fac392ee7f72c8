# Source: https://github.com/mackelab/autohmm/blob/ce0260c2928cbfd5c06b8ca17f9b0ac3247f74c5/autohmm/ar.py
# Title: autohmm/ar.py (ARTHMM: autoregressive tied-mixture HMM, M-step by autograd gradients)
# Cut: class reduced to _ll, _obj, _obj_grad (diag/offdiag entry masking removed), _do_optim and
#      _process_inputs; docstrings shortened.
import autograd.numpy as np
from autograd import grad, value_and_grad
from scipy.optimize import minimize
from statsmodels.tsa.tsatools import lagmat

from .tm import THMM
from .utils import iter_from_X_lengths


class ARTHMM(THMM):

    def _ll(self, m, p, a, xn, xln, **kwargs):
        """Computation of log likelihood

        xn:  N x n_features
        xln: N x n_features x n_lags
        """
        samples = xn.shape[0]
        xn = xn.reshape(samples, 1, self.n_features)
        m = m.reshape(1, self.n_unique, self.n_features)
        det = np.linalg.det(np.linalg.inv(p))
        det = det.reshape(1, self.n_unique)

        lagged = np.dot(xln, a.T)  # NFU
        lagged = np.swapaxes(lagged, 1, 2)  # NUF
        xm = xn-(lagged + m)
        tem = np.einsum('NUF,UFX,NUX->NU', xm, p, xm)

        res = (-self.n_features/2.0)*np.log(2*np.pi) - 0.5*tem - 0.5*np.log(det)

        return res

    def _obj(self, m, p, a, xn, xln, gn, entries='all', **kwargs):
        ll = self._ll(m, p, a, xn, xln)

        mw = self.mu_weight_
        mp = self.mu_prior_
        pw = self.precision_weight_
        pp = self.precision_prior_
        m = m.reshape(self.n_unique, self.n_features, 1)  #tm
        mp = mp.reshape(self.n_unique, self.n_features, 1)  # tm

        prior = (pw-0.5) * np.log(p) - 0.5*p*(mw*(m-mp)**2 + 2*pp)
        res = -1*(np.sum(gn * ll) + np.sum(prior))

        return res

    def _obj_grad(self, wrt, m, p, a, xn, xln, gn, entries='all', **kwargs):
        m = m.reshape(self.n_unique, self.n_features, 1)  # tm
        if wrt == 'm':
            wrt_num = 0
        elif wrt == 'p':
            wrt_num = 1
        elif wrt == 'a':
            wrt_num = 2
        else:
            raise ValueError('unknown parameter')
        res = grad(self._obj, wrt_num)(m, p, a, xn, xln, gn)
        res = np.array([res])
        return res

    def _process_inputs(self, X, E=None, lengths=None):
        if self.n_features == 1:
            lagged = None
            if lengths is None:
                lagged = lagmat(X, maxlag=self.n_lags, trim='forward',
                                original='ex')
            else:
                lagged = np.zeros((len(X), self.n_lags))
                for i, j in iter_from_X_lengths(X, lengths):
                    lagged[i:j, :] = lagmat(X[i:j], maxlag=self.n_lags,
                                            trim='forward', original='ex')

            return {'obs': X.reshape(-1,1),
                    'lagged': lagged.reshape(-1, self.n_features, self.n_lags)}
        else:
            lagged = None
            lagged = np.zeros((X.shape[0], self.n_features, self.n_lags))
            if lengths is None:
                tem = lagmat(X, maxlag=self.n_lags, trim='forward',
                             original='ex')
                for sample in range(X.shape[0]):
                    lagged[sample] = np.reshape\
                    (tem[sample], (self.n_features, self.n_lags), 'F')

            else:
                for i, j in iter_from_X_lengths(X, lengths):
                    lagged[i:j, :] = lagmat(X[i:j], maxlag=self.n_lags,
                                            trim='forward', original='ex')
                    lagged.reshape(-1, self.n_featurs, self.n_lags)

            return {'obs': X, 'lagged': lagged}
