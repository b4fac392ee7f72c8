# Source: https://github.com/kwk2696/sb3-jax-haiku/blob/82144f2e39b2408034ae0d31df7470bbe7aa0422/sb3_jax/du/policies.py
# Title: sb3_jax/du/policies.py -- DUPolicy (diffusion policy) of sb3-jax
# Cut: DUPolicy reduced to the constructor arguments used (n_denoise default 50), _build and the
#      jitted denoising call; gym spaces, feature extractors and the optimizer setup dropped.
from functools import partial

import jax
import jax.numpy as jnp
import haiku as hk

from models import DiffusionModel


class DUPolicy:
    def __init__(self, du_net, ddpm_dict, noise_dim: int, n_denoise: int = 50,
                 predict_epsilon: bool = True, cf_weight: float = 1.0, cf_drop_rate: float = 0.0):
        self.du_net = du_net
        self.ddpm_dict = ddpm_dict
        self.noise_dim = noise_dim
        self.n_denoise = n_denoise
        self.denoise_type = 'ddpm'
        self.predict_epsilon = predict_epsilon
        self.cf_weight = cf_weight
        self.cf_drop_rate = cf_drop_rate
        self._build()

    def _build_actor(self) -> hk.Module:
        return DiffusionModel(
            du=self.du_net(),
            n_denoise=self.n_denoise,
            ddpm_dict=self.ddpm_dict,
            denoise_type=self.denoise_type,
            predict_epsilon=self.predict_epsilon,
            cf_weight=self.cf_weight,
            cf_drop_rate=self.cf_drop_rate,
        )

    def _build(self) -> None:
        def fn_actor(y_t, obs, t, denoise: bool, deterministic: bool):
            actor = self._build_actor()
            return actor(y_t, obs, t, denoise, deterministic)

        params, self.actor = hk.transform_with_state(fn_actor)

    # for denoise
    @partial(jax.jit, static_argnums=(0, 2))
    def _actor_denoise(self, obs, deterministic, params, state, rng=None):
        return self.actor(params, state, rng, None, obs, None, denoise=True, deterministic=deterministic)

    def _predict(self, obs, deterministic: bool = False):
        (y_i, y_i_store), _ = self._actor_denoise(obs, deterministic, self.params, self.state, next(self.rng))
        return y_i, y_i_store
