# Source: https://github.com/probml/probml-notebooks/blob/04d7204f32aa669f0b9ae43751d44b140663d234/notebooks/gan_mog_mode_hopping.ipynb
# Title: notebooks/gan_mog_mode_hopping.ipynb (GAN on a mixture of Gaussians integrated as an ODE)
# Cut: cells 4, 5, 8 and 10 converted to a script; the disc-side per-example norm, the ODE integrators, the parameter
#      initialisation, the host integration loop and plotting dropped; ode_update reduced to its first three grads.
import jax
from jax import lax
import jax.numpy as jnp
import numpy as np
import haiku as hk


class MLP(hk.Module):
  def __init__(self, depth, hidden_size, out_dim, name='SimpleNet'):
    super(MLP, self).__init__(name=name)
    self._depth = depth
    self._hidden_size = hidden_size
    self._out_dim = out_dim
    layers = []
    for i in range(self._depth):
      layers.append(hk.Linear(self._hidden_size, name='linear_%d'%(i)))
    self._layers = layers
    self._final_layer = hk.Linear(self._out_dim, name='final_layer')

  def __call__(self, input):
    h = input
    for i in range(self._depth):
      h = jax.nn.relu(self._layers[i](h))
    return self._final_layer(h)


def disc_loss(disc_params, gen_params, real_examples, latents):
  fake_examples = gen_model.apply(gen_params, None, latents)
  real_logits  = disc_model.apply(disc_params, None, real_examples)
  fake_logits = disc_model.apply(disc_params, None, fake_examples)
  disc_real = real_logits - jax.nn.log_sigmoid(real_logits)
  disc_fake = - jax.nn.log_sigmoid(fake_logits)
  return - jnp.mean(disc_real + disc_fake)

def gen_loss(disc_params, gen_params, real_examples, latents):
  fake_examples = gen_model.apply(gen_params, None, latents)
  fake_logits = disc_model.apply(disc_params, None, fake_examples)
  disc_fake = fake_logits - jax.nn.log_sigmoid(fake_logits)
  return - jnp.mean(disc_fake)

def gen_loss_per_example(disc_params, gen_params, real_examples, latents):
  fake_examples = gen_model.apply(gen_params, None, latents)
  fake_logits = disc_model.apply(disc_params, None, fake_examples)
  disc_fake = fake_logits - jax.nn.log_sigmoid(fake_logits)
  return - disc_fake

def gen_norm_per_example(disc_params, gen_params, real_examples, latents):
    grad = jax.jacfwd(gen_loss_per_example, argnums=1)(
      disc_params, gen_params, real_examples, latents)
    flat, _ = jax.tree_flatten(grad)
    norm = jnp.zeros(shape=(latents.shape[0],))
    for a in flat:
      norm += jnp.sum(a * a, axis=np.arange(1, len(a.shape)))
    return - jnp.mean(norm)

def gen_norm(disc_params, gen_params, real_examples, latents):
    grad = jax.grad(gen_loss, argnums=1)(
      disc_params, gen_params, real_examples, latents)
    flat, _ = jax.tree_flatten(grad)
    norm = 0.
    for a in flat:
      norm += jnp.sum(a * a)
    return - norm

def variance_calc(disc_params, gen_params, real_examples, latents):
  neg_var = gen_norm_per_example(disc_params, gen_params, real_examples, latents)
  neg_var -= gen_norm(disc_params, gen_params, real_examples, latents)
  return neg_var


def forward_disc(batch):
  disc_model = MLP(2, 25, 1)
  return disc_model(batch)

def forward_gen(batch):
  gen_model = MLP(2, 25, 2)
  return gen_model(batch)

disc_model = hk.transform(forward_disc)
gen_model = hk.transform(forward_gen)


@jax.jit
def ode_update(i, disc_params, gen_params, real_examples, latents):
  dloss, disc_grad = jax.value_and_grad(disc_loss, argnums=0)(
      disc_params, gen_params, real_examples, latents)
  gloss, gen_grad = jax.value_and_grad(gen_loss, argnums=1)(
      disc_params, gen_params, real_examples, latents)
  variance, disc_gen_grad = jax.value_and_grad(variance_calc)(
      disc_params, gen_params, real_examples, latents)
  return dloss, gloss, variance, disc_grad, gen_grad, disc_gen_grad
