# Source: https://github.com/mackelab/autohmm/blob/ce0260c2928cbfd5c06b8ca17f9b0ac3247f74c5/autohmm/student.py
# Title: autohmm/student.py (STUDENT: Student-t autoregressive HMM; sampler and autograd likelihood)
# Cut: class reduced to _ll (differentiated by the inherited _obj_grad) and sample(); docstrings
#      shortened; the commented-out alternatives removed.
import autograd.numpy as np
from autograd import grad, value_and_grad
from scipy import stats
from scipy.special import gamma
from sklearn.utils import check_random_state

from .ar import ARTHMM


class STUDENT(ARTHMM):

    def _ll(self, m, p, a, xn, xln, **kwargs):
        samples = xn.shape[0]
        xn = xn.reshape(samples, 1, self.n_features)
        m = m.reshape(1, self.n_unique, self.n_features)
        det = np.linalg.det(np.linalg.inv(p))
        det = det.reshape(1, self.n_unique)

        lagged = np.dot(xln, a.T)  # NFU
        lagged = np.swapaxes(lagged, 1, 2)  # NUF
        xm = xn-(lagged + m)
        tem = np.einsum('NUF,UFX,NUX->NU', xm, p, xm)

        res = np.log(gamma((self.degree_freedom + self.n_features)/2)) - \
              np.log(gamma(self.degree_freedom/2)) - (self.n_features/2.0) * \
              np.log(self.degree_freedom) - \
              (self.n_features/2.0) * np.log(np.pi) - 0.5 * np.log(det) - \
              ((self.degree_freedom + self.n_features) / 2.0) * \
              np.log(1 + (1/self.degree_freedom) * tem)

        return res

    def sample(self, n_samples=2000, observed_states=None,
               init_samples=None, init_state=None, random_state=None):
        if random_state is None:
            random_state = self.random_state
        random_state = check_random_state(random_state)

        samples = np.zeros((n_samples, self.n_features))
        states = np.zeros(n_samples)

        order = self.n_lags

        if init_state is None:
            startprob_pdf = np.exp(np.copy(self._log_startprob))
            start_dist = stats.rv_discrete(name='custm',
                                      values=(np.arange(startprob_pdf.shape[0]),
                                                        startprob_pdf),
                                      seed=random_state)
            start_state = start_dist.rvs(size=1)[0]
        else:
            start_state = init_state

        if self.n_lags > 0:
            if init_samples is None:
                init_samples = 0.01*np.ones((self.n_lags, self.n_features))  # TODO: better init

        if observed_states is None:
            transmat_pdf = np.exp(np.copy(self._log_transmat))
            transmat_cdf = np.cumsum(transmat_pdf, 1)

            states[0] = (transmat_cdf[start_state] >
                         random_state.rand()).argmax()

            transmat_pdf = np.exp(self._log_transmat)
            transmat_cdf = np.cumsum(transmat_pdf, 1)

            nrand = random_state.rand(n_samples)
            for idx in range(1,n_samples):
                newstate = (transmat_cdf[states[idx-1]] > nrand[idx-1]).argmax()
                states[idx] = newstate
        else:
            states = observed_states
        precision = np.copy(self._precision_)
        for idx in range(n_samples):
            state_ = int(states[idx])

            covar_ = np.linalg.inv(precision[state_])

            if self.n_lags == 0:
                mean_ = np.copy(self._mu_[state_])
            else:
                mean_ = np.copy(self._mu_[state_])

                for lag in range(1, order+1):
                    if idx < lag:
                        prev_ = init_samples[len(init_samples)-lag]
                    else:
                        prev_ = samples[idx-lag]

                    mean_ += np.copy(self._alpha_[state_, lag-1])*prev_

            samples[idx] = self.multivariate_t_rvs(mean_, covar_,
                                                   random_state)

        states = self._process_sequence(states)

        return samples, states
