# Source: https://github.com/probml/probml-notebooks/blob/8d1f29b9e9543f44e98b72014103db3b1c35e684/notebooks/IPM_divergences.ipynb
# Title: notebooks/IPM_divergences.ipynb (Critics in IPMs variational bounds on f-divergences, Mihaela Rosca)
# Cut: cells 1, 7-9 and 32-34 converted to a script; the Wasserstein LP critic, the Haiku density-ratio critic and
#      plotting dropped; the debug prints removed.
import jax
import numpy as np
import jax.numpy as jnp
from scipy.stats import beta


class TranslatedBeta():

  def __init__(self, a, b, expand_dims=False, displacement=0):
    self._a = a
    self._b = b
    self.expand_dims = expand_dims
    self.displacement = displacement

  def rvs(self, size):
    val = beta.rvs(self._a, self._b, size=size) + self.displacement
    return np.expand_dims(val, axis=1) if self.expand_dims else val

  def pdf(self, x):
    return beta.pdf(x - self.displacement, self._a, self._b)


p_dist = TranslatedBeta(3, 5, displacement=0)
q_dist = TranslatedBeta(2, 3, displacement=2)
p_x_samples = p_dist.rvs(size=15)
q_x_samples = q_dist.rvs(size=15)


def covariance(kernel_fn, X, Y):
  num_rows = len(X)
  num_cols = len(Y)
  K = np.zeros((num_rows, num_cols))
  for i in range(num_rows):
    for j in range(num_cols):
      K[i, j] = kernel_fn(X[i], Y[j])

  return K


def gaussian_kernel(x1, x2, gauss_var=0.1, height=2.2):
  return height * np.exp(- np.linalg.norm(x1 - x2) ** 2 / gauss_var)


def evaluate_mmd_critic(p_samples, q_samples):
  n = p_samples.shape[0]
  m = q_samples.shape[0]

  p_cov = covariance(gaussian_kernel, p_samples, p_samples)
  p_samples_norm = np.sum(p_cov) - np.sum(p_cov[np.diag_indices(n)])
  p_samples_norm /= n * (n-1)

  q_cov = covariance(gaussian_kernel, q_samples, q_samples)
  q_samples_norm = np.sum(q_cov) - np.sum(q_cov[np.diag_indices(m)])
  q_samples_norm /= m * (m-1)

  p_q_cov = covariance(gaussian_kernel, p_samples, q_samples)
  p_q_norm = np.sum(p_q_cov)
  p_q_norm /= n * m

  norm = p_samples_norm + q_samples_norm - 2 * p_q_norm
  def critic(x):
    p_val = np.mean([gaussian_kernel(x, y) for y in p_samples])
    q_val = np.mean([gaussian_kernel(x, y) for y in q_samples])
    return (p_val - q_val) / norm
  return critic


critic_fn = evaluate_mmd_critic(p_x_samples, q_x_samples)
x = np.linspace(-1, 3.5, 100)
critic_values = np.array([critic_fn(x_val) for x_val in x])
