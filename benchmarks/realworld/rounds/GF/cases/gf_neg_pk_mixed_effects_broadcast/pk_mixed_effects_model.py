# Source: https://github.com/caillebotteAntoine/sdg4varselect/blob/7354e1ddcd8af7d6ca448161ecd7b0dc50df179b/sdg4varselect/models/pk_mixed_effects_model.py
# Title: sdg4varselect/models/pk_mixed_effects_model.py — pharmacokinetic mixed-effects model (first-order absorption)
# Cut: kept the structural model m, the class's latent variables, parametrisation, mixed_effect_function
#      and sample; long docstrings shortened.
import functools

import jax.numpy as jnp
import jax.random as jrd
from jax import jit
import parametrization_cookbook.jax as pc

from abstract_mixed_effects_model import AbstractMixedEffectsModel


def m(params, times, eta_0, eta_1, eta_2, **kwargs) -> jnp.ndarray:
    """C(t) = (D * ka) / (V * (ka - ke)) * (exp(-ke * t) - exp(-ka * t)).

    The shape of the output is (N, J) where N is the number of individuals
    and J is the number of time points. eta_* have shape (N,), times (N, J).
    """
    D = kwargs.get("D")
    vi = jnp.exp(eta_0)
    kai = jnp.exp(eta_1)
    cli = jnp.exp(eta_2)
    kei = cli / vi

    cst = (D * kai) / (vi * (kai - kei))
    out = cst[:, None] * (
        jnp.exp(-kei[:, None] * times) - jnp.exp(-kai[:, None] * times)
    )
    assert out.shape == times.shape
    return out


class PKMixedEffectsModel(AbstractMixedEffectsModel):
    """Two compartment pharmacokinetic model with first order absorption
    with three latent variables per individual (log V, log ka, log Cl)."""

    def __init__(self, N=1, **kwargs):
        AbstractMixedEffectsModel.__init__(self, N=N, J=15, **kwargs)
        self.add_latent_variables("eta_0")
        self.add_latent_variables("eta_1")
        self.add_latent_variables("eta_2")

    def init_parametrization(self):
        self._parametrization = pc.NamedTuple(
            mean_latent=pc.NamedTuple(
                V=pc.Real(scale=1, loc=4),
                ka=pc.Real(scale=1, loc=3),
                Cl=pc.Real(scale=1, loc=2),
            ),
            cov_latent=pc.MatrixDiagPosDef(dim=3, scale=1),
            var_residual=pc.RealPositive(scale=1),
        )

    @functools.partial(jit, static_argnums=0)
    def mixed_effect_function(self, params, *args, **kwargs) -> jnp.ndarray:
        return m(params, *args, **kwargs)

    def sample(self, params_star, prngkey, **kwargs) -> tuple[dict, dict]:
        (_, prngkey_mem) = jrd.split(prngkey, num=2)

        time = jnp.array(
            [0.05, 0.2, 0.3, 0.4, 0.6, 0.9, 1.5, 2, 3, 5, 7, 10, 15, 22, 30]
        )
        self._j = time.shape[0]
        time = jnp.tile(time, (self.N, 1))

        obs, sim = AbstractMixedEffectsModel.sample(
            self, params_star, prngkey_mem, mem_obs_time=time
        )

        return {"mem_obs_time": time} | obs, sim
