# Source: https://github.com/andylolu2/jax-vqvae-gpt/blob/af017db7ab9f6673455e0c63bf158d52364a286b/trainers/gpt_trainer.py
# Title: jax-vqvae-gpt trainers/gpt_trainer.py: GPT prior over VQ-VAE codes (later version)
# Cut: kept tokenize, loss, the jitted update and the jitted generate; dropped __init__/build,
#      initial_state, evaluate, checkpointing. GPTState/KeyArray are the project's own types.
import functools

import haiku as hk
import jax
import jax.nn as nn
import jax.numpy as jnp
import optax

from utils.annotations import GPTBatch, GPTState
from utils.losses import cross_entropy

KeyArray = jnp.ndarray


class VqVaeGPTTrainer:
    def tokenize(self, batch: GPTBatch):
        labels = batch["label"][..., None]
        vqvae_tokens = batch["encoding_indices"]
        vqvae_tokens = vqvae_tokens.reshape((vqvae_tokens.shape[0], -1))
        vqvae_tokens += self.num_label_classes
        tokens = jnp.concatenate((labels, vqvae_tokens), axis=-1)
        return tokens

    def loss(self, params: hk.Params, state: hk.State, rng, tokens, is_training: bool):
        y = nn.one_hot(tokens, self.num_classes)
        y_pred, state = self.apply(params, state, rng, tokens, is_training)
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
        updates, opt_state = self.optimizer.update(
            grads, gpt_state.opt_state, gpt_state.params
        )
        params = optax.apply_updates(gpt_state.params, updates)

        new_gpt_state = GPTState(params, state, opt_state, rng1)
        logs = {"scalar_loss": jax.device_get(loss)}
        return new_gpt_state, logs

    @functools.partial(jax.jit, static_argnums=0)
    def generate(self, gpt_state: GPTState, rng: KeyArray, label: int, temp: float = 1):
        output_len = self.seq_length - 1
        padded_tokens = [[label] + [0] * output_len]
        tokens = jnp.array(padded_tokens, dtype=jnp.int32)

        def body_fun(i, val):
            # token shape 1 x (W * H + 1)
            tokens, gpt_state, rng = val

            y_pred, _ = self.apply(
                gpt_state.params, gpt_state.state, None, tokens, False
            )
            probs = (y_pred[0, i, :] / temp)[self.num_label_classes :]
            probs = nn.softmax(probs)

            vqvae_tokens = jnp.arange(
                self.num_label_classes, self.num_classes, dtype=jnp.int32
            )
            rng, rng1 = jax.random.split(rng)
            next_token = jax.random.choice(rng1, vqvae_tokens, p=probs)
            tokens = tokens.at[0, i + 1].set(next_token)

            return (tokens, gpt_state, rng)

        # token shape 1 x (H * W + 1)
        tokens, _, rng = jax.lax.fori_loop(
            0, output_len, body_fun, (tokens, gpt_state, rng)
        )
        tokens = tokens[0, 1:]
        tokens = jnp.reshape(tokens, self.decoder_input_shape)[None, ...]
        tokens = tokens - self.num_label_classes
        return tokens, rng
