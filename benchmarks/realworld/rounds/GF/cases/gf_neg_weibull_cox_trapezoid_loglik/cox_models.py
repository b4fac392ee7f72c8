# Source: https://github.com/caillebotteAntoine/sdg4varselect/blob/7354e1ddcd8af7d6ca448161ecd7b0dc50df179b/sdg4varselect/models/cox_models.py
# Title: sdg4varselect/models/cox_models.py — Cox model with Weibull, constant and Gompertz hazards
# Cut: kept the proportional-hazards component and the Weibull baseline hazard; dropped the
#      simulation helpers and the constant / Gompertz variants.
import functools

import jax.numpy as jnp
from jax import jit
import parametrization_cookbook.jax as pc

from abstract_cox_model import AbstractCoxModel


class WeibullCoxModel(AbstractCoxModel):
    """h(t) = (b/a) * (t/a)^(b-1) * exp(X^T beta)"""

    def init_parametrization(self):
        self._parametrization = pc.NamedTuple(
            a=pc.RealPositive(scale=1),
            b=pc.RealPositive(scale=1),
            beta=pc.Real(shape=(self.P,), scale=1),
        )

    @functools.partial(jit, static_argnums=0)
    def proportional_hazards_component(self, params, **kwargs) -> jnp.ndarray:
        return jnp.dot(kwargs["cov"], params.beta)[None, :].T

    @functools.partial(jit, static_argnums=0)
    def log_baseline_hazard(self, params, **kwargs) -> jnp.ndarray:
        a = params.a
        b = params.b
        survival_int_range = kwargs["survival_int_range"]
        return jnp.log(b / a) + (b - 1) * jnp.log(survival_int_range / a)
