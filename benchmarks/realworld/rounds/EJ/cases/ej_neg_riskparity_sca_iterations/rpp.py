# Source: https://github.com/convexfi/riskparity.py/blob/39e6120de7380025e845353d8092034f7004d7c4/src/riskparityportfolio/rpp.py
# Title: riskparity.py src/riskparityportfolio/rpp.py (RiskParityPortfolio)
# Cut: kept the constructor, the properties the optimizer reads and design(); validators, mean and
#      variance add-ons omitted; the vanilla (Newton) initial design is imported.
import numpy as np

from riskfunctions import RiskContribOverVarianceMinusBudget
from sca import SuccessiveConvexOptimizer
from riskparityportfolio.vanilla import design as design_vanilla


class RiskParityPortfolio:
    def __init__(self, covariance, budget=None, weights=None, risk_concentration=None):
        self.covariance = covariance
        self.budget = budget if budget is not None else np.ones(covariance.shape[0]) / covariance.shape[0]
        self.weights = weights
        self.risk_concentration = risk_concentration

    @property
    def volatility(self):
        return np.sqrt(np.dot(self.weights, np.matmul(self.covariance, self.weights)))

    @property
    def risk_contributions(self):
        rc = self.weights * np.matmul(self.covariance, self.weights)
        return rc / np.sum(rc)

    @property
    def weights(self):
        return self._weights

    @weights.setter
    def weights(self, value):
        if value is None:
            self._weights = design_vanilla(self.covariance, self.budget)
        else:
            self._weights = np.atleast_1d(value)

    @property
    def number_of_assets(self):
        return self.covariance.shape[0]

    @property
    def risk_concentration(self):
        return self._risk_concentration

    @risk_concentration.setter
    def risk_concentration(self, value):
        if value is None:
            self._risk_concentration = RiskContribOverVarianceMinusBudget(self)
        else:
            self._risk_concentration = value(self)

    def design(self, verbose=True, **kwargs):
        self.sca = SuccessiveConvexOptimizer(self, **kwargs)
        self.sca.solve(verbose)
