# Source: https://github.com/d2l-ai/d2l-en/blob/23d7a5aecceee57d1292c56e90cce307f183bb0a/d2l/jax.py
# Title: d2l-en, d2l/jax.py (the book's saved JAX library)
# Cut: only Classifier.training_step, EncoderDecoder.__call__ and the jitted Seq2Seq.loss, which differentiate and trace the decoder of decoder.py
from functools import partial

import jax
import optax
from flax import linen as nn
from d2l import jax as d2l


class Classifier(d2l.Module):
    """The base class of classification models."""
    def training_step(self, params, batch, state):
        # Here value is a tuple since models with BatchNorm layers require
        # the loss to return auxiliary data
        value, grads = jax.value_and_grad(
            self.loss, has_aux=True)(params, batch[:-1], batch[-1], state)
        l, _ = value
        self.plot("loss", l, train=True)
        return value, grads


class EncoderDecoder(Classifier):
    """The base class for the encoder--decoder architecture."""
    encoder: nn.Module
    decoder: nn.Module
    training: bool

    def __call__(self, enc_X, dec_X, *args):
        enc_all_outputs = self.encoder(enc_X, *args, training=self.training)
        dec_state = self.decoder.init_state(enc_all_outputs, *args)
        # Return decoder output only
        return self.decoder(dec_X, dec_state, training=self.training)[0]


class Seq2Seq(EncoderDecoder):
    """The RNN encoder--decoder for sequence to sequence learning."""
    encoder: nn.Module
    decoder: nn.Module
    tgt_pad: int
    lr: float

    @partial(jax.jit, static_argnums=(0, 5))
    def loss(self, params, X, Y, state, averaged=False):
        Y_hat = state.apply_fn({'params': params}, *X,
                               rngs={'dropout': state.dropout_rng})
        Y_hat = d2l.reshape(Y_hat, (-1, Y_hat.shape[-1]))
        Y = d2l.reshape(Y, (-1,))
        fn = optax.softmax_cross_entropy_with_integer_labels
        l = fn(Y_hat, Y)
        mask = d2l.astype(d2l.reshape(Y, -1) != self.tgt_pad, d2l.float32)
        return d2l.reduce_sum(l * mask) / d2l.reduce_sum(mask), {}
