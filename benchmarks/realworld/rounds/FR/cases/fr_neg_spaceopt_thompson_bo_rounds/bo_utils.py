# Source: https://github.com/google-research/google-research/blob/436ba863cc20bff6e9bd06d2221fb12df29beeaf/spaceopt/bo_utils.py
# Title: spaceopt/bo_utils.py (Thompson sampling and the seq-batch BO loop)
# Cut: licence header dropped; sqdist, matern_5_2, cov_function_jax and GPUtils (posterior_mean_cov without the per-output reshape, draw_gp_samples without the tfp branch) copied in from spaceopt/gp_utils.py at the same commit, with the sklearn fit replaced by a stub.
import jax
import jax.numpy as jnp
import numpy as np

PRECISION = jax.lax.Precision.DEFAULT


def sqdist(x1, x2=None, precision=PRECISION):
  if x2 is None:
    x2 = x1
  sum_axis = list(range(1, x1.ndim))
  out = jnp.float32(-2) * jnp.tensordot(
      x1, x2, (sum_axis, sum_axis), precision=precision)
  out += jnp.sum(x1**2, axis=sum_axis)[:, jnp.newaxis]
  out += jnp.sum(x2**2, axis=sum_axis)[jnp.newaxis]
  return out


def matern_5_2(x, y, length_scale):
  dists = jnp.sqrt(sqdist(x / length_scale, y / length_scale))
  k = dists * jnp.sqrt(5.)
  k = (1. + k + k ** 2 / 3.0) * jnp.exp(-k)
  return k


def cov_function_jax(params, x, y=None, add_noise=False):
  amplitude = params['amplitude']
  noise = params['noise']
  lengthscale = params['lengthscale'].flatten()
  if y is None:
    y = x
    add_noise = True
  cov = amplitude * matern_5_2(x, y, lengthscale)
  if add_noise:
    cov += np.eye(cov.shape[0]) * noise**2
  return cov


class GPUtils:
  """Class for GP utilities (cut from spaceopt/gp_utils.py)."""

  def __init__(self, cov_fun=None, gp_noise_eps=1e-5):
    self.cov_fun = cov_fun
    self.gp_noise_eps = gp_noise_eps

  def fit_gp(self, x_obs, y_obs, params, steps=1000):
    """Fits an sklearn GaussianProcessRegressor and returns its statistics."""
    ...

  def posterior_mean_cov(self, params, x_obs, y_obs, x_test):
    l_ = params['l_']
    y_train_std_ = params['y_train_std_']
    y_train_mean_ = params['y_train_mean_']
    alpha_ = params['alpha_']
    cross_cov = cov_function_jax(params, x_test, x_obs)
    mu = cross_cov @ alpha_
    mu = y_train_std_ * mu + y_train_mean_
    v = jax.scipy.linalg.solve_triangular(l_, cross_cov.T, lower=True)
    other_cov = cov_function_jax(params, x_test)
    other_cov += jnp.eye(other_cov.shape[0]) * self.gp_noise_eps
    cov = (other_cov - jnp.dot(v.T, v))
    return mu, cov

  def draw_gp_samples(self, key, mu, cov, num_samples=1, method='cholesky', tol=1e-4):
    if (method == 'cholesky') or (method == 'svd'):
      samples = jax.random.multivariate_normal(
          key, mu.T, cov, shape=(num_samples,), method=method)
    elif method == 'own':
      y_rand = jax.random.normal(key, (num_samples, cov.shape[0]))
      chol = jax.scipy.linalg.cholesky(
          cov + jnp.eye(cov.shape[0]) * tol, lower=True)
      samples = jnp.dot(y_rand, chol) + mu.T
    else:
      raise ValueError('Accepted methods include own, cholesky, svd and tfp.')
    return samples


def thompson_sampling(key, x_obs, y_obs, gaussian_process, gp_util, search_space,
                      batch_size=1, num_points=2000, method='tfp'):
  """Run one round of Thompson sampling for seq/batch BO ."""
  key_x, key_gp_sample = jax.random.split(key)

  x_test = jax.random.uniform(key_x,
                              shape=(num_points, search_space.shape[0]),
                              minval=search_space[:, 0],
                              maxval=search_space[:, 1])
  mu, cov = gp_util.posterior_mean_cov(gaussian_process, x_obs, y_obs, x_test)
  gp_samples = gp_util.draw_gp_samples(
      key_gp_sample, mu, cov, num_samples=batch_size, method=method)
  min_ind = jnp.argmin(gp_samples, axis=1)
  x_best = x_test[min_ind, :]
  return x_best


def bo(key, x_obs, y_obs, obj, params_init, params_bounds, search_space, num_bo_rounds,
       acquisition_fn=thompson_sampling, batch_size=1, num_points=2000, num_steps=1000,
       method='tfp'):
  """Run seq-batch Bayesian Optimization (BO)."""
  gp_util = GPUtils()
  additional_info_dict = {}
  for i in range(num_bo_rounds//batch_size):
    key_loop = jax.random.fold_in(key, i)
    gaussian_process = gp_util.fit_gp(
        x_obs, y_obs, params_init, params_bounds, steps=num_steps)

    x_new = acquisition_fn(key_loop, x_obs, y_obs, gaussian_process, gp_util,
                           search_space, batch_size=batch_size,
                           num_points=num_points, method=method)
    y_new, additional_info = obj(x_new)
    additional_info_dict[i] = additional_info
    x_obs = jnp.vstack((x_obs, x_new))
    y_obs = jnp.vstack((y_obs, y_new))
  return x_obs, y_obs, additional_info_dict
