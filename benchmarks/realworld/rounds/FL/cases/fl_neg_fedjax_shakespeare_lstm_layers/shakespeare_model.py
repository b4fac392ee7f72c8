# Source: https://github.com/relogu/fedjax_experiment/blob/aab6668d26782826a86a624457fecbdda1148b4e/fedjax_shakespeare_script.py
# Title: fedjax_shakespeare_script.py (FedJAX Shakespeare character LSTM, adapted from fedjax.models.shakespeare)
# Cut: kept create_rnn_model's forward_pass, train_loss and the haiku transform; the fedjax.Model wrapping, metrics and the training script dropped; the function returns the transformed forward pass.
import haiku as hk
import jax.numpy as jnp
from fedjax.core import metrics


def create_rnn_model(vocab_size: int = 80,
                     embed_size: int = 8,
                     lstm_hidden_size: int = 256,
                     lstm_num_layers: int = 2):# -> models.Model:
    """Creates LSTM RNN language model.

    Character-level LSTM for Shakespeare language model.
    Defaults to the model used in:

    Communication-Efficient Learning of Deep Networks from Decentralized Data
    H. Brendan McMahan, Eider Moore, Daniel Ramage,
    Seth Hampson, Blaise Aguera y Arcas. AISTATS 2017.
    https://arxiv.org/abs/1602.05629

    Args:
        vocab_size: The number of possible output characters. This does not include
          special tokens like PAD, BOS, EOS, or OOV.
        embed_size: Embedding size for each character.
        lstm_hidden_size: Hidden size for LSTM cells.
        lstm_num_layers: Number of LSTM layers.

    Returns:
        Model.
        """
    # TODO(jaero): Replace these with direct references from dataset.
    pad = 0
    bos = vocab_size + 1
    eos = vocab_size + 2
    oov = vocab_size + 3
    full_vocab_size = vocab_size + 4
    # We do not guess EOS, and if we guess OOV, it's treated as a mistake.
    logits_mask = [0. for _ in range(full_vocab_size)]
    for i in (pad, bos, eos, oov):
        logits_mask[i] = jnp.NINF
    logits_mask = tuple(logits_mask)

    def forward_pass(batch):
        x = batch['x']
        # [time_steps, batch_size, ...].
        x = jnp.transpose(x)
        # [time_steps, batch_size, embed_dim].
        embedding_layer = hk.Embed(full_vocab_size, embed_size)
        embeddings = embedding_layer(x)

        lstm_layers = []
        for _ in range(lstm_num_layers):
          lstm_layers.extend([hk.LSTM(hidden_size=lstm_hidden_size), jnp.tanh])
        rnn_core = hk.DeepRNN(lstm_layers)
        initial_state = rnn_core.initial_state(batch_size=embeddings.shape[1])
        # [time_steps, batch_size, hidden_size].
        output, _ = hk.dynamic_unroll(rnn_core, embeddings, initial_state)

        output = hk.Linear(full_vocab_size)(output[-1,:,:])
        # [batch_size, time_steps, full_vocab_size].
        #output = jnp.transpose(output, axes=(0, 1, 2))
        return output

    def train_loss(batch, preds):
        """Returns average token loss per sequence."""
        targets = batch['y']
        per_token_loss = metrics.unreduced_cross_entropy_loss(targets, preds)
        # Don't count padded values in loss.
        per_token_loss *= targets != pad
        return jnp.mean(per_token_loss, axis=-1)
    return transformed_forward_pass, train_loss, logits_mask
