# Source: https://github.com/jack-norrie/statax/blob/ea218f3b15693b327aae23f8c007c91759a2bcec/statax/bootstrap/Bootstrapper.py
# Title: statax, statax/bootstrap/Bootstrapper.py (after "vmap resampling")
# Cut: docstrings shortened; CIType inlined from statax/bootstrap/types/CIType.py.
from abc import ABC, abstractmethod
from typing import Callable

import jax
import jax.numpy as jnp
from jax import Array, random

from enum import StrEnum, auto


class CIType(StrEnum):
    TWO_SIDED = auto()
    LESS = auto()
    GREATER = auto()


class Bootstrapper(ABC):
    """Abstract base class for bootstrap resampling methods."""

    def __init__(self, statistic: Callable):
        """Initialize a Bootstrapper with a statistic function."""
        self._statistic = jax.jit(statistic)
        self._bootstrap_replicates: jax.Array | None = None
        self._theta_hat: jax.Array | None = None

    @property
    def theta_hat(self) -> jax.Array:
        """Get the statistic computed on the original data."""
        theta_hat = self._theta_hat
        if theta_hat is None:
            raise ValueError("Statistic estimate has not been generated yet. You must call resample() first.")
        return theta_hat

    @property
    def replicates(self) -> jax.Array:
        """Get the array of bootstrap replicate values."""
        bootstrap_replicates = self._bootstrap_replicates
        if bootstrap_replicates is None:
            raise ValueError("Bootstrap replicates have not been generated yet. You must call resample() first.")
        return bootstrap_replicates

    def _resample_data(self, data: Array, rng_key: jax.Array):
        """Resample data with replacement for bootstrap."""
        _, rng_subkey = random.split(rng_key)
        resampled_idxs = random.choice(rng_subkey, jnp.arange(len(data)), shape=(len(data),), replace=True)
        data_resampled = data.at[resampled_idxs].get()
        return data_resampled

    def resample(self, data: jax.Array, n_resamples: int = 2000, key: jax.Array = random.key(42)) -> None:
        """Generate bootstrap replicates by resampling the data."""
        key, subkey = random.split(key)

        self._theta_hat = self._statistic(data)

        @jax.vmap
        @jax.jit
        def _generate_bootstrap_replicate(rng_key: jax.Array) -> jax.Array:
            data_resampled = self._resample_data(data, rng_key)
            theta_boot = self._statistic(data_resampled)
            return theta_boot

        self._bootstrap_replicates = _generate_bootstrap_replicate(random.split(subkey, n_resamples))

    @abstractmethod
    def ci(self, confidence_level: float = 0.95, alternative: CIType = CIType.TWO_SIDED) -> tuple[jax.Array, jax.Array]:
        """Compute confidence interval from bootstrap replicates."""
        raise NotImplementedError

    def variance(self) -> jax.Array:
        """Compute the variance of the bootstrap distribution."""
        return jnp.var(self.replicates)
