# Source: https://github.com/ericmjl/score-models/blob/7a8743f50d015429ab288076b8889f00c76a88ca/score_models/losses/diffusion.py
# Title: score_models/losses/diffusion.py -- "Loss functions for non-probability flow models."
# Cut: long comments shortened; code unchanged.
"""Loss functions for non-probability flow models."""
import equinox as eqx
import jax.numpy as np
from jax import jacfwd, vmap


def score_matching_loss(model: eqx.Module, batch: np.ndarray) -> float:
    """Score matching loss function (Hyvarinen, 2005).

    :param batch: A batch of data. Should be of shape (batch, :).
    """
    dmodel = jacfwd(model)
    # The Jacobian shape is `(i, i)`; we want the diagonals, of shape (i,)
    term1 = vmap(dmodel)(batch)
    if len(term1.shape) == 2 and term1.shape[-1] == 1:
        term1 = np.expand_dims(term1, -1)
    term1 = vmap(np.diagonal)(term1)

    # Discretized integral of score function.
    term2 = 0.5 * vmap(model)(batch) ** 2
    term2 = np.reshape(term2, term1.shape)

    inner_term = term1 + term2
    summed_by_dims = vmap(np.sum)(inner_term)
    return np.mean(summed_by_dims)


def joint_score_matching_loss(
    models: list[eqx.Module], datas: np.ndarray, scales: np.ndarray
) -> float:
    """Joint score matching loss.

    :param models: A list of Equinox models.
    :param datas: A collection of noised up data.
        Leading axis should be of length n_noise_scales.
    :param scales: A NumPy array of scales.
    """
    loss = 0
    for model, data, scale in zip(models, datas, scales):
        loss = loss + score_matching_loss(model, data) * scale
    return loss
