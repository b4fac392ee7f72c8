# Source: https://github.com/Yang-Taotao/gla-igr-msc-project/blob/49700a02dcbf845941bfa4163897a6c03e656957/data/vi_cls.py
# Title: data/vi_cls.py (target densities for the distrax spline-flow variational fit)
# Cut: the bivariate von Mises target removed; imports point at this case's gw_fim.py.
import jax.numpy as jnp
import gw_fim


class TemplateDensity:
    """GW template density class for hp based results"""
    def __init__(self, param_ripple):
        self.data_tc, self.data_phic = param_ripple

    def log_prob(self, data_x):
        # data_x.shape (n, 2)
        data_mc, data_eta = data_x.T
        data_mc = data_mc + 1.0 # 1.0 - 2.0
        data_eta = data_eta * 0.24 + 0.01 # 0.05 - 0.25
        # Param build with shape (n, 4)
        param = gw_fim.fim_param_stack(data_mc, data_eta)
        # Get results with shape (n, )
        result = gw_fim.map_density_plus(param)
        return result

    def prob(self, data_x):
        return jnp.exp(self.log_prob(data_x))
