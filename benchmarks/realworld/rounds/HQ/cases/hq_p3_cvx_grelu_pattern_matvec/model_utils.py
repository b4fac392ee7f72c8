# Source: https://github.com/pilancilab/CRONOS/blob/ffeb4a49696619fb0d39bd784dcea4df3945043b/utils/model_utils.py
# Title: utils/model_utils.py -- sampling of the gate patterns D_i (one column per pattern)
# Cut: only get_grelu_patterns kept.
import jax.numpy as jnp
import jax.random as jrn


def get_grelu_patterns(X: jnp.ndarray, P: int, seed=None) -> jnp.ndarray:
    n, d = X.shape
    if seed is not None:
        key, subkey = jrn.split(seed)
        random_tensor = jrn.normal(subkey, (2, d, P))
    else:
        raise ValueError("Missing seed parameter")
    d_diags = (X@random_tensor[0, :])>=0
    gates = random_tensor[1, :]
    return d_diags, gates, key
