# Source: https://github.com/NTT123/wavegru-vocoder/blob/78ff204c3b018c72a29e1c06e1e6ca7bedde6d66/wavegru.py
# Title: wavegru.py — WaveGRU.inference (autoregressive sampling)
# Cut: WaveGRU reduced to the inference method; constructor body, GRU and Upsample definitions removed (the jitted step and host loop are as written).
import jax
import jax.numpy as jnp
import pax
from tqdm.cli import tqdm


class WaveGRU(pax.Module):
    """
    WaveGRU vocoder model.
    """

    def __init__(self, embed, upsample, rnn, o1, o2):
        super().__init__()
        self.embed = embed
        self.upsample = upsample
        self.rnn = rnn
        self.o1 = o1
        self.o2 = o2

    def output(self, x):
        x = self.o1(x)
        x = jax.nn.relu(x)
        x = self.o2(x)
        return x

    def inference(self, mel, no_gru=False, seed=42):
        """
        generate waveform form melspectrogram
        """

        @jax.jit
        def step(rnn_state, mel, rng_key, x):
            x = self.embed(x)
            x = x + mel
            rnn_state, x = self.rnn(rnn_state, x)
            x = self.output(x)
            rng_key, next_rng_key = jax.random.split(rng_key, 2)
            x = jax.random.categorical(rng_key, x, axis=-1)
            return rnn_state, next_rng_key, x

        y = self.upsample(mel)
        if no_gru:
            return y
        x = jnp.array([127], dtype=jnp.int32)
        rnn_state = self.rnn.initial_state(1)
        output = []
        rng_key = jax.random.PRNGKey(seed)
        for i in tqdm(range(y.shape[1])):
            rnn_state, rng_key, x = step(rnn_state, y[:, i], rng_key, x)
            output.append(x)
        x = jnp.concatenate(output, axis=0)
        return x
