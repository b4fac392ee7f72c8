# Source: https://github.com/Zaijab/data_science_utils/blob/8ae20a7bbf724f5771c538424751c2236052fcce/src/data_science_utils/filters/enkf.py
# Title: src/data_science_utils/filters/enkf.py (EnKF as an equinox module)
# Cut: debug assertions and long comments removed; the tail of update() after the vmap is kept short.
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jaxtyping import Array, Float, Key

from data_science_utils.filters import AbstractFilter
from data_science_utils.measurement_systems import AbstractMeasurementSystem


class EnKF(AbstractFilter, strict=True):
    inflation_factor: float = 1.05
    debug: bool = False

    @eqx.filter_jit
    def update_point(
        self,
        point: Float[Array, "state_dim"],
        prior_mixture_covariance: Float[Array, "state_dim state_dim"],
        measurement: Float[Array, "measurement_dim"],
        measurement_system: AbstractMeasurementSystem,
    ):
        measurement_jacobian = jax.jacfwd(measurement_system)(point)
        innovation_cov = (
            measurement_jacobian @ prior_mixture_covariance @ measurement_jacobian.T
            + measurement_system.covariance
        )
        innovation_cov = (innovation_cov + innovation_cov.T) / 2  # Symmetrize
        kalman_gain = jax.scipy.linalg.solve(innovation_cov, measurement_jacobian @ prior_mixture_covariance).T
        posterior_covariance = (
            jnp.eye(point.shape[0]) - kalman_gain @ measurement_jacobian
        ) @ prior_mixture_covariance
        posterior_point = point + kalman_gain @ (measurement - measurement_system(point))
        logposterior_weight = jsp.stats.multivariate_normal.logpdf(
            measurement,
            mean=measurement_system(point),
            cov=innovation_cov
        )
        return posterior_point, posterior_covariance, logposterior_weight

    @eqx.filter_jit
    def update(
        self,
        key: Key[Array, "..."],
        prior_ensemble: Float[Array, "batch_size state_dim"],
        measurement: Float[Array, "measurement_dim"],
        measurement_system: AbstractMeasurementSystem,
    ) -> Float[Array, "batch_size state_dim"]:
        mean = jnp.mean(prior_ensemble, axis=0)
        inflated = mean + self.inflation_factor * (prior_ensemble - mean)
        ensemble_covariance = jnp.cov(inflated.T)

        keys = jax.random.split(key, prior_ensemble.shape[0])
        updated_ensemble, posterior_covariances, logposterior_weights = jax.vmap(
            self.update_point,
            in_axes=(0, None, None, None),
        )(
            inflated,
            ensemble_covariance,
            measurement,
            measurement_system,
        )
        return updated_ensemble
