# Source: https://github.com/novastar53/xjax/blob/bd1d7ea4072129105b3fcd7e1a1db86f4db29040/src/xjax/models/jax/_gru.py
# Title: src/xjax/models/jax/_gru.py
# Cut: kept generate() only; GRU is defined in the same module upstream and is imported here instead.
#      generate is called from notebooks/tests, never under jit or grad.
from typing import List, Any

import jax
from jax import Array
import jax.numpy as jnp
from jax import random

from xjax.models.jax._gru import GRU

Parameters = List[Array]


def generate(
    rng: Array, prefix: List[int], params: Parameters, hidden_size: int, vocab_size: int, max_len: int,
) -> List[int]:

    # Initialize the model and hidden state
    model = GRU()
    H = jnp.zeros((hidden_size, 1))

    # Feed the prefix to the model
    X = jnp.eye(vocab_size)[prefix, :]
    X = jnp.expand_dims(X, 0) # 1 x seq len x vocab 
    H, Y_pred = model(params=params, H=H, X=X)
    probs = jax.nn.softmax(jnp.squeeze(Y_pred[-1,:]))
    pred_token_idx = random.categorical(rng, jnp.log(probs))

    # Prepare the final output to feed back into the model
    Y_pred = jnp.squeeze(Y_pred)
    Y_pred = jnp.expand_dims(Y_pred[-1, :], axis=(0,1))

    # Collect predictions from the model
    output = prefix.copy()
    for _ in range(max_len):

        # Feed the previous output into the model
        H, Y_pred = model(params=params, H=H, X=Y_pred)

        # Retrieve the token and append to output
        Y_pred = Y_pred.squeeze()
        probs = jax.nn.softmax(Y_pred)
        rng, sub_rng = random.split(rng)
        pred_token_idx = random.categorical(sub_rng, jnp.log(probs))
        output.append(int(pred_token_idx))

        # Reformat the output for the model
        Y_pred = jnp.eye(vocab_size)[pred_token_idx, :]
        Y_pred = jnp.expand_dims(Y_pred, axis=(0,1))

    return output

    
