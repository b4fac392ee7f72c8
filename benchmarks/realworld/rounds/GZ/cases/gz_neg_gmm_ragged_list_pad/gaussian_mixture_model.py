# Source: https://github.com/Zaijab/data_science_utils/blob/3d21f2fb752a5617b5aa70573b764025a267a3fe/data_science_utils/statistics/gaussian_mixture_model.py
# Title: data_science_utils/statistics/gaussian_mixture_model.py (GMM and zero-padded MultiGMM for the PHD filter)
# Cut: kept GMM and MultiGMM; module docstring shortened, duplicate imports and the LMB birth model dropped.
"""
The method we choose is to take the largest number of components (suppose gmm_1 has 3 components and gmm_2 has 5)
Then zero pad everything to be of the same size. The padding is done for you after initialization.
"""

import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array, Float, Key, Int
from typing import List

class GMM(eqx.Module):
    means: Float[Array, "num_components state_dim"]
    covs: Float[Array, "num_components state_dim state_dim"]
    weights: Float[Array, "num_components"]

    @eqx.filter_jit
    def sample(self, key: Key[Array, ""]) -> Float[Array, "state_dim"]:
        gaussian_index_key, gaussian_state_key = jax.random.split(key)
        gaussian_index = jax.random.choice(
            key=gaussian_index_key, a=jnp.arange(self.weights.shape[0]), p=self.weights
        )
        sample = jax.random.multivariate_normal(
            gaussian_state_key,
            mean=self.means[gaussian_index],
            cov=self.covs[gaussian_index],
        )
        return sample


class MultiGMM(eqx.Module):
    """Vectorized multiple GMMs with zero-padding for uniform shapes."""

    means: Float[Array, "num_gmm max_components state_dim"]
    covs: Float[Array, "num_gmm max_components state_dim state_dim"]
    weights: Float[Array, "num_gmm max_components"]

    def __init__(self, gmms: List[GMM]):
        assert len(gmms) > 0, "Need at least one GMM"

        state_dim = gmms[0].means.shape[1]
        max_components = max(gmm.means.shape[0] for gmm in gmms)

        # Pad each GMM to max_components and collect in single pass
        def pad_gmm(gmm: GMM) -> GMM:
            pad_width = max_components - gmm.means.shape[0]

            padded_means = jnp.pad(gmm.means, ((0, pad_width), (0, 0)), mode="constant")
            padded_weights = jnp.pad(gmm.weights, (0, pad_width), mode="constant")

            identity_padding = jnp.tile(jnp.eye(state_dim), (pad_width, 1, 1))
            padded_covs = jnp.concatenate([gmm.covs, identity_padding], axis=0)

            return GMM(padded_means, padded_covs, padded_weights)

        # Pad all GMMs and use tree operations to stack
        padded_gmms = [pad_gmm(gmm) for gmm in gmms]
        stacked = jax.tree_map(lambda *arrays: jnp.stack(arrays), *padded_gmms)

        # Verify shapes are correct for JIT compilation
        assert stacked.means.shape == (len(gmms), max_components, state_dim)
        assert stacked.covs.shape == (len(gmms), max_components, state_dim, state_dim)
        assert stacked.weights.shape == (len(gmms), max_components)

        self.means = stacked.means
        self.covs = stacked.covs
        self.weights = stacked.weights

    @eqx.filter_jit
    def sample(
        self, key: Key[Array, ""], gmm_idx: int | Int[Array, "..."]
    ) -> Float[Array, "state_dim"]:
        """Sample from the gmm_idx-th GMM."""
        gaussian_index_key, gaussian_state_key = jax.random.split(key)

        # Weights are already zero-padded, just renormalize
        weights = self.weights[gmm_idx]
        # weights = weights / jnp.sum(weights)

        gaussian_index = jax.random.choice(
            key=gaussian_index_key, a=jnp.arange(self.weights.shape[1]), p=weights
        )

        sample = jax.random.multivariate_normal(
            gaussian_state_key,
            mean=self.means[gmm_idx, gaussian_index],
            cov=self.covs[gmm_idx, gaussian_index],
        )
        return sample

    @eqx.filter_jit
    def sample_all(self, key: Key[Array, ""]) -> Float[Array, "num_gmm state_dim"]:
        """Sample one point from each GMM."""
        keys = jax.random.split(key, self.means.shape[0])
        samples = eqx.filter_vmap(lambda k, i: self.sample(k, i))(
            keys, jnp.arange(self.means.shape[0])
        )
        return samples

