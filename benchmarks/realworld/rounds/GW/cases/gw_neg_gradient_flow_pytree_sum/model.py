# Source: https://github.com/andylolu2/idiots/blob/6fb6b0a0685c19db1cdf6ace1c90ca80185b2d3b/idiots/experiments/grokking/model.py
# Title: idiots/experiments/grokking/model.py
# Cut: the transformer variant cut; EmbedMLP (the model used by the gradient-flow configs) kept.
import flax.linen as nn
import jax.numpy as jnp


class EmbedMLP(nn.Module):
    hidden: int
    n_layers: int
    n_classes: int

    @nn.compact
    def __call__(self, x):
        b, s = x.shape
        tok_emb = nn.Embed(self.n_classes, self.hidden)(x)
        pos_emb = nn.Embed(s, self.hidden)(jnp.arange(s))
        x = tok_emb + pos_emb

        x = x.reshape(b, -1)
        for _ in range(self.n_layers):
            x = nn.Dense(self.hidden)(x)
            x = nn.relu(x)
        x = nn.Dense(self.n_classes)(x)
        return x
