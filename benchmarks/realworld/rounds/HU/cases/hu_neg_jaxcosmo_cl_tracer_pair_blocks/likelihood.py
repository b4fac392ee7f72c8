# Source: https://github.com/DifferentiableUniverseInitiative/jax_cosmo/blob/c8f417006b91d8f75985b733351fd970736bde4b/jax_cosmo/likelihood.py
# Title: jax_cosmo/likelihood.py (Gaussian likelihood of the angular cls)
# Cut: as written, the cholesky branch collapsed.
import jax.numpy as np
from jax_cosmo.angular_cl import gaussian_cl_covariance

def gaussian_log_likelihood(data, mu, C,
                            constant_cov=True,
                            inverse_method='inverse'):
  """
  Computes the likelihood for some cl
  """
  # Computes residuals
  r  = mu - data

  if inverse_method == 'inverse':
    y = np.linalg.inv(C) @ r
  else:
    raise NotImplementedError

  if constant_cov:
    return -0.5 * ( r.T @ y )
  else:
    _, logdet = np.linalg.slogdet(C)
    return -0.5 * ( r.T @ y ) - 0.5 * logdet
