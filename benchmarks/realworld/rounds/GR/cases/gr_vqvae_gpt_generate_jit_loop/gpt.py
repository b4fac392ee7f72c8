# Source: https://github.com/andylolu2/jax-vqvae-gpt/blob/9a34461b0f3b9aa47829bea3ec706a4487f8ca59/models/gpt.py
# Title: jax-vqvae-gpt models/gpt.py ("Train good sampler" commit): GPT prior over VQ-VAE codes
# Cut: dropped the attention/transformer block classes (GPTLmHeadModel is referenced, not reproduced),
#      build/initial_state/evaluate; kept tokenize, forward, loss, the jitted update and the jitted generate.
#      seq_length is 1 + H*W of the VQ-VAE latent grid (label token + one token per latent position).
from typing import Optional
import functools

import haiku as hk
import jax.numpy as jnp
import jax.nn as nn
import jax
import optax

from annotations import GPTBatch, GPTState, VqVaeConfig
from losses import cross_entropy


class VqVaeGPTModel:
    def __init__(self, num_label_classes: int, vqvae_config: VqVaeConfig, sample: GPTBatch,
                 transformed, optimizer):
        self.vqvae_config = vqvae_config
        self.num_label_classes = num_label_classes
        self.num_classes = num_label_classes + vqvae_config.K
        self.decoder_input_shape = sample["encoding_indices"].shape[1:]
        self.seq_length = self.tokenize(sample).shape[-1]
        self.init = transformed.init
        self.apply = transformed.apply
        self.optimizer = optimizer

    def tokenize(self, batch: GPTBatch):
        # labels shape B x 1
        labels = batch["label"][..., None]
        vqvae_tokens = batch["encoding_indices"]
        # tokens shape B x (W * H)
        vqvae_tokens = vqvae_tokens.reshape((vqvae_tokens.shape[0], -1))
        # offset encoding indices
        vqvae_tokens += self.num_label_classes

        # add labels as additional tokens
        # tokens shape B x (1 + W * H)
        tokens = jnp.concatenate((labels, vqvae_tokens), axis=-1)
        return tokens

    def forward(self, params: hk.Params, state: hk.State, rng, tokens, is_training: bool):
        y_pred, state = self.apply(params, state, rng, tokens, is_training)
        return y_pred, state

    def loss(self, params: hk.Params, state: hk.State, rng, tokens, is_training: bool):
        y = nn.one_hot(tokens, self.num_classes)
        y_pred, state = self.forward(params, state, rng, tokens, is_training)

        # use the first n-1 tokens to predict the nth token
        loss = cross_entropy(y[:, 1:], y_pred[:, :-1])
        return loss, state

    @functools.partial(jax.jit, static_argnums=0)
    def update(self, gpt_state: GPTState, batch: GPTBatch):
        rng, rng1 = jax.random.split(gpt_state.rng)
        tokens = self.tokenize(batch)
        loss_and_grad = jax.value_and_grad(self.loss, has_aux=True)
        (loss, state), grads = loss_and_grad(
            gpt_state.params, gpt_state.state, rng, tokens, True
        )
        updates, opt_state = self.optimizer.update(grads,
                                                   gpt_state.opt_state,
                                                   gpt_state.params)
        params = optax.apply_updates(gpt_state.params, updates)
        new_gpt_state = GPTState(params, state, opt_state, rng1)
        logs = {
            "scalar_loss": jax.device_get(loss)
        }
        return new_gpt_state, logs

    @functools.partial(jax.jit, static_argnums=0)
    def generate(self, gpt_state: GPTState, label: int):
        tokens = jnp.array([[label]], dtype=jnp.int32)
        output_len = self.seq_length - 1

        rng = gpt_state.rng
        params, state = gpt_state.params, gpt_state.state
        for _ in range(output_len):
            rng, rng1, rng2 = jax.random.split(rng, num=3)
            # y_pred shape 1 x N x (L + K)
            y_pred, state = self.apply(params, state, rng1, tokens, False)
            # next_token shape 1 x 1
            next_token = jnp.argmax(y_pred[:, -1], axis=-1, keepdims=True)
            next_token = jnp.clip(next_token, self.num_label_classes, None)
            # token shape 1 x (N+1)
            tokens = jnp.concatenate((tokens, next_token), axis=-1)
        # shape 1 x N
        tokens = tokens[:, 1:]
        # shape 1 x H x W
        tokens = jnp.reshape(tokens, self.decoder_input_shape)[None, ...]
        tokens = jnp.clip(tokens - self.num_label_classes, 0, None)
        return tokens
