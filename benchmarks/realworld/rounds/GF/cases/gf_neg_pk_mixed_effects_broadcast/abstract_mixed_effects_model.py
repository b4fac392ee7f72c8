# Source: https://github.com/caillebotteAntoine/sdg4varselect/blob/7354e1ddcd8af7d6ca448161ecd7b0dc50df179b/sdg4varselect/models/abstract/abstract_mixed_effects_model.py
# Title: sdg4varselect/models/abstract/abstract_mixed_effects_model.py — abstract nonlinear mixed-effects model
# Cut: kept log_likelihood_without_prior (the jitted per-individual Gaussian likelihood); the class is
#      reduced to that method.
import functools

import jax.numpy as jnp
from jax import jit


class AbstractMixedEffectsModel:
    @functools.partial(jit, static_argnums=0)
    def log_likelihood_without_prior(self, theta_reals1d, **kwargs) -> jnp.ndarray:
        params = self.parametrization.reals1d_to_params(theta_reals1d)

        Y = kwargs["Y"]
        mem_obs_time = kwargs["mem_obs_time"]

        N, J = Y.shape
        assert mem_obs_time.shape == (N, J)

        pred = self.mixed_effect_function(
            params, mem_obs_time, **self._cst, **kwargs
        )  # shape = (N,J)

        j_nan = J - jnp.isnan(Y).sum(axis=1)

        var_residual = params.var_residual
        log_likelihood_mem = -j_nan / 2 * jnp.log(
            2 * jnp.pi * var_residual
        ) - jnp.nansum((Y - pred) ** 2, axis=1) / (2 * var_residual)

        assert log_likelihood_mem.shape == (N,)
        return log_likelihood_mem
