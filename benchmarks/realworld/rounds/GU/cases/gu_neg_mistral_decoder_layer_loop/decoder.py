# Source: https://github.com/yixiaoer/mistral-jax/blob/115d240fce8ae5929a89e72f445199b06228f256/mistral/model/decoder.py
# Title: mistral-jax: mistral/model/decoder.py (forward_decoder over the 32 decoder blocks)
# Cut: kept imports and forward_decoder verbatim; relative imports made absolute; cut param conversion/sharding helpers
from jax import Array

from mistral.model.decoder_block import DecoderBlockParams, forward_decoder_block
from mistral.model.kvcache import KVCache
from mistral.model.rotary_embedding import RotaryValues

DecoderParams = list[DecoderBlockParams]

def forward_decoder(params: DecoderParams, seq: Array, qk_mask: Array, rotary_values: RotaryValues, kv_cache_pre: KVCache) -> tuple[Array, KVCache]:
    # TODO: jax.lax.scan
    kv_cache_cur = None
    for param in params:
        seq, kv_cache_cur, kv_cache_pre = forward_decoder_block(param, seq, qk_mask, rotary_values, kv_cache_cur, kv_cache_pre)
    kv_cache_pre = kv_cache_cur
    return seq, kv_cache_pre
