# Source: https://github.com/HugoJacq/NIO_reconstruct/blob/b8548d99291d73b48a443a6126b20cb766a5426e/NN_attempts/From_LLMs/NN_solve/dissipation_NN.py
# Title: NN_attempts/From_LLMs/NN_solve/dissipation_NN.py (DissipationNet for near-inertial currents)
# Cut: Conv2D and LSTM kept as written but the LSTMCell gate code shortened; nothing else changed.
import jax
import jax.numpy as jnp
import equinox as eqx
from typing import List, Tuple


class Conv2D(eqx.Module):
    weight: jnp.ndarray
    bias: jnp.ndarray
    kernel_size: Tuple[int, int]
    stride: Tuple[int, int]
    padding: str

    def __init__(self, in_channels, out_channels, kernel_size, stride=(1, 1), padding='SAME', key=None):
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        wkey, bkey = jax.random.split(key)
        self.weight = jax.random.normal(wkey, (out_channels, in_channels, kernel_size[0], kernel_size[1])) * 0.02
        self.bias = jax.random.normal(bkey, (out_channels,)) * 0.02

    def __call__(self, x):
        return jax.lax.conv_general_dilated(
            x,
            self.weight,
            window_strides=self.stride,
            padding=self.padding
        ) + self.bias.reshape(1, -1, 1, 1)


class LSTM(eqx.Module):
    cells: List[eqx.Module]

    def __call__(self, inputs, initial_state=None):
        batch_size, seq_len, _ = inputs.shape
        if initial_state is None:
            initial_state = [(jnp.zeros((batch_size, cell.hidden_size)),
                             jnp.zeros((batch_size, cell.hidden_size)))
                             for cell in self.cells]

        # Process sequence step by step
        def scan_fn(carry, x):
            states = carry
            for i, cell in enumerate(self.cells):
                states[i] = cell(states[i], x)
                x = states[i][0]
            return states, x

        # Run over sequence
        states, outputs = jax.lax.scan(
            scan_fn,
            initial_state,
            jnp.transpose(inputs, (1, 0, 2))  # [seq_len, batch, features]
        )
        return outputs[-1], states


class DissipationNet(eqx.Module):
    conv1: Conv2D
    conv2: Conv2D
    lstm: LSTM
    fc1: eqx.nn.Linear
    fc2: eqx.nn.Linear
    fc_out: eqx.nn.Linear

    def __call__(self, x, u_mag):
        # x: [batch, channels, height, width, time]
        batch_size, C, H, W, T = x.shape

        # Process each timestep through CNN
        cnn_out = []
        for t in range(T):
            xt = x[:, :, :, :, t]  # [batch, C, H, W]
            xt = jax.nn.relu(self.conv1(xt))
            xt = jax.lax.reduce_window(xt, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), 'VALID')

            xt = jax.nn.relu(self.conv2(xt))
            xt = jnp.mean(xt, axis=(2, 3))  # Global average pooling
            cnn_out.append(xt)

        # Combine timesteps
        cnn_out = jnp.stack(cnn_out, axis=1)  # [batch, seq, features]

        # Process temporal dependencies
        lstm_out, _ = self.lstm(cnn_out)

        x = jax.nn.relu(self.fc1(lstm_out))
        x = jax.nn.relu(self.fc2(x))
        dissipation_factor = self.fc_out(x)

        u_mag_cubed = u_mag ** 3
        dissipation = jax.nn.softplus(dissipation_factor) * u_mag_cubed
        return dissipation
