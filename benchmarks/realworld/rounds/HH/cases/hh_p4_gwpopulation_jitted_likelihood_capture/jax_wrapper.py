# Source: https://github.com/ColmTalbot/gwpopulation/blob/16b209da000a34c91eea35408d0b5c290b49c371/gwpopulation/experimental/jax.py
# Title: gwpopulation, gwpopulation/experimental/jax.py (JittedLikelihood)
# Cut: docstrings shortened; unused imports (warnings, deepcopy) dropped. Code unchanged.
from functools import partial

import numpy as np
from bilby.core.likelihood import Likelihood


def generic_bilby_likelihood_function(likelihood, parameters, use_ratio=True):
    """A wrapper to allow a Bilby likelihood to be used with jax."""
    if use_ratio:
        return likelihood.log_likelihood_ratio(parameters)
    else:
        return likelihood.log_likelihood(parameters)


class JittedLikelihood(Likelihood):
    """A wrapper to just-in-time compile a Bilby likelihood for use with jax."""

    def __init__(
        self, likelihood, likelihood_func=generic_bilby_likelihood_function, kwargs=None
    ):
        from jax import jit

        if kwargs is None:
            kwargs = dict()
        self.kwargs = kwargs
        self._likelihood = likelihood
        self.likelihood_func = jit(partial(likelihood_func, likelihood))
        super().__init__()

    def __getattr__(self, name):
        return getattr(self._likelihood, name)

    def log_likelihood_ratio(self, parameters):
        return float(np.nan_to_num(self.likelihood_func(parameters, **self.kwargs)))
