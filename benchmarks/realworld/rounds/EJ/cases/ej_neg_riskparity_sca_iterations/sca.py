# Source: https://github.com/convexfi/riskparity.py/blob/39e6120de7380025e845353d8092034f7004d7c4/src/riskparityportfolio/sca.py
# Title: riskparity.py src/riskparityportfolio/sca.py (SuccessiveConvexOptimizer)
# Cut: kept the constructor essentials, iterate() and solve(); property validators, dummy
#      variables and the regularisation fallback for quadprog omitted.
import numpy as np
import quadprog
from tqdm import tqdm


class SuccessiveConvexOptimizer:
    def __init__(self, portfolio, tau=None, gamma=0.9, zeta=1e-7, funtol=1e-6, wtol=1e-6, maxiter=500):
        self.portfolio = portfolio
        self.tau = tau or 1e-4
        self.gamma = gamma
        self.zeta = zeta
        self.funtol = funtol
        self.wtol = wtol
        self.maxiter = maxiter
        n = self.portfolio.number_of_assets
        self.Cmat = np.atleast_2d(np.ones(n))
        self.Dmat = -np.eye(n)
        self.cvec = np.array([1.0])
        self.dvec = np.zeros(n)
        self.CCmat = np.vstack((self.Cmat, -self.Dmat)).T
        self.bvec = np.concatenate((self.cvec, -self.dvec))
        self.meq = self.Cmat.shape[0]
        self._funk = self.portfolio.risk_concentration.evaluate()
        self.objective_function = [self._funk]
        self._tauI = self.tau * np.eye(n)
        self.Amat = self.portfolio.risk_concentration.jacobian_risk_concentration_vector()
        self.gvec = self.portfolio.risk_concentration.risk_concentration_vector

    def iterate(self, verbose=True):
        wk = self.portfolio.weights
        g = self.gvec(wk)
        A = np.ascontiguousarray(self.Amat(wk))
        At = np.transpose(A)
        Q = 2 * At @ A + self._tauI
        q = 2 * np.matmul(At, g) - Q @ wk
        w_hat = quadprog.solve_qp(Q, -q, C=self.CCmat, b=self.bvec, meq=self.meq)[0]
        self.portfolio.weights = wk + self.gamma * (w_hat - wk)
        fun_next = self.portfolio.risk_concentration.evaluate()
        self.objective_function.append(fun_next)
        has_w_converged = (
            np.abs(self.portfolio.weights - wk) <= self.wtol * 0.5 * (np.abs(self.portfolio.weights) + np.abs(wk))
        ).all()
        has_fun_converged = np.abs(self._funk - fun_next) <= self.funtol * 0.5 * (np.abs(self._funk) + np.abs(fun_next))
        if has_w_converged or has_fun_converged:
            return False
        self.gamma = self.gamma * (1 - self.zeta * self.gamma)
        self._funk = fun_next
        return True

    def solve(self, verbose=True):
        i = 0
        iterator = range(self.maxiter)
        if verbose:
            iterator = tqdm(iterator)
        for _ in iterator:
            if not self.iterate(verbose=verbose):
                break
            i += 1
