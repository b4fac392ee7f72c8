# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/camera.py
# Title: multi_camera/analysis/camera.py (compute_camera_weights, robust triangulation)
# Cut: kept compute_camera_weights and weiszfeld_geometric_median verbatim; triangulate_point and
#      pairwise_triangulate are imported from a sibling module (triangulation.py) in this cut.
import numpy as np
import jax
from jax import numpy as jnp
from jax import jit
from functools import partial


@partial(jit, static_argnums=(3,))
def compute_camera_weights(pair_error, permutations, sigma, N):
    r"""Computes the weights to assign each camera

    Params:
        pair_error (array)    : euclidean distance from cluster median
        permutations (array)  : pairs of views each entry corresponds to
        sigma (float)         : hyperparameter determing how quickly weight decays
        N (int)               : number of cameras

    Returns: weights for each of N cameras to assign for this point
    """

    err = jnp.zeros((N, N)) * jnp.nan

    # forming full matrix from triangular portion with permutations
    for i in range(permutations.shape[0]):
        err = err.at[permutations[i, 0], permutations[i, 1]].set(pair_error[i])
        err = err.at[permutations[i, 1], permutations[i, 0]].set(err[permutations[i, 0], permutations[i, 1]])

    w = jnp.exp(-(err**2) / sigma**2)  # / jnp.sqrt(2 * jnp.pi * sigma**2)

    # assign zero weight to views with nan as that indicates their
    # original confidence from the heatmaps never hit our threshold
    weight = jnp.nanmedian(w, axis=0)
    weight = jnp.where(jnp.isnan(weight), 0, weight)

    return weight


@jit
def weiszfeld_geometric_median(points, max_iter=100, epsilon=1e-2):
    weight_mask = jnp.any(jnp.isnan(points), axis=-1) == False
    median = jnp.nanmean(points, axis=0)

    def update(carry):
        i, median, _ = carry
        distances = jnp.linalg.norm(points - median, axis=1)
        weights = 1 / (distances + 1e-9)
        new_median = jnp.nansum(points * weights[:, np.newaxis], axis=0) / jnp.nansum(weights)
        return i + 1, new_median, median

    def cond_fun(carry):
        i, median, last_median = carry
        break_condition = (i > max_iter) | (jnp.linalg.norm(median - last_median) < epsilon)
        return ~break_condition

    return jax.lax.while_loop(cond_fun, update, (0, median, median * 0.0))[1]
