# Source: https://github.com/NTT123/TacotronS/blob/7e7da9c28222c5ffcfd0ed24ae6eaf4b56951d34/tacotron.py
# Title: TacotronS tacotron.py (Tacotron.inference, Tacotron.decode)
# Cut: constructor, encoder and decoder_step bodies dropped; inference (host loop around a jitted step
#      with an end-of-sequence early exit) and decode (pax.scan over mel frames, used in training) kept.
import jax
import jax.numpy as jnp
import pax


class Tacotron(pax.Module):
    def inference(self, text, seed=42, max_len=1000):
        """
        text to mel
        """
        text = self.encode_text(text)
        text_key = self.text_key_fc(text)
        N, L, D = text.shape
        assert N == 1
        mel = self.go_frame(N)

        @jax.jit
        def step(attn_state, decoder_rnn_states, rng_key, mel):
            attn_state, decoder_rnn_states, rng_key, x, _ = self.decoder_step(
                attn_state,
                decoder_rnn_states,
                rng_key,
                mel,
                text,
                text_key,
                call_pre_net=True,
            )
            x = self.output_fc(x)
            N, D2 = x.shape
            x = jnp.reshape(x, (N, self.max_rr, D2 // self.max_rr))
            x = x[:, : self.rr, :]
            x = jnp.reshape(x, (N, self.rr, -1))
            mel = x[..., :-1]
            eos_logit = x[..., -1]
            eos_pr = jax.nn.sigmoid(eos_logit[0, -1])
            rng_key, eos_rng_key = jax.random.split(rng_key)
            eos = jax.random.bernoulli(eos_rng_key, p=eos_pr)
            return attn_state, decoder_rnn_states, rng_key, (mel, eos)

        attn_state, decoder_rnn_states = self.decoder_initial_state(N, L)
        rng_key = jax.random.PRNGKey(seed)
        mels = []
        count = 0
        while True:
            count = count + 1
            attn_state, decoder_rnn_states, rng_key, (mel, eos) = step(
                attn_state, decoder_rnn_states, rng_key, mel
            )
            mels.append(mel)
            if eos.item() or count > max_len:
                break

            mel = mel[:, -1, :]

        mels = jnp.concatenate(mels, axis=1)
        mel = mel + self.post_net(mel)
        return mels

    def decode(self, mel, text):
        """
        Attention mechanism + Decoder
        """
        text_key = self.text_key_fc(text)

        def scan_fn(prev_states, inputs):
            attn_state, decoder_rnn_states = prev_states
            x, rng_key = inputs
            attn_state, decoder_rnn_states, _, output, attn_pr = self.decoder_step(
                attn_state, decoder_rnn_states, rng_key, x, text, text_key
            )
            states = (attn_state, decoder_rnn_states)
            return states, (output, attn_pr)

        N, L, D = text.shape
        decoder_states = self.decoder_initial_state(N, L)
        rng_keys = self.rng_seq.next_rng_key(mel.shape[1])
        rng_keys = jnp.stack(rng_keys, axis=1)
        decoder_states, (x, attn_log) = pax.scan(
            scan_fn,
            decoder_states,
            (mel, rng_keys),
            time_major=False,
        )
        self.attn_log = attn_log
        del decoder_states
        x = self.output_fc(x)

        N, T2, D2 = x.shape
        x = jnp.reshape(x, (N, T2, self.max_rr, D2 // self.max_rr))
        x = x[:, :, : self.rr, :]
        x = jnp.reshape(x, (N, T2 * self.rr, -1))
        mel = x[..., :-1]
        eos = x[..., -1]
        return mel, eos

    def __call__(self, mel: jnp.ndarray, text: jnp.ndarray):
        text = self.encode_text(text)
        mel = self.decoder_pre_net(mel)
        mel, eos = self.decode(mel, text)
        return mel, mel + self.post_net(mel), eos
