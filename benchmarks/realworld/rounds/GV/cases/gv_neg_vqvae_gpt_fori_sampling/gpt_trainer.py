# Source: https://github.com/andylolu2/jax-vqvae-gpt/blob/af017db7ab9f6673455e0c63bf158d52364a286b/trainers/gpt_trainer.py
# Title: jax-vqvae-gpt trainers/gpt_trainer.py, sampling VQ-VAE codes with a GPT prior
# Cut: VqVaeGPTTrainer reduced to generate(); constructor arguments set as attributes,
#      the haiku apply is passed in.
import functools

import jax
import jax.nn as nn
import jax.numpy as jnp


class VqVaeGPTTrainer:
    def __init__(self, apply, num_label_classes, num_classes, seq_length, decoder_input_shape):
        self.apply = apply
        self.num_label_classes = num_label_classes
        self.num_classes = num_classes
        self.seq_length = seq_length                  # H * W + 1 code positions
        self.decoder_input_shape = decoder_input_shape

    @functools.partial(jax.jit, static_argnums=0)
    def generate(self, gpt_state, rng, label: int, temp: float = 1):
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
        # shape 1 x H * W
        tokens = tokens[0, 1:]
        # shape 1 x H x W
        tokens = jnp.reshape(tokens, self.decoder_input_shape)[None, ...]
        tokens = tokens - self.num_label_classes
        return tokens, rng
