# Source: https://github.com/crispitagorico/summer_school/blob/05a702092fc78f6c2f4a5024845e80bbc875459f/transformers_jax.ipynb
# Title: transformers_jax.ipynb (predict_seq2seq)
# Cut: converted cell 43 (jitted eval_encoder/eval_decoder and the host-side greedy predict_seq2seq) to a .py; Transformer/EncoderDecoder/truncate_pad are defined in earlier cells and imported here.
import jax
import jax.numpy as jnp
from transformers_jax_cells import Transformer, EncoderDecoder, truncate_pad

# %% cell 43
@jax.jit
def eval_encoder(state, enc_X, enc_valid_len):
    return Transformer().apply(
        {"params": state.params}, enc_X, enc_valid_len, train=False, method=EncoderDecoder.encode
    )


@jax.jit
def eval_decoder(state, dec_X, dec_state):
    return Transformer().apply({"params": state.params}, dec_X, dec_state, train=False, method=EncoderDecoder.decode)


def predict_seq2seq(state, src_sentence, src_vocab, tgt_vocab, num_steps, save_attention_weights=False):
    """Predict for sequence to sequence."""

    src_tokens = src_vocab[src_sentence.lower().split(" ")] + [src_vocab["<eos>"]]
    enc_valid_len = jnp.array([len(src_tokens)])
    src_tokens = truncate_pad(src_tokens, num_steps, src_vocab["<pad>"])

    # Add the batch axis
    enc_X = jnp.expand_dims(jnp.array(src_tokens, dtype=jnp.int64), axis=0)
    enc_outputs, encoder_attention_weights = eval_encoder(state, enc_X, enc_valid_len)
    dec_state = Transformer().decoder.init_state(enc_outputs, enc_valid_len)

    # Add the batch axis
    dec_X = jnp.expand_dims(jnp.array([tgt_vocab["<bos>"]], dtype=jnp.int64), axis=0)

    output_seq, attention_weight_seq = [], []
    for _ in range(num_steps):
        Y, dec_state, decoder_attention_weights = eval_decoder(state, dec_X, dec_state)

        # We use the token with the highest prediction likelihood as the input
        # of the decoder at the next time step
        dec_X = Y.argmax(axis=2)

        pred = dec_X.squeeze(axis=0)

        # Save attention weights (to be covered later)
        if save_attention_weights:
            attention_weight_seq.append(decoder_attention_weights)
        # Once the end-of-sequence token is predicted, the generation of the
        # output sequence is complete
        if pred.item() == tgt_vocab["<eos>"]:
            break
        output_seq.append(int(pred.item()))

    return " ".join(tgt_vocab.to_tokens(output_seq)), attention_weight_seq, encoder_attention_weights
