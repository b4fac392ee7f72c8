# Source: https://github.com/Jeevesh8/AutoRegressive-MLM/blob/face756040b515e8acb65f42b2b15df96497a595/src/model/decoding_algos.py
# Title: AutoRegressive-MLM: src/model/decoding_algos.py (greedy decoding for the NMT model)
# Cut: whole file, verbatim (the original omits `from functools import partial`)
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums = (1,2,3,))
def greedy(key, pure_logits_fn, config, params, initial_token_ids, *args, **kwargs):
    
    token_ids = initial_token_ids
    for i in range(config['max_length']):
        
        key, subkey = jax.random.split(key)
        logits = pure_logits_fn.apply(params, subkey, token_ids, *args, **kwargs)
    
        predictions = jnp.argmax(logits[:,i,:], axis=-1)
    
        token_ids = jax.ops.index_update(token_ids, jax.ops.index[:,i,:],
                                     predictions)
    return token_ids
