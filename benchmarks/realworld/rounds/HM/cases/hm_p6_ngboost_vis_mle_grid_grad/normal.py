# Source: https://github.com/stanfordmlgroup/ngboost/blob/d483fa3b2e0cf7a2b47840cacd13b54d61da10d1/ngboost/distns/normal.py
# Title: ngboost ngboost/distns/normal.py (the distribution differentiated by vis_mle.py)
# Cut: ppf/sample/censored Fisher/fit/obj methods removed; the class as used by the grid script kept.
import jax.numpy as np
import jax.scipy as sp


class Normal(object):

    n_params = 2
    has_fisher_info = True
    has_crps_metric = True

    def __init__(self, params, temp_scale = 1.0):
        self.loc = params[0]
        self.scale = np.exp(params[1] / temp_scale) + 1e-8
        self.var = self.scale ** 2  + 1e-8
        self.shp = self.loc.shape

    def pdf(self, Y):
        return sp.stats.norm.pdf(Y, loc=self.loc, scale=self.scale)

    def logpdf(self, Y):
        return sp.stats.norm.logpdf(Y, loc=self.loc, scale=self.scale)

    def cdf(self, Y):
        return sp.stats.norm.cdf(Y, loc=self.loc, scale=self.scale)

    def crps(self, Y):
        Z = (Y - self.loc) / self.scale
        return self.scale * (Z * (2 * sp.stats.norm.cdf(Z) - 1) + \
               2 * sp.stats.norm.pdf(Z) - 1 / np.sqrt(np.pi))

    def crps_metric(self):
        I = 1/(2*np.sqrt(np.pi)) * np.diag(np.array([1, self.var/2]))
        return I + 1e-4 * np.eye(2)

    def fisher_info(self):
        I = np.diag(np.array([1 / self.var, 2]))
        return I + 1e-4 * np.eye(2)
