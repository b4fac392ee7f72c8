# Source: https://github.com/ammar1510/ReLax/blob/d2e966cbbe120c2a31625367aaf07c247ca7a508/generate.py
# Title: ReLax: generate.py (Llama text generation with KVCache)
# Cut: kept imports and generate() verbatim; cut main()
import fire
import jax
import jax.numpy as jnp
from jax import random, jit
from functools import partial
import time
import dataclasses
import numpy as np

from models.llama.model import LLaMa
from models.llama.config import ModelConfig
from models.llama.load import load_llama_weights
from models.llama.tokenizer import Tokenizer
from utils.kvcache import KVCache
from sampling import TopPSampler
from utils.memory import estimate_pytree_memory_footprint, format_bytes



def generate(
    model: LLaMa,
    params,
    tokenizer: Tokenizer,
    prompt: str,
    max_gen_len: int,
    temperature: float,
    top_p: float,
    rng_key: jax.random.PRNGKey,
):
    """
    JAX-based text generation function.
    """
    # 1. Initialize sampler and KVCache
    sampler = TopPSampler(p=top_p, temperature=temperature)
    kv_cache = KVCache.new(
        n_layers=model.args.n_layers,
        bsz=1,
        max_seqlen=model.args.max_seqlen,
        kv_heads=model.args.n_kv_heads,
        head_dim=model.args.head_dim,
        dtype=model.args.dtype,
    )
    print(f"KVCache size: {format_bytes(estimate_pytree_memory_footprint(kv_cache))}")

    # 2. Define and JIT-compile the model step function for performance
    @partial(jit, static_argnames=['model'])
    def _model_step(model, params, tokens, kv_cache, start_pos):
        logits, updated_kv_cache = model.apply(
            {'params': params},
            tokens,
            start_pos=start_pos,
            kv_cache=kv_cache
        )
        return logits[:, -1, :], updated_kv_cache

    # 3. Encode prompt and pre-fill KV cache
    prompt_tokens = tokenizer.encode(prompt, bos=False, eos=False, allowed_special="all")
    tokens = jnp.array([prompt_tokens], dtype=jnp.int32)
    current_pos = 0
    generated_tokens = list(prompt_tokens)

    for _ in range(max_gen_len):

        logits, kv_cache = _model_step(model, params, tokens, kv_cache, current_pos)
        current_pos += tokens.shape[1]

        rng_key, sample_key = random.split(rng_key)
        next_token = sampler.sample(logits, sample_key)
        generated_tokens.append(next_token.item())
        tokens = next_token[:,None]
        if next_token == tokenizer.eot_id:
            break

    return tokenizer.decode(generated_tokens)
