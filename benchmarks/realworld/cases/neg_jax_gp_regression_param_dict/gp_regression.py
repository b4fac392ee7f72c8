# Source: https://github.com/jax-ml/jax/blob/035c1e566d61d759eb20106ae47df47f6284975f/examples/gaussian_process_regression.py
# Title: jax-ml/jax examples/gaussian_process_regression.py (removed later; last version)
# Cut: kept gp() (marginal-likelihood expression joined on one line, the xtest None-check dropped), the
#      hand-written optimizer over the params dict and the eager prediction; absl/plotting are dropped.
from functools import partial

from jax import grad
from jax import jit
from jax import vmap
import jax.numpy as jnp
import jax.random as random
import jax.scipy as scipy

numpts = 7
key = random.key(0)
eye = jnp.eye(numpts)


def cov_map(cov_func, xs, xs2=None):
  if xs2 is None:
    return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs)
  else:
    return vmap(lambda x: vmap(lambda y: cov_func(x, y))(xs))(xs2).T

def softplus(x):
  return jnp.logaddexp(x, 0.)

def exp_quadratic(x1, x2):
  return jnp.exp(-jnp.sum((x1 - x2)**2))

def gp(params, x, y, xtest=None, compute_marginal_likelihood=False):
  noise = softplus(params['noise'])
  amp = softplus(params['amplitude'])
  ls = softplus(params['lengthscale'])
  ymean = jnp.mean(y)
  y = y - ymean
  x = x / ls
  train_cov = amp*cov_map(exp_quadratic, x) + eye * (noise + 1e-6)
  chol = scipy.linalg.cholesky(train_cov, lower=True)
  kinvy = scipy.linalg.solve_triangular(
      chol.T, scipy.linalg.solve_triangular(chol, y, lower=True))
  if compute_marginal_likelihood:
    log2pi = jnp.log(2. * 3.1415)
    return -jnp.sum(-0.5 * jnp.dot(y.T, kinvy) - jnp.sum(jnp.log(jnp.diag(chol))) - (numpts / 2.) * log2pi)

  xtest = xtest / ls
  cross_cov = amp*cov_map(exp_quadratic, x, xtest)
  mu = jnp.dot(cross_cov.T, kinvy) + ymean
  v = scipy.linalg.solve_triangular(chol, cross_cov, lower=True)
  var = (amp * cov_map(exp_quadratic, xtest) - jnp.dot(v.T, v))
  return mu, var

marginal_likelihood = partial(gp, compute_marginal_likelihood=True)
predict = partial(gp, compute_marginal_likelihood=False)
grad_fun = jit(grad(marginal_likelihood))

params = {"amplitude": jnp.zeros((1, 1)),
          "noise": jnp.zeros((1, 1)) - 5.,
          "lengthscale": jnp.zeros((1, 1))}
momentums = {k: p * 0. for k, p in params.items()}
scales = {k: p * 0. + 1. for k, p in params.items()}

lr = 0.01  # Learning rate
def train_step(params, momentums, scales, x, y):
  grads = grad_fun(params, x, y)
  for k in params:
    momentums[k] = 0.9 * momentums[k] + 0.1 * grads[k][0]
    scales[k] = 0.9 * scales[k] + 0.1 * grads[k][0]**2
    params[k] -= lr * momentums[k]/jnp.sqrt(scales[k] + 1e-5)
  return params, momentums, scales

x = (random.uniform(key, shape=(numpts, 1)) * 4.) + 1
y = jnp.sin(x) + 0.1 * random.normal(key, shape=(x.shape[0], 1))
xtest = jnp.linspace(0, 6., 200)[:, None]

for i in range(1000):
  params, momentums, scales = train_step(params, momentums, scales, x, y)

mu, var = predict(params, x, y, xtest)
std = jnp.sqrt(jnp.diag(var))
