# Source: https://github.com/charleswilmot/jax_t_SNE/blob/57985ed48d2ba8c0338f393a1ec6b3ee65a6dbba/t_SNE.py
# Title: t_SNE.py
# Cut: docstrings shortened; logging setup and the __main__ demo dropped; _output_similarity/_kl_divergences bodies kept.
import jax
import jax.numpy as jnp
from jax import random
import logging
from functools import partial
import numpy as np
from itertools import count
from typing import Callable


log = logging.getLogger(__name__)


def _conditional_probabilities(
        squared_distance_matrix: jax.Array,
        desired_perplexity: float) -> jax.Array:
    N_STEPS = 100
    zero_diag = (1 - jnp.identity(squared_distance_matrix.shape[-2]))
    desired_entropy = jnp.log(desired_perplexity)
    mean_abs = jnp.mean(
        jnp.abs(squared_distance_matrix),
        axis=-1,
        keepdims=True
    )
    betas = 1 / mean_abs  # initial guess for beta
    shape = squared_distance_matrix.shape[:-1] + (1,)
    betas_max = jnp.full(shape=shape, fill_value=+jnp.inf)
    betas_min = jnp.full(shape=shape, fill_value=-jnp.inf)

    for _ in range(N_STEPS):
        P = jnp.exp(-squared_distance_matrix * betas)             # [..., N, N]
        P *= zero_diag                                            # [..., N, 1]
        sum_P = jnp.sum(P, axis=-1, keepdims=True)                # [..., N, N]
        P /= sum_P
        sum_disti_P = jnp.sum(
            squared_distance_matrix * P,
            axis=-1,
            keepdims=True
        )                                                         # [..., N, 1]
        entropies = jnp.log(sum_P) + betas * sum_disti_P          # [..., N, 1]
        entropies_diff = entropies - desired_entropy              # [..., N, 1]
        predicate = entropies_diff > 0                            # [..., N, 1]
        betas_max = jnp.where(predicate, betas_max, betas)        # [..., N, 1]
        betas_min = jnp.where(predicate, betas, betas_min)        # [..., N, 1]
        betas_inc = jnp.where(
            betas_max == jnp.inf,
            betas * 2,
            (betas + betas_max) / 2
        )                                                         # [..., N, 1]
        betas_dec = jnp.where(
            betas_min == -jnp.inf,
            betas / 2,
            (betas + betas_min) / 2,
        )                                                         # [..., N, 1]
        betas = jnp.where(predicate, betas_inc, betas_dec)        # [..., N, 1]
    return P


def _input_similarity(
        squared_distance_matrix: jax.Array,
        desired_perplexity: float) -> jax.Array:
    conditional_P = _conditional_probabilities(
        squared_distance_matrix, desired_perplexity)
    P = conditional_P + jnp.swapaxes(conditional_P, -2, -1)
    sum_P = jnp.sum(P, axis=(-2, -1), keepdims=True)
    P = P / sum_P
    return P


def _output_similarity(
        squared_distance_matrix: jax.Array,
        degrees_of_freedom: int) -> jax.Array:
    squared_distance_matrix /= degrees_of_freedom
    squared_distance_matrix += 1
    squared_distance_matrix **= (degrees_of_freedom + 1.0) / -2.0
    Q = squared_distance_matrix / 2 / \
        jnp.sum(squared_distance_matrix, axis=(-2, -1))[..., None, None]
    return Q


def squared_distance_matrix(data: jax.Array) -> jax.Array:
    return jnp.sum((
        data[..., None, :, :] -                       # [..., 1, N, D]
        data[..., None, :]                            # [..., N, 1, D]
    ) ** 2, axis=-1)                                  # [..., N, N]


def _kl_divergences(P: jax.Array, Q: jax.Array) -> jax.Array:
    indices_a, indices_b = jnp.triu_indices(P.shape[-2], k=1)
    P_sup = P[..., indices_a, indices_b]
    Q_sup = Q[..., indices_a, indices_b]
    return 2 * jnp.sum(P_sup * jnp.log(P_sup / Q_sup), axis=-1)


@jax.jit
def _t_SNE_loss(output_data: jax.Array, P: jax.Array):
    reduction_dimension = output_data.shape[-1]
    output_squared_distance_matrix = squared_distance_matrix(
        output_data)  # [..., N, N]
    # Degrees of freedom of the Student's t-distribution. The suggestion
    # degrees_of_freedom = reduction_dimension - 1 comes from
    # "Learning a Parametric Embedding by Preserving Local Structure"
    # Laurens van der Maaten, 2009.
    degrees_of_freedom = max(reduction_dimension - 1, 1)
    Q = _output_similarity(output_squared_distance_matrix, degrees_of_freedom)
    kl_divergences = _kl_divergences(P, Q)                        # [..., N, N]
    return jnp.sum(kl_divergences)


_t_SNE_loss_value_grad = jax.value_and_grad(_t_SNE_loss)


def t_SNE(key: random.PRNGKey,
        input_data: jax.Array,
        desired_perplexity: float,
        reduction_dimension: int,
        update_func: Callable[[jax.Array, jax.Array], jax.Array],
        termination_func: Callable[[int, jax.Array, jax.Array], bool],
        z_score: bool=False):
    if z_score:
        mean = jnp.mean(input_data, axis=-1, keepdims=True)   # [..., 1, D_IN]
        std = jnp.std(input_data, axis=-1, keepdims=True)     # [..., 1, D_IN]
        input_data = (input_data - mean) / std                # [..., N, D_IN]
    output_shape = input_data.shape[:-1] + (reduction_dimension,)
    output_data = random.normal(key, shape=output_shape)      # [..., N, D_OUT]
    short = squared_distance_matrix(input_data)               # [..., N, N]
    input_squared_distance_matrix = short
    P = _input_similarity(input_squared_distance_matrix, desired_perplexity)

    for step in count():
        value, grad = _t_SNE_loss_value_grad(output_data, P)
        if termination_func(step, value, grad):
            break
        output_data = update_func(output_data, grad)
        log.debug(f'value = {np.array(value)}')
    return output_data
