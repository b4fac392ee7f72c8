# Source: https://github.com/kwk2696/sb3-jax-haiku/blob/82144f2e39b2408034ae0d31df7470bbe7aa0422/sb3_jax/du/models.py
# Title: sb3_jax/du/models.py -- "MLP/Transformer Diffusion Model" of sb3-jax (Stable Baselines 3 re-implemented in JAX & Haiku)
# Cut: kept DiffusionModel (__init__ reduced to the DDPM coefficients used, __call__, _predict_eps);
#      the MLP/transformer noise networks and the beta scheduler dropped.
from typing import Tuple, Dict

import jax
import jax.numpy as jnp
import haiku as hk


class DiffusionModel(hk.Module):
    def __init__(
        self,
        du: hk.Module,
        n_denoise: int,
        ddpm_dict,
        denoise_type: str = 'ddpm',
        predict_epsilon: bool = True,
        cf_weight: float = 1.0,
        cf_drop_rate: float = 1.0,
    ):
        super().__init__()
        self.du = du
        self.n_denoise = n_denoise
        self.noise_dim = self.du.noise_dim if isinstance(self.du.noise_dim, tuple) else (self.du.noise_dim,)
        self.denoise_type = denoise_type
        self.predict_epsilon = predict_epsilon
        self.cf_weight = cf_weight
        self.cf_drop_rate = cf_drop_rate
        self.oneover_sqrta = ddpm_dict.oneover_sqrta
        self.sqrt_beta_t = ddpm_dict.sqrt_beta_t
        self.ma_over_sqrtmab_inv = ddpm_dict.ma_over_sqrtmab_inv
        self.posterior_log_beta = ddpm_dict.posterior_log_beta
        self.posterior_mean_coef1 = ddpm_dict.posterior_mean_coef1
        self.posterior_mean_coef2 = ddpm_dict.posterior_mean_coef2

    def __call__(
        self,
        y_t: jax.Array, # y for noise
        x: jax.Array,   # x for observations (conditioned)
        t: jax.Array,   # t for denoising timestep
        denoise: bool = False,
        deterministic: bool = False,
    ) -> Tuple[jax.Array, Dict[str, jax.Array]]:
        n_batch = x.shape[0]

        # denoising chain
        if denoise:
            # sample initial noise, y_T ~ N(0, 1)
            y_i = jax.random.normal(hk.next_rng_key(), shape=(n_batch,) + self.noise_dim)
            # trace denoised outputs
            y_i_trace = dict()
            y_i_trace[self.n_denoise] = (y_i, None)
            # denoising chain
            for i in range(self.n_denoise, 0, -1):
                t_i = jnp.array([[i / self.n_denoise]])
                t_i = jnp.repeat(t_i, n_batch, axis=0)
                noise = jax.random.normal(hk.next_rng_key(), shape=(n_batch,) + self.noise_dim) if (i > 1 and not deterministic) else 0.
                eps = self._predict_eps(y_i, x, t_i, True)

                # ddpm generative process
                if self.denoise_type == 'ddpm':
                    if self.predict_epsilon:
                        y_i = self.oneover_sqrta[i] * (y_i - self.ma_over_sqrtmab_inv[i] * eps) + self.sqrt_beta_t[i] * noise
                    else:
                        y_i = self.posterior_mean_coef1[i] * eps + self.posterior_mean_coef2[i] * y_i \
                                + jnp.exp(0.5 * self.posterior_log_beta[i]) * noise

                y_i_trace[i-1] = (y_i, eps) # action, eps
            return y_i, y_i_trace
        return self._predict_eps(y_t, x, t, False)

    def _predict_eps(
        self,
        y_t: jax.Array,
        x: jax.Array,
        t: jax.Array,
        denoise: bool = False,
    ):
        eps = self.du(y_t, x, t)
        if denoise:
            eps_null = self.du(y_t, jnp.zeros_like(x), t)
            return self.cf_weight * eps + (1 - self.cf_weight) * eps_null
        return eps
