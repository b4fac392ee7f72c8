# Source: https://github.com/dieterichlawson/prompt-inference/blob/2b4f45f4ff45154038298f01d0b9a7da22046d34/lm.py
# Title: prompt-inference: lm.py (HMMLanguageModel, the bigram "true" model)
# Cut: kept HMMLanguageModel verbatim; dropped RNNLanguageModel and the pretraining code
import functools
import jax
import jax.numpy as jnp
import equinox as eqx
import tensorflow_probability.substrates.jax as tfp
tfd = tfp.distributions


class HMMLanguageModel(eqx.Module):

  M: jnp.ndarray
  p0: jnp.ndarray
  vocab_size: int = eqx.static_field()

  def __init__(self, key, vocab_size: int, M=None):
    self.vocab_size = vocab_size
    if M is None:
      self.M = jax.random.normal(key, (vocab_size, vocab_size))
    else:
      self.M = M
    self.p0 = jnp.zeros((vocab_size,), dtype=jnp.float32)

  def log_prob(self, tokens):
    assert tokens.ndim == 1
    # [num_tokens]
    inputs = tokens[:-1]
    targets = tokens[1:]
    # [num_tokens, vocab_size]
    logits = self.M[inputs]
    # [num_tokens, vocab_size]
    all_log_probs = jax.nn.log_softmax(logits, axis=1)
    # [num_tokens]
    token_log_probs = jax.vmap(lambda lp, t: lp[t])(all_log_probs, targets)
    p0_log_prob = tfd.Categorical(logits=self.p0).log_prob(tokens[0])
    return jnp.sum(token_log_probs) + p0_log_prob

  def sample_and_log_prob(self, key, num_new_tokens, prefix=None):
    if prefix is not None:
      init_input = prefix[-1]
      init_lp = jnp.array(0.)
    else:
      p0_dist = tfd.Categorical(logits=self.p0)
      key, subkey = jax.random.split(key)
      init_input = p0_dist.sample(seed=subkey)
      init_lp = p0_dist.log_prob(init_input)

    def scan_body(carry, _):
      prev_sample, lp, key = carry
      logits = self.M[prev_sample]
      out_dist = tfd.Categorical(logits=logits)
      key, subkey = jax.random.split(key)
      out_tok = out_dist.sample(seed=subkey)
      out_tok_lp = out_dist.log_prob(out_tok)
      return (out_tok, lp + out_tok_lp, key), out_tok

    out_carry, samples = jax.lax.scan(
        scan_body,
        (init_input, init_lp, key),
        xs=None,
        length=num_new_tokens-1)

    samples = jnp.concatenate([init_input[jnp.newaxis], samples], axis=0)
    return samples, out_carry[1]
