# Source: https://github.com/rashomon-gh/toy-model-superposition/blob/4e3d49385581d8a016c8b25ae51aa317f5c20540/core/activations.py
# Title: core/activations.py
# Cut: whole file.
import jax.numpy as jnp
import flax.linen as nn


def solu(x, axis=-1) -> jnp.ndarray:
    out = x * nn.softmax(x, axis=axis)
    out = nn.LayerNorm()(out)
    return out
    
    
