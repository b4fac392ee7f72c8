# Source: https://github.com/andylolu2/jax-vqvae-gpt/blob/af017db7ab9f6673455e0c63bf158d52364a286b/trainers/vqvae_trainer.py
# Title: jax-vqvae-gpt trainers/vqvae_trainer.py, VQ-VAE training step
# Cut: build/forward/loss/update kept; decoder branch, init and evaluate omitted; mse inlined.
import functools
from typing import Any, Callable, NamedTuple

import haiku as hk
import jax
import jax.numpy as jnp
import optax

from vqvae import CnnEncoder, QuantizedCodebook


def mse(x, y):
    return jnp.mean((x - y) ** 2)


class VqVaeTrainer:
    def __init__(self, K: int, D: int, compression_level: int, res_layers: int,
                 commitment_loss: float, optimizer):
        transformed = self.build(K, D, compression_level, res_layers, commitment_loss)
        self.init = transformed.init
        self.apply = transformed.apply
        self.optimizer = optimizer

    @staticmethod
    def build(K: int, D: int, compression_level: int, res_layers: int, commitment_loss: float):
        def f():
            encoder = CnnEncoder(
                out_channels=D,
                downscale_level=compression_level,
                res_layers=res_layers,
                name="encoder",
            )
            quantizer = QuantizedCodebook(K, D, commitment_loss, name="quantizer")

            def encode(x, is_training: bool):
                return encoder(x, is_training)

            def quantize(x):
                return quantizer(x)

            def init(x, is_training: bool):
                return quantize(encode(x, is_training))

            return init, (encode, quantize)

        return hk.multi_transform_with_state(f)

    def forward(self, params, state, x, is_training: bool):
        encode, quantize = self.apply
        z_e, state = encode(params, state, None, x, is_training)
        result, state = quantize(params, state, None, z_e)
        return result, state

    def loss(self, params, state, batch, is_training: bool):
        x = batch["image"]
        result, state = self.forward(params, state, x, is_training)
        # source: reconstruct_loss = mse(x, decode(z_q)); decoder omitted in this cut
        reconstruct_loss = mse(jnp.zeros_like(result["quantize"]), result["quantize"])
        loss = reconstruct_loss + result["codebook_loss"]
        return loss, (state, result)

    @functools.partial(jax.jit, static_argnums=0)
    def update(self, vqvae_state, batch):
        loss_and_grad = jax.value_and_grad(self.loss, has_aux=True)
        (loss, (state, _)), grads = loss_and_grad(
            vqvae_state.params, vqvae_state.state, batch, True
        )
        updates, opt_state = self.optimizer.update(
            grads, vqvae_state.opt_state, vqvae_state.params
        )
        params = optax.apply_updates(vqvae_state.params, updates)
        return (params, state, opt_state), {"scalar_loss": loss}

