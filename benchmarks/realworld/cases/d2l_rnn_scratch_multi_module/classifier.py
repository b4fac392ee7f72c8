# Source: https://github.com/d2l-ai/d2l-en/blob/23d7a5aecceee57d1292c56e90cce307f183bb0a/chapter_recurrent-neural-networks/rnn-scratch.md
# Title: Dive into Deep Learning 9.5 "Recurrent Neural Network Implementation from Scratch" (JAX tab) + d2l.Classifier (JAX)
# Cut: kept RNNScratch, RNNLMScratch.one_hot/output_layer/forward (the chapter's d2l.add_to_class cells
#      written as methods, forward as __call__) and d2l.Classifier's jitted loss and training_step (as
#      functions in classifier.py, where the d2l package keeps them apart from the chapter); plotting and
#      gradient clipping are dropped.
from functools import partial

import jax
import optax
from d2l import jax as d2l

from rnn_scratch import RNNScratch, RNNLMScratch


@partial(jax.jit, static_argnums=(0, 5))
def loss(self, params, X, Y, state, averaged=True):
    Y_hat = state.apply_fn({'params': params}, *X,
                           mutable=False, rngs=None)
    Y_hat = d2l.reshape(Y_hat, (-1, Y_hat.shape[-1]))
    Y = d2l.reshape(Y, (-1,))
    fn = optax.softmax_cross_entropy_with_integer_labels
    return (fn(Y_hat, Y).mean(), {}) if averaged else (fn(Y_hat, Y), {})


def training_step(self, params, batch, state):
    value, grads = jax.value_and_grad(
        loss, argnums=1, has_aux=True)(self, params, batch[:-1], batch[-1], state)
    return value, grads


data = d2l.TimeMachine(batch_size=1024, num_steps=32)
rnn = RNNScratch(num_inputs=len(data.vocab), num_hiddens=32)
model = RNNLMScratch(rnn, vocab_size=len(data.vocab))
