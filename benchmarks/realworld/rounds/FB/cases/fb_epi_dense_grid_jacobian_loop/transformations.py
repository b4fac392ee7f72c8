# Source: https://github.com/Systems-Theory-in-Systems-Biology/EPI/blob/c610a3236ab1adcdb6a7b036f3ebbd362bed51ab/eulerpi/core/transformations.py
# Title: eulerpi/core/transformations.py (random variable transformation of the EPI algorithm)
# Cut: kept evaluate_density and calc_gram_determinant; logging calls shortened; eval_kde_gauss inlined from eulerpi/core/kde.py.
import jax.numpy as jnp
import numpy as np
from jax import jit
from jax.scipy.stats import norm


@jit
def eval_kde_gauss(data, sim_res, scales):
    return (
        jnp.sum(
            jnp.prod(norm.pdf(sim_res[..., jnp.newaxis, :], data, scales), axis=-1),
            axis=-1,
        )
        / data.shape[0]
    )


@jit
def calc_gram_determinant(jac: jnp.ndarray) -> jnp.double:
    jac = jnp.atleast_2d(jac)
    if jac.shape[0] < jac.shape[1]:
        jac = jac.T
    return jnp.sqrt(jnp.linalg.det(jac.T @ jac))


def evaluate_density(param, model, data, data_transformation, data_stdevs, slice):
    """Calculate the parameter density as backtransformed data density using the simulation model."""
    # Build the full parameter vector for evaluation based on the passed param slice and the constant central points
    fullParam = model.central_param.copy()
    fullParam[slice] = param

    # Check if the tried parameter is within the just-defined bounds and return the lowest possible density if not.
    if (
        np.any(param < model.param_limits[slice, 0])
        or np.any(param > model.param_limits[slice, 1])
        or not model.param_is_within_domain(fullParam)
    ):
        return 0.0, np.zeros(slice.shape[0] + model.data_dim + 1)

    else:
        try:
            sim_res, model_jac = model.forward_and_jacobian(fullParam)
        except Exception as e:
            return 0, np.zeros(slice.shape[0] + model.data_dim + 1)

        transformed_sim_res = data_transformation.transform(sim_res)
        densityEvaluation = eval_kde_gauss(data, transformed_sim_res, data_stdevs)

        transformation_jac = data_transformation.jacobian(sim_res)
        correction = calc_gram_determinant(
            jnp.dot(transformation_jac, model_jac)
        )

        trafo_density_evaluation = densityEvaluation * correction
        evaluation_results = np.concatenate(
            (param, sim_res, np.array([trafo_density_evaluation]))
        )
        return trafo_density_evaluation, evaluation_results
