# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/experiments/image.py
# Title: C3 (DeepMind) experiments/image.py, rate term of the loss
# Cut: reconstructed minimal forward: 7 latent grids of a 512x768 Kodak image
#      (downsampled by 2**k, as model/latents.py builds them) go through the entropy
#      model inside hk.transform; the rate is differentiated with jax.grad.
import haiku as hk
import jax
import jax.numpy as jnp

from entropy_models import AutoregressiveEntropyModelConvImage

input_res, num_grids = (512, 768), 7


def forward(latent_grids):
  loc, scale = AutoregressiveEntropyModelConvImage()(latent_grids)
  latents = jnp.concatenate([g.reshape(-1) for g in latent_grids])
  # Laplace rate in bits, bins of width 1
  cdf = lambda v: 0.5 + 0.5 * jnp.sign(v - loc) * (1 - jnp.exp(-jnp.abs(v - loc) / scale))
  return -jnp.sum(jnp.log2(cdf(latents + 0.5) - cdf(latents - 0.5) + 1e-9))


model = hk.without_apply_rng(hk.transform(forward))
grids = tuple(jnp.zeros((input_res[0] // 2**k, input_res[1] // 2**k)) for k in range(num_grids))
params = model.init(jax.random.PRNGKey(0), grids)
rate_grad = jax.jit(jax.grad(model.apply, argnums=1))(params, grids)
