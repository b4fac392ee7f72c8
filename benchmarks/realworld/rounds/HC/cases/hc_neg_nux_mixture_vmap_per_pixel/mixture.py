# Source: https://github.com/Information-Fusion-Lab-Umass/NuX/blob/bde3d2ea5c43da3567e26281f24968bec03cff5b/nux/flows/bijective/mixture.py
# Title: nux/flows/bijective/mixture.py ("small speedup in mixture cdf", Oct 2020)
# Cut: kept the module top (bisection inverse, mixture_forward/mixture_forward2/mixture_inverse)
#      and the MixtureCDF layer; the coupling variant and the logistic/Gaussian subclasses are dropped.
import jax
import jax.numpy as jnp
import nux.util as util
from jax import random, vmap
from functools import partial
import haiku as hk
from typing import Optional, Mapping, Callable, Sequence
from nux.flows.base import *
import nux.util as util
from jax.scipy.special import logsumexp
import nux.networks as net
import nux

__all__ = ["GaussianMixtureCDF",
           "LogisticMixtureCDF",
           "CoupingGaussianMixtureCDF",
           "CoupingLogisticMixtureCDF",
           "LogitsticMixtureLogit",
           "CouplingLogitsticMixtureLogit"]

################################################################################################################

def bisection_body(f, carry, inputs):
  x, current_x, current_z, lower, upper = carry

  gt = current_x > x
  lt = 1.0 - gt

  new_z = gt*0.5*(current_z + lower) + lt*0.5*(current_z + upper)
  lower = gt*lower                   + lt*current_z
  upper = gt*current_z               + lt*upper

  current_z = new_z
  current_x = f(current_z)
  dx = current_x - x

  return (x, current_x, current_z, lower, upper), dx

def bisection(f, lower, upper, x, n_iters=10000):
  # Compute f^{-1}(x)
  z = jnp.zeros_like(x)

  carry = (x, f(z), z, lower, upper)
  carry, diffs = jax.lax.scan(partial(bisection_body, f), carry, jnp.arange(n_iters))
  x, current_x, current_z, lower, upper = carry
  return current_z

################################################################################################################

def mixture_forward(eval_fun, log_det_fun, x, theta):
  # Split the parameters
  n_components = theta.shape[-1]//3
  weight_logits, means, log_scales = jnp.split(theta, jnp.array([n_components, 2*n_components]), axis=-1)
  weight_logits = jax.nn.log_softmax(weight_logits)

  # We're going to have a set of parameters for each element of x
  assert means.shape[:-1] == x.shape

  # We are going to vmap over each pixel
  f = eval_fun
  log_det = log_det_fun
  for i in range(len(x.shape)):
    f = vmap(f)
    log_det = vmap(log_det)

  # Apply the mixture
  return f(weight_logits, means, log_scales, x), log_det(weight_logits, means, log_scales, x).sum()

def mixture_forward2(f_and_log_det_fun, x, theta):
  # Split the parameters
  n_components = theta.shape[-1]//3
  weight_logits, means, log_scales = jnp.split(theta, jnp.array([n_components, 2*n_components]), axis=-1)
  weight_logits = jax.nn.log_softmax(weight_logits)

  # We're going to have a set of parameters for each element of x
  assert means.shape[:-1] == x.shape

  # We are going to vmap over each pixel
  f_and_log_det = f_and_log_det_fun
  for i in range(len(x.shape)):
    f_and_log_det = vmap(f_and_log_det)

  # Apply the mixture
  z, log_det = f_and_log_det(weight_logits, means, log_scales, x)
  return z, log_det.sum()

def mixture_inverse(eval_fun, log_det_fun, x, theta):
  # Split the parameters
  n_components = theta.shape[-1]//3
  weight_logits, means, log_scales = jnp.split(theta, jnp.array([n_components, 2*n_components]), axis=-1)
  weight_logits = jax.nn.log_softmax(weight_logits)

  def bisection_no_vmap(weight_logits, means, log_scales, x):
    # Write a wrapper around the inverse function
    assert weight_logits.ndim == 1
    assert x.ndim == 0

    # Define the starting search range
    # lower = jnp.min(means - 200*jnp.exp(log_scales))
    # upper = jnp.max(means + 200*jnp.exp(log_scales))

    # If we're outside of this range, then there's a bigger problem in the rest of the network.
    lower = jnp.zeros_like(x) - 1000
    upper = jnp.zeros_like(x) + 1000

    filled_f = partial(eval_fun, weight_logits, means, log_scales)
    return bisection(filled_f, lower, upper, x)

  # We are going to vmap over each pixel
  f_inv = bisection_no_vmap
  log_det = log_det_fun
  for i in range(len(x.shape)):
    f_inv = vmap(f_inv)
    log_det = vmap(log_det)

  # Apply the mixture inverse
  z = f_inv(weight_logits, means, log_scales, x)
  return z, log_det(weight_logits, means, log_scales, z).sum()

################################################################################################################

class MixtureCDF(Layer):

  def __init__(self, n_components: int=4, name: str="mixture_cdf", **kwargs):
    super().__init__(name=name, **kwargs)
    self.n_components = n_components

    self.forward = partial(mixture_forward, self.f, self.log_det)
    self.inverse = partial(mixture_inverse, self.f, self.log_det)

  def f(self, weight_logits, means, log_scales, x):
    assert 0

  def log_det(self, weight_logits, means, log_scales, x):
    assert 0

  def f_and_log_det(self, weight_logits, means, log_scales, x):
    return self.f(weight_logits, means, log_scales, x), self.log_det(weight_logits, means, log_scales, x)

  def call(self, inputs: Mapping[str, jnp.ndarray], rng: jnp.ndarray=None, sample: Optional[bool]=False, **kwargs) -> Mapping[str, jnp.ndarray]:
    x = inputs["x"]
    outputs = {}

    x_shape = self.get_unbatched_shapes(sample)["x"]
    theta = hk.get_parameter("theta", shape=x_shape + (3*self.n_components,), dtype=x.dtype, init=hk.initializers.RandomNormal())
    if sample == False:
      outputs["x"], outputs["log_det"] = self.auto_batch(self.forward, in_axes=(0, None))(x, theta)
    else:
      outputs["x"], outputs["log_det"] = self.auto_batch(self.inverse, in_axes=(0, None))(x, theta)

    return outputs

################################################################################################################

