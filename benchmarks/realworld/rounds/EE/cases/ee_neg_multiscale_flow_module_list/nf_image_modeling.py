# Source: https://github.com/phlippe/uvadlc_notebooks/blob/0da8037c7abc32f478ff6142acceb72dbcf088ee/docs/tutorial_notebooks/JAX/tutorial11/NF_image_modeling.ipynb
# Title: UvA DL tutorial 11 (JAX): Normalizing Flows for image modeling
# Cut: notebook cells converted to a .py file; kept ImageFlow, VariationalDequantization.dequant,
#      create_multiscale_flow and the jitted train/eval step; the layer classes (CouplingLayer,
#      SqueezeFlow, SplitFlow, GatedConvNet, masks), data loading and plotting cut.
import jax
import jax.numpy as jnp
from jax import random
import numpy as np
import flax.linen as nn
from typing import Sequence


class ImageFlow(nn.Module):
    flows : Sequence[nn.Module]  # A list of flows (each a nn.Module) that should be applied on the images. 
    import_samples : int = 8  # Number of importance samples to use during testing (see explanation below).

    def __call__(self, x, rng, testing=False):
        if not testing:
            bpd, rng = self._get_likelihood(x, rng)
        else:
            # Perform importance sampling during testing => estimate likelihood M times for each image
            img_ll, rng = self._get_likelihood(x.repeat(self.import_samples, 0), 
                                               rng,
                                               return_ll=True)
            img_ll = img_ll.reshape(-1, self.import_samples)

            # To average the probabilities, we need to go from log-space to exp, and back to log.
            # Logsumexp provides us a stable implementation for this
            img_ll = jax.nn.logsumexp(img_ll, axis=-1) - np.log(self.import_samples)

            # Calculate final bpd
            bpd = -img_ll * np.log2(np.exp(1)) / np.prod(x.shape[1:])
            bpd = bpd.mean()
        return bpd, rng

    def encode(self, imgs, rng):
        # Given a batch of images, return the latent representation z and 
        # log-determinant jacobian (ldj) of the transformations
        z, ldj = imgs, jnp.zeros(imgs.shape[0])
        for flow in self.flows:
            z, ldj, rng = flow(z, ldj, rng, reverse=False)
        return z, ldj, rng

    def _get_likelihood(self, imgs, rng, return_ll=False):
        """
        Given a batch of images, return the likelihood of those. 
        If return_ll is True, this function returns the log likelihood of the input.
        Otherwise, the ouptut metric is bits per dimension (scaled negative log likelihood)
        """
        z, ldj, rng = self.encode(imgs, rng)
        log_pz = jax.scipy.stats.norm.logpdf(z).sum(axis=(1,2,3))
        log_px = ldj + log_pz
        nll = -log_px
        # Calculating bits per dimension
        bpd = nll * np.log2(np.exp(1)) / np.prod(imgs.shape[1:])
        return (bpd.mean() if not return_ll else log_px), rng

    def sample(self, img_shape, rng, z_init=None):
        """
        Sample a batch of images from the flow.
        """
        # Sample latent representation from prior
        if z_init is None:
            rng, normal_rng = random.split(rng)
            z = random.normal(normal_rng, shape=img_shape)
        else:
            z = z_init
        
        # Transform z to x by inverting the flows
        # The log-determinant jacobian (ldj) is usually not of interest during sampling
        ldj = jnp.zeros(img_shape[0])
        for flow in reversed(self.flows):
            z, ldj, rng = flow(z, ldj, rng, reverse=True)
        return z, rng


class VariationalDequantization(nn.Module):
    var_flows : Sequence[nn.Module] = None  # A list of flow transformations to use for modeling q(u|x)
        
    def dequant(self, z, ldj, rng):
        z = z.astype(jnp.float32)
        img = (z / 255.0) * 2 - 1 # We condition the flows on x, i.e. the original image
        
        # Prior of u is a uniform distribution as before
        # As most flow transformations are defined on [-infinity,+infinity], we apply an inverse sigmoid first.
        rng, uniform_rng = random.split(rng)
        deq_noise = random.uniform(uniform_rng, z.shape)
        deq_noise, ldj = self.sigmoid(deq_noise, ldj, reverse=True)
        if self.var_flows is not None:
            for flow in self.var_flows:
                deq_noise, ldj, rng = flow(deq_noise, ldj, rng, reverse=False, orig_img=img)
        deq_noise, ldj = self.sigmoid(deq_noise, ldj, reverse=False)
        
        # After the flows, apply u as in standard dequantization
        z = (z + deq_noise) / 256.0
        ldj -= np.log(256.0) * np.prod(z.shape[1:])
        return z, ldj, rng


def create_multiscale_flow():
    flow_layers = []
    
    vardeq_layers = [CouplingLayer(network=GatedConvNet(c_out=2, c_hidden=16),
                                   mask=create_checkerboard_mask(h=28, w=28, invert=(i%2==1)),
                                   c_in=1) for i in range(4)]
    flow_layers += [VariationalDequantization(var_flows=vardeq_layers)]
    
    flow_layers += [CouplingLayer(network=GatedConvNet(c_out=2, c_hidden=32),
                                  mask=create_checkerboard_mask(h=28, w=28, invert=(i%2==1)),
                                  c_in=1) for i in range(2)]
    flow_layers += [SqueezeFlow()]
    for i in range(2):
        flow_layers += [CouplingLayer(network=GatedConvNet(c_out=8, c_hidden=48),
                                      mask=create_channel_mask(c_in=4, invert=(i%2==1)),
                                      c_in=4)]
    flow_layers += [SplitFlow(),
                    SqueezeFlow()]
    for i in range(4):
        flow_layers += [CouplingLayer(network=GatedConvNet(c_out=16, c_hidden=64),
                                      mask=create_channel_mask(c_in=8, invert=(i%2==1)),
                                      c_in=8)]

    flow_model = ImageFlow(flow_layers)
    return flow_model


def create_functions(model):
    # Training function
    def train_step(state, rng, batch):
        imgs, _ = batch
        loss_fn = lambda params: model.apply({'params': params}, imgs, rng, testing=False)
        (loss, rng), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)  # Get loss and gradients for loss
        state = state.apply_gradients(grads=grads)  # Optimizer update step
        return state, rng, loss
    train_step_jit = jax.jit(train_step)
    # Eval function, which is separately jitted for validation and testing
    def eval_step(state, rng, batch, testing):
        return model.apply({'params': state.params}, batch[0], rng, testing=testing)
    eval_step_jit = jax.jit(eval_step, static_argnums=(3,))
    return train_step_jit, eval_step_jit
