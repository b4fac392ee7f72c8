# Source: https://github.com/probml/probml-notebooks/blob/4c0da5e918930e02de5f3e78278c90efe5688b66/notebooks-d2l/rnn_sentiment_jax.ipynb
# Title: notebooks-d2l/rnn_sentiment_jax.ipynb (d2l 15.2: sentiment analysis with a bidirectional LSTM, Flax)
# Cut: code cells converted to a module; downloading, vocabulary, embedding loading, plotting and evaluation
#      trimmed; padding preprocessing, the scanned BiLSTM model and the jitted train step kept
#      (`tokenize`, `Vocab`, `read_imdb`, `download_extract` and `compute_metrics` come from other cells).
import functools

import numpy as np

import jax
import jax.numpy as jnp
from flax import linen as nn
import optax
from d2l_text import tokenize, Vocab, read_imdb, download_extract, compute_metrics


def truncate_pad(line, num_steps, padding_token):
    """Truncate or pad sequences."""
    if len(line) > num_steps:
        return line[:num_steps]  # Truncate
    return line + [padding_token] * (num_steps - len(line))


def load_data_imdb(num_steps=500):
    data_dir = download_extract('aclImdb', 'aclImdb')
    train_data = read_imdb(data_dir, True)
    test_data = read_imdb(data_dir, False)
    train_tokens = tokenize(train_data[0], token='word')
    test_tokens = tokenize(test_data[0], token='word')
    vocab = Vocab(train_tokens, min_freq=5)
    train_features = jnp.asarray([
        truncate_pad(vocab[line], num_steps, vocab['<pad>'])
        for line in train_tokens])
    test_features = jnp.asarray([
        truncate_pad(vocab[line], num_steps, vocab['<pad>'])
        for line in test_tokens])
    train_labels = jnp.asarray(train_data[1])
    test_labels = jnp.asarray(test_data[1])
    train_ds = {
        'text': train_features,
        'label': train_labels
    }
    test_ds = {
        'text': test_features,
        'label': test_labels
    }

    return train_ds, test_ds, vocab


class SimpleLSTM(nn.Module):
  """A simple unidirectional LSTM."""

  @functools.partial(
      nn.transforms.scan,
      variable_broadcast='params',
      in_axes=1, out_axes=1,
      split_rngs={'params': False})
  @nn.compact
  def __call__(self, carry, x):
    return nn.OptimizedLSTMCell()(carry, x)

  @staticmethod
  def initialize_carry(batch_dims, hidden_size):
    # Use fixed random key since default state init fn is just zeros.
    return nn.OptimizedLSTMCell.initialize_carry(
        jax.random.PRNGKey(0), batch_dims, hidden_size)


class SimpleBiLSTM(nn.Module):
  """A simple bi-directional LSTM."""
  hidden_size: int

  def setup(self):
    self.forward_lstm = SimpleLSTM()
    self.backward_lstm = SimpleLSTM()

  def __call__(self, embedded_inputs):
    batch_size = embedded_inputs.shape[0]

    # Forward LSTM.
    initial_state = SimpleLSTM.initialize_carry((batch_size,), self.hidden_size)
    _, forward_outputs = self.forward_lstm(initial_state, embedded_inputs)

    # Backward LSTM.
    reversed_inputs = jnp.flip(embedded_inputs, axis=1)
    initial_state = SimpleLSTM.initialize_carry((batch_size,), self.hidden_size)
    _, backward_outputs = self.backward_lstm(initial_state, reversed_inputs)
    backward_outputs = jnp.flip(backward_outputs, axis=1)

    # Concatenate the forward and backward representations.
    outputs = jnp.concatenate([forward_outputs, backward_outputs], -1)
    return outputs


class BiRNN(nn.Module):
    vocab_size: int
    embed_size: int
    num_hiddens: int
    num_layers: int
    embeds: jnp.array
    
    def setup(self):
        self.embedding = nn.Embed(self.vocab_size, self.embed_size,
                                  embedding_init = lambda *_: self.embeds)
        self.encoder = nn.Sequential(
            [SimpleBiLSTM(self.num_hiddens) for _ in range(self.num_layers)])
        self.decoder = nn.Dense(2)

    def __call__(self, inputs):
        batch_size, num_words = inputs.shape
        # The shape of `inputs` is (batch size, no. of words). The output
        # shape is (batch size, no. of words, word vector dimension).
        embeddings = self.embedding(inputs)
        assert embeddings.shape == (batch_size, num_words, self.embed_size)

        # We only use the hidden states of the last hidden layer
        # at different time step (outputs). The shape of `outputs` is
        # (batch size, no. of words, 2 * no. of hidden units).
        # self.encoder.flatten_parameters()
        outputs = self.encoder(embeddings)
        assert outputs.shape == (batch_size, num_words, 2*self.num_hiddens)

        # Concatenate the hidden states of the initial time step and final
        # time step to use as the input of the fully connected layer. Its
        # shape is (batch size, 4 * no. of hidden units)
        encoding = jnp.concatenate((outputs[:, 0, :], outputs[:, -1, :]), axis=1)
        assert encoding.shape == (batch_size, 4*self.num_hiddens)

        outs = self.decoder(encoding)
        assert outs.shape == (batch_size, 2)

        return outs


@jax.jit
def train_step(state, batch):
    """Train for a single step."""
    def loss_fn(params):
        logits = BiRNN().apply({'params': params}, batch['text'])
        one_hot = jax.nn.one_hot(batch['label'], num_classes=2)
        loss = jnp.sum(optax.softmax_cross_entropy(logits=logits, labels=one_hot))
        return loss, logits
    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (_, logits), grads = grad_fn(state.params)
    grads = grads.copy({'embedding': {'embedding': 0}}) # don't update this layer
    state = state.apply_gradients(grads=grads)
    metrics = compute_metrics(logits=logits, labels=batch['label'])
    return state, metrics


@jax.jit
def eval_step(params, batch):
    logits = BiRNN().apply({'params': params}, batch['text'])
    return compute_metrics(logits=logits, labels=batch['label'])


def train_epoch(state, train_ds, batch_size, epoch, rng, animator):
    """Train for a single epoch."""
    train_ds_size = len(train_ds['text'])
    steps_per_epoch = train_ds_size // batch_size

    perms = jax.random.permutation(rng, train_ds_size)
    perms = perms[:steps_per_epoch * batch_size]  # skip incomplete batch
    perms = perms.reshape((steps_per_epoch, batch_size))
    batch_metrics = []
    for perm in perms:
        batch = {k: v[perm, ...] for k, v in train_ds.items()}
        state, metrics = train_step(state, batch)
        batch_metrics.append(metrics)

    # compute mean of metrics across each batch in epoch.
    batch_metrics_np = jax.device_get(batch_metrics)
    epoch_metrics_np = {
        k: np.mean([metrics[k] for metrics in batch_metrics_np])
        for k in batch_metrics_np[0]}

    animator.add(epoch, (epoch_metrics_np['loss'], epoch_metrics_np['accuracy'], None))
    print('train epoch: %d, loss: %.4f, accuracy: %.2f' % (
          epoch, epoch_metrics_np['loss'], epoch_metrics_np['accuracy'] * 100))

    return state


def eval_model(params, test_ds, batch_size):
    # Evaluate in batch to avoid taking too much RAM
    test_ds_size = len(test_ds['text'])
    steps_per_epoch = test_ds_size // batch_size

    perms = jax.random.permutation(rng, test_ds_size)
    perms = perms[:steps_per_epoch * batch_size]  # skip incomplete batch
    perms = perms.reshape((steps_per_epoch, batch_size))
    batch_metrics = []
    for perm in perms:
        batch = {k: v[perm, ...] for k, v in test_ds.items()}
        metrics = eval_step(params, batch)
        batch_metrics.append(metrics)

    # compute mean of metrics across each batch in epoch.
    batch_metrics_np = jax.device_get(batch_metrics)
    epoch_metrics_np = {
        k: np.mean([metrics[k] for metrics in batch_metrics_np])
        for k in batch_metrics_np[0]}

    return epoch_metrics_np['loss'], epoch_metrics_np['accuracy']
