# Source: https://github.com/probml/dynamax/blob/cfb005fa18678fc1b91d03724d77b442312e1e3b/dynamax/generalized_gaussian_ssm/inference.py
# Title: probml/dynamax dynamax/generalized_gaussian_ssm/inference.py (UKFIntegrals.compute_weights_and_sigmas)
# Cut: kept UKFIntegrals and the Gaussian expectation that uses it; the EKF/GHKF integrals and the
#      conditional-moments filter are dropped.
import jax.numpy as jnp
from jax import lax, vmap
from typing import Callable, NamedTuple


class UKFIntegrals(NamedTuple):
    """Lightweight container for UKF Gaussian integrals."""
    alpha: float = jnp.sqrt(3)
    beta: int = 2
    kappa: int = 1

    def gaussian_expectation(self, f: Callable, m, P):
        w_mean, _, sigmas = self.compute_weights_and_sigmas(m, P)
        return jnp.tensordot(w_mean, vmap(f)(sigmas), axes=1)

    def compute_weights_and_sigmas(self, m, P):
        """Compute weights and sigma points for the UKF."""
        n = len(m)
        lamb = self.alpha**2 * (n + self.kappa) - n

        # Compute weights
        factor = 1 / (2 * (n + lamb))
        w_mean = jnp.concatenate((jnp.array([lamb / (n + lamb)]), jnp.ones(2 * n) * factor))
        w_cov = jnp.concatenate((jnp.array([lamb / (n + lamb) + (1 - self.alpha**2 + self.beta)]), jnp.ones(2 * n) * factor))

        # Compute sigmas
        distances = jnp.sqrt(n + lamb) * jnp.linalg.cholesky(P)
        sigma_plus = jnp.array([m + distances[:, i] for i in range(n)])
        sigma_minus = jnp.array([m - distances[:, i] for i in range(n)])
        sigmas = jnp.concatenate((jnp.array([m]), sigma_plus, sigma_minus))
        return w_mean, w_cov, sigmas


def conditional_moments_filter(dynamics_fn, m0, P0, num_timesteps, inf_params=UKFIntegrals()):
    def _step(carry, t):
        m, P = carry
        m_pred = inf_params.gaussian_expectation(dynamics_fn, m, P)
        return (m_pred, P), m_pred

    _, means = lax.scan(_step, (m0, P0), jnp.arange(num_timesteps))
    return means
