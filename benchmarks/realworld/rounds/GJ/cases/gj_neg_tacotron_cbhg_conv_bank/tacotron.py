# Source: https://github.com/NTT123/TacotronS/blob/7e7da9c28222c5ffcfd0ed24ae6eaf4b56951d34/tacotron.py
# Title: TacotronS tacotron.py (conv_block, BiGRU, CBHG)
# Cut: kept conv_block, HighwayBlock, BiGRU and CBHG verbatim; PreNet and the Tacotron model dropped
#      (Tacotron.encode_text calls self.encoder_cbhg(x, text_mask) inside the jitted, differentiated train step).

import jax
import jax.numpy as jnp
import pax


def conv_block(in_ft, out_ft, kernel_size, activation_fn, use_dropout):
    """
    Conv >> LayerNorm >> activation >> Dropout
    """
    f = pax.Sequential(
        pax.Conv1D(in_ft, out_ft, kernel_size, with_bias=False),
        pax.LayerNorm(out_ft, -1, True, True),
    )
    if activation_fn is not None:
        f >>= activation_fn
    if use_dropout:
        f >>= pax.Dropout(0.5)
    return f


class HighwayBlock(pax.Module):
    """
    Highway block
    """

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.dim = dim
        self.fc = pax.Linear(dim, 2 * dim)

    def __call__(self, x: jnp.ndarray) -> jnp.ndarray:
        t, h = jnp.split(self.fc(x), 2, axis=-1)
        t = jax.nn.sigmoid(t - 1.0)  # bias toward keeping x
        h = jax.nn.relu(h)
        x = x * (1.0 - t) + h * t
        return x


class BiGRU(pax.Module):
    """
    Bidirectional GRU
    """

    def __init__(self, dim):
        super().__init__()

        self.rnn_fwd = pax.GRU(dim, dim)
        self.rnn_bwd = pax.GRU(dim, dim)

    def __call__(self, x, reset_masks):
        N = x.shape[0]
        x_fwd = x
        x_bwd = jnp.flip(x, axis=1)
        x_fwd_states = self.rnn_fwd.initial_state(N)
        x_bwd_states = self.rnn_bwd.initial_state(N)
        x_fwd_states, x_fwd = pax.scan(
            self.rnn_fwd, x_fwd_states, x_fwd, time_major=False
        )

        reset_masks = jnp.flip(reset_masks, axis=1)
        x_bwd_states0 = x_bwd_states

        def rnn_reset_core(prev, inputs):
            x, reset_mask = inputs

            def reset_state(x0, xt):
                return jnp.where(reset_mask, x0, xt)

            state, _ = self.rnn_bwd(prev, x)
            state = jax.tree_map(reset_state, x_bwd_states0, state)
            return state, state.hidden

        x_bwd_states, x_bwd = pax.scan(
            rnn_reset_core, x_bwd_states, (x_bwd, reset_masks), time_major=False
        )
        x_bwd = jnp.flip(x_bwd, axis=1)
        x = jnp.concatenate((x_fwd, x_bwd), axis=-1)
        return x


class CBHG(pax.Module):
    """
    Conv Bank >> Highway net >> GRU
    """

    def __init__(self, dim):
        super().__init__()
        self.convs = [conv_block(dim, dim, i, jax.nn.relu, False) for i in range(1, 17)]
        self.conv_projection_1 = conv_block(16 * dim, dim, 3, jax.nn.relu, False)
        self.conv_projection_2 = conv_block(dim, dim, 3, None, False)

        self.highway = pax.Sequential(
            HighwayBlock(dim), HighwayBlock(dim), HighwayBlock(dim), HighwayBlock(dim)
        )
        self.rnn = BiGRU(dim)

    def __call__(self, x, x_mask):
        conv_input = x * x_mask
        fts = [f(conv_input) for f in self.convs]
        residual = jnp.concatenate(fts, axis=-1)
        residual = pax.max_pool(residual, 2, 1, "SAME", -1)
        residual = self.conv_projection_1(residual * x_mask)
        residual = self.conv_projection_2(residual * x_mask)
        x = x + residual
        x = self.highway(x)
        x = self.rnn(x * x_mask, reset_masks=1 - x_mask)
        return x * x_mask


