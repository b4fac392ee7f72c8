# Source: https://github.com/kevinlmf/Inventory_Optimizer_System/blob/80521cf57f18bc2fd474fcd6af14b7497fdd3ec9/src/methods/ml_methods/lstm.py
# Title: Inventory_Optimizer_System src/methods/ml_methods/lstm.py (LSTM demand forecasting in flax)
# Cut: LSTMCell, BasicLSTM and the recurrent part of AttentionLSTM kept; attention helper shortened; docstrings trimmed
import jax.numpy as jnp
import flax.linen as nn


class LSTMCell(nn.Module):
    """LSTM Cell implementation in Flax"""

    features: int

    @nn.compact
    def __call__(self, carry, inputs):
        h, c = carry
        combined = jnp.concatenate([inputs, h], axis=-1)
        gates = nn.Dense(4 * self.features)(combined)
        forget_gate = nn.sigmoid(gates[..., :self.features])
        input_gate = nn.sigmoid(gates[..., self.features:2*self.features])
        cell_gate = nn.tanh(gates[..., 2*self.features:3*self.features])
        output_gate = nn.sigmoid(gates[..., 3*self.features:])
        new_c = forget_gate * c + input_gate * cell_gate
        new_h = output_gate * nn.tanh(new_c)
        return (new_h, new_c), new_h


class BasicLSTM(nn.Module):
    """Basic LSTM network for demand forecasting"""

    hidden_size: int = 64
    num_layers: int = 2
    dropout_rate: float = 0.1
    output_size: int = 1

    def setup(self):
        self.lstm_layers = [LSTMCell(self.hidden_size) for _ in range(self.num_layers)]
        self.dropout = nn.Dropout(self.dropout_rate)
        self.output_layer = nn.Dense(self.output_size)

    def __call__(self, x, training=False):
        batch_size, seq_len, input_size = x.shape

        # Initialize carry states for all layers
        carry_states = []
        for _ in range(self.num_layers):
            h = jnp.zeros((batch_size, self.hidden_size))
            c = jnp.zeros((batch_size, self.hidden_size))
            carry_states.append((h, c))

        # Process sequence
        outputs = []
        for t in range(seq_len):
            layer_input = x[:, t, :]

            for i, lstm_layer in enumerate(self.lstm_layers):
                carry_states[i], layer_output = lstm_layer(carry_states[i], layer_input)
                layer_input = self.dropout(layer_output, deterministic=not training)

            outputs.append(layer_output)

        # Use last output for prediction
        final_output = outputs[-1]
        prediction = self.output_layer(final_output)

        return prediction


class AttentionLSTM(nn.Module):
    """LSTM with attention mechanism for demand forecasting"""

    hidden_size: int = 64
    num_layers: int = 2
    dropout_rate: float = 0.1
    output_size: int = 1
    attention_dim: int = 32

    def setup(self):
        self.lstm_layers = [LSTMCell(self.hidden_size) for _ in range(self.num_layers)]
        self.dropout = nn.Dropout(self.dropout_rate)
        self.attention_v = nn.Dense(1)
        self.output_layer = nn.Dense(self.output_size)

    def __call__(self, x, training=False):
        batch_size, seq_len, input_size = x.shape

        carry_states = []
        for _ in range(self.num_layers):
            h = jnp.zeros((batch_size, self.hidden_size))
            c = jnp.zeros((batch_size, self.hidden_size))
            carry_states.append((h, c))

        # Collect all hidden states
        hidden_states = []

        for t in range(seq_len):
            layer_input = x[:, t, :]

            for i, lstm_layer in enumerate(self.lstm_layers):
                carry_states[i], layer_output = lstm_layer(carry_states[i], layer_input)
                layer_input = self.dropout(layer_output, deterministic=not training)

            hidden_states.append(layer_output)

        # Stack hidden states: [batch_size, seq_len, hidden_size]
        hidden_states = jnp.stack(hidden_states, axis=1)

        scores = self.attention_v(nn.tanh(hidden_states)).squeeze(-1)
        attention_scores = nn.softmax(scores, axis=1)
        context_vector = jnp.sum(attention_scores[:, :, None] * hidden_states, axis=1)
        prediction = self.output_layer(context_vector)

        return prediction, attention_scores
