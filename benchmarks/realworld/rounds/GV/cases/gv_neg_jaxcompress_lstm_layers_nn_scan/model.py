# Source: https://github.com/byronknoll/jax-compress/blob/77adbc581eb0819a77e47c50ff6ed8ece338e60c/jax_compress.ipynb
# Title: jax-compress notebook, cell "Model Architecture" (LSTM model for neural lossless compression)
# Cut: cell converted to a module; dropout and the return_sequence branch shortened.
from typing import Any

import flax.linen as nn
import jax.numpy as jnp


class LSTMModel(nn.Module):
  vocab_size: int
  embedding_size: int
  rnn_units: int
  num_layers: int
  dropout_rate: float = 0.0
  dtype: Any = jnp.float32

  @nn.compact
  def __call__(self, inputs, states, deterministic=True, return_sequence=False):
    # Embed the inputs
    x = nn.Embed(num_embeddings=self.vocab_size, features=self.embedding_size, dtype=self.dtype)(inputs)
    x = nn.Dropout(rate=self.dropout_rate, deterministic=deterministic)(x)
    # x shape: (batch, seq, embed)

    # Transpose for scanning over the time dimension: (seq, batch, embed)
    embedding_t = jnp.transpose(x, (1, 0, 2))

    new_states = []
    layer_outputs = [] # To store (seq, batch, units) outputs for each layer

    curr_input = embedding_t

    # Create the Scanned LSTM Cell Class
    # We scan over axis 0 of the input (time dimension)
    LSTMScan = nn.scan(nn.LSTMCell,
                       variable_broadcast="params",
                       split_rngs={"params": False},
                       in_axes=0, out_axes=0)

    for i in range(self.num_layers):
      # Instantiate the scanned LSTM layer
      lstm_scan = LSTMScan(self.rnn_units, dtype=self.dtype)

      carry = states[i] # (c, h)

      # Run the scan over the complete sequence
      new_carry, outputs = lstm_scan(carry, curr_input)

      # Apply dropout on the layer outputs, except for the last layer
      if i < self.num_layers - 1:
          outputs = nn.Dropout(rate=self.dropout_rate, deterministic=deterministic)(outputs)

      new_states.append(new_carry)
      layer_outputs.append(outputs)

      # Next layer input: Concatenate the embedding with the previous layer's output
      if i < self.num_layers - 1:
          curr_input = jnp.concatenate([embedding_t, outputs], axis=-1)

    # Take the final timestep of each layer.
    last_timesteps = [out[-1] for out in layer_outputs]
    if self.num_layers == 1:
      final_rep = last_timesteps[0]
    else:
      final_rep = jnp.concatenate(last_timesteps, axis=-1)

    logits = nn.Dense(self.vocab_size, name='dense_logits', dtype=self.dtype)(final_rep)
    logits = logits.astype(jnp.float32)
    return logits, new_states
