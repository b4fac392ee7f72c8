# Source: https://github.com/caillebotteAntoine/sdg4varselect/blob/7354e1ddcd8af7d6ca448161ecd7b0dc50df179b/sdg4varselect/models/abstract/abstract_cox_model.py
# Title: sdg4varselect/models/abstract/abstract_cox_model.py — abstract Cox proportional-hazards survival model
# Cut: kept log_hazard, log_likelihood_array and auto_def_survival_int_range; dropped the abstract
#      method stubs' docstrings, init and the high-dimensional base class.
import functools

import jax.numpy as jnp
from jax import jit
from jax.scipy import integrate

from sdg4varselect.models.abstract.abstract_model import AbstractModel


class AbstractCoxModel(AbstractModel):
    """Abstract class defining a Cox model with an abstract baseline hazard."""

    @functools.partial(jit, static_argnums=0)
    def log_hazard(self, params, **kwargs) -> jnp.ndarray:
        """hazard(t) = h0(t) * exp(phc); returns log values of shape (N, num)."""
        survival_int_range = kwargs["survival_int_range"]
        h0_values = self.log_baseline_hazard(params, **kwargs)
        assert h0_values.shape == survival_int_range.shape

        phc = self.proportional_hazards_component(params, **kwargs)
        assert phc.shape[0] == survival_int_range.shape[0]
        assert phc.shape[1] == survival_int_range.shape[1] or phc.shape[1] == 1

        return phc + h0_values

    @functools.partial(jit, static_argnums=0)
    def log_likelihood_array(  # pylint: disable=missing-return-doc
        self, theta_reals1d, **kwargs
    ) -> jnp.ndarray:
        params = self._parametrization.reals1d_to_params(theta_reals1d)

        T = kwargs["T"]
        delta = kwargs["delta"]
        survival_int_range = kwargs["survival_int_range"]
        (N,) = T.shape
        assert T.shape == (N,)
        assert delta.shape == (N,)

        # survival_likelihood = log(survival_fct) + log(hazard_fct)
        # log_survival_fct = - int_0^T hazard(s) ds
        log_hazard_value = self.log_hazard(params, **self._cst, **kwargs)
        assert survival_int_range.shape == log_hazard_value.shape

        log_survival_fct = -integrate.trapezoid(
            jnp.exp(log_hazard_value), survival_int_range
        )
        assert log_survival_fct.shape == (N,)

        # Comme survival_int_range[:,-1] == T, on peut faire :
        log_hazard_fct = log_hazard_value[:, -1]
        assert log_hazard_fct.shape == (N,)

        return jnp.where(delta, log_hazard_fct, 0) + log_survival_fct

    def auto_def_survival_int_range(
        self,
        T,
        **kwargs,  # pylint: disable=unused-argument
    ) -> jnp.ndarray:
        """Automatically define the survival interval range."""
        return jnp.linspace(0, T, num=100)[1:].T
