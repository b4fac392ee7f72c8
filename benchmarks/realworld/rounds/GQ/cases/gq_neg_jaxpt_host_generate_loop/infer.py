# Source: https://github.com/novastar53/jaxpt/blob/9105e9f8c9c1eaf9c913d00bfac2d6a6fbcd3012/src/jaxpt/infer.py
# Title: jaxpt src/jaxpt/infer.py (sampling completions from a flax nnx GPT)
# Cut: top_k_sampling helper and the fast variant cut; _generate_step and generate_completion_slow kept
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import tiktoken


@nnx.jit
def _generate_step(m, x, attn_mask, temperature, key):
    logits = m(x, mask=attn_mask) / temperature
    x_new = logits[:, -1, :]
    top_k_vals, top_k_indices = jax.lax.top_k(x_new, 50)
    key, subkey = jax.random.split(key)
    top_k_logit_idxs = jax.random.categorical(subkey, top_k_vals)
    top_k_logit_idxs = top_k_logit_idxs[..., None]
    sample_idxs = jnp.take_along_axis(top_k_indices, top_k_logit_idxs, axis=-1)
    return sample_idxs, key


def generate_completion_slow(
    model,
    enc=None,
    prefix="Hello, I'm a language model,",
    attn_mask: jax.Array | None = None,
    num_completions=8,
    max_length=20,
    temperature=0.2,
    key=None,
):
    if enc is None:
        enc = tiktoken.get_encoding("gpt2")
    if key is None:
        key = jax.random.PRNGKey(1337)

    tokens = enc.encode(prefix)
    tokens = jnp.array(tokens, dtype=jnp.int32)
    tokens = jnp.expand_dims(tokens, axis=0)
    x = jnp.tile(tokens, (num_completions, 1))
    while x.shape[1] < max_length:
        x_next, key = _generate_step(model, x, attn_mask, temperature, key)
        x = jnp.concatenate((x, x_next), axis=1)
        if attn_mask:
            attn_mask = jnp.concatenate(
                (attn_mask, jnp.ones((attn_mask.shape[0], 1), dtype=jnp.bool)),
                axis=1,
            )
    output = []
    for i in range(num_completions):
        tokens = x[i, :max_length].tolist()
        decoded = enc.decode(tokens)
        output.append(decoded)
    return output
