# Source: https://github.com/dslisleedh/Generative_models-flax/blob/04ea099ab77a620afb4d93145d081b8fe5b8b119/src/models.py
# Title: Generative_models-flax src/models.py: Markovian hierarchical VAE (Flax linen)
# Cut: kept MarkovianHVAE; the MLPEncoder/MLPDecoder layers (src/layers.py) and reparameterization (src/utils.py)
#      are imported as in the original; dropped the other models (VAE, GAN, diffusion).
import gin
import jax
import jax.numpy as jnp
from flax import linen as nn
from typing import Sequence

from src.layers import *
from src.utils import *


@gin.configurable
class MarkovianHVAE(nn.Module):
    n_layers: int
    n_filters: int
    n_latent_dims: int
    output_shape: Sequence[int] = (28, 28, 1)
    n_steps: int = 3

    def setup(self) -> None:
        assert self.n_steps > 1, "For step 1, use Vanilla VAE"

        self.q_phis = [
            MLPEncoder(self.n_layers, self.n_filters, self.n_latent_dims) for _ in range(self.n_steps)
        ]
        self.g_thetas = [
            MLPEncoder(self.n_layers, self.n_filters, self.n_latent_dims) for _ in range(self.n_steps - 1)
        ] + [
            MLPDecoder(self.n_layers, self.n_filters, self.output_shape)
        ]

    def sample(self, z: jnp.ndarray, **kwargs) -> jnp.ndarray:
        n, n_latent_dims = z.shape
        assert n_latent_dims == self.n_latent_dims
        for g_theta in self.g_thetas[:-1]:
            z = g_theta(z)
        y_hat = self.g_thetas[-1](z)
        return y_hat

    def __call__(self, x, rng):
        rngs = jax.random.split(rng, self.n_steps)
        z_from_q = []
        z_from_g = []

        z = x
        for i, r in enumerate(rngs[:-1]):
            mu, logvar = self.q_phis[i](z)
            sigma = jnp.exp(.5 * logvar)
            z = reparameterization(r, mu, sigma)
            z_from_q.append(z)

        mu_T, logvar_T = self.q_phis[-1](z)
        sigma_T = jnp.exp(.5 * logvar_T)
        z = reparameterization(rngs[-1], mu_T, sigma_T)
        z_T = z.copy()

        for g_theta in self.g_thetas[:-1]:
            mu, logvar = g_theta(z)
            sigma = jnp.exp(.5 * logvar)
            z = reparameterization(rngs[-1], mu, sigma)
            z_from_g.append(z)

        y_hat = self.g_thetas[-1](z)

        return y_hat, z_T, z_from_q, z_from_g, mu_T, sigma_T


