# Source: https://github.com/kokabsc/gwkokab/blob/e25ee5a908bfaccef9c18c79062e4a39856776e3/src/gwkokab/poisson_mean/_neural_vt.py
# Title: gwkokab src/gwkokab/poisson_mean/_neural_vt.py (follow-up of PR #452 "replace jax.vmap with jax.lax.map for logVT ... to reduce the memory footprint")
# Cut: argument validation and the variance estimator dropped; load_model import kept.
from collections.abc import Callable, Sequence
from typing import Optional, Union

import jax
from jax import numpy as jnp
from jaxtyping import Array, PRNGKeyArray

from gwkokab.utils.train import load_model


def poisson_mean_from_neural_vt(
    key: PRNGKeyArray,
    parameters: Sequence[str],
    filename: str,
    batch_size: Optional[int] = None,
    num_samples: int = 1_000,
    time_scale: Union[int, float, Array] = 1.0,
):
    names, neural_vt_model = load_model(filename)
    shuffle_indices = [parameters.index(name) for name in names]

    @jax.jit
    def log_vt(x: Array) -> Array:
        x_new = x[..., shuffle_indices]
        return jnp.squeeze(
            jax.lax.map(neural_vt_model, x_new, batch_size=batch_size), axis=-1
        )

    def _poisson_mean(scaled_mixture) -> Array:
        component_sample = scaled_mixture.component_sample(key, (num_samples,))
        # vmapping over components
        log_vt_values = jax.vmap(log_vt, in_axes=1)(component_sample)
        mean_per_component = jnp.exp(
            scaled_mixture.log_scales + jax.nn.logsumexp(log_vt_values, axis=-1)
        )
        return (time_scale / num_samples) * jnp.sum(mean_per_component, axis=-1)

    return log_vt, _poisson_mean
