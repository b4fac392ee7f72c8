# Source: https://github.com/shenzebang/KiNet/blob/ad90de42739512735245294454027a269d5d67a1/core/distribution.py
# Title: core/distribution.py (KiNet): Gaussian mixture initial distribution
# Cut: kept GaussianMixtureModel and sample_gaussians; the other distributions and the weight
#      checks in __init__ cut.
import warnings

import jax
import jax.numpy as jnp
import jax.random as random
from typing import List

from utils.common_utils import v_matmul, v_logdensity_gmm, v_score_gmm


class GaussianMixtureModel:
    def __init__(self, mus: List[jnp.ndarray], covs: List[jnp.ndarray], weights: jnp.ndarray | None = None):
        self.n_Gaussians = len(mus)
        assert self.n_Gaussians == len(covs)
        warnings.warn("covs is a deprecated input. It is always taken as identity!")
        self.log_weights = jnp.log(weights)
        # check shape of mus and covs
        assert mus[0].ndim == 1
        self.mus = jnp.stack(mus, axis=0)
        self.dim = self.mus.shape[-1]

        assert covs[0].ndim == 2
        self.covs = jnp.stack(covs, axis=0)
        assert self.covs.shape[-1] == self.dim and self.covs.shape[-2] == self.dim
        
        def get_half_cov(cov):
            U, S, _ = jnp.linalg.svd(cov)
            return U @ jnp.diag(jnp.sqrt(S)) @ jnp.transpose(U)


        self.inv_covs = jnp.stack([jnp.linalg.inv(cov) for cov in covs], axis=0)
        self.half_covs = jnp.stack([get_half_cov(cov) for cov in covs], axis=0) 
        self.dets_2pi = jnp.stack([jnp.linalg.det(cov * 2 * jnp.pi) for cov in covs], axis=0)
        self.coefficients = -.5 * jnp.log(self.dets_2pi) + self.log_weights

    def sample(self, batch_size: int, key):
        key_cat, key_gaussian = random.split(key, 2)
        sample_index = random.categorical(key_cat, self.log_weights, shape=[batch_size])
        _, n_sample_per_center = jnp.unique(sample_index, return_counts=True)
        keys = jax.random.split(key_gaussian, self.n_Gaussians)
        # return jnp.concatenate(sample_gaussians(n_sample_per_center, keys, self.mus, self.half_covs), axis=0)
        samples = []
        # keys = jax.random.split(key_gaussian, self.n_Gaussians)
        for i, (n_sample_i, _key) in enumerate(zip(n_sample_per_center.tolist(), keys)):
            # mu, sigma = self.mus[i, :], self.sigmas[i]
            # samples.append(v_matmul(sigma, random.normal(_key, (n_sample_i, self.dim))) + mu)
            samples.append(sample_gaussians(n_sample_i, _key, self.mus[i], self.half_covs[i]))

        return jnp.concatenate(samples, axis=0)

    def logdensity(self, xs: jnp.ndarray):
        return v_logdensity_gmm(xs, self.mus, self.inv_covs, self.coefficients)

    def score(self, xs: jnp.ndarray):
        return v_score_gmm(xs, self.mus, self.inv_covs, self.coefficients)


def sample_gaussians(batch_size, key, mu, half_cov):
    return v_matmul(half_cov, random.normal(key, (batch_size, mu.shape[0])) + mu)
# sample_gaussians = jax.vmap(sample_gaussians, in_axes=[0, 0, 0, 0])     
