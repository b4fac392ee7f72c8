# Source: https://github.com/smonsays/jax-hypernetwork/blob/b294c8cc7f95f4deffc6aca2aeaaf47fd76630ce/jax_hypernetwork/embedding.py
# Title: jax_hypernetwork/embedding.py
# Cut: license header dropped.
from typing import Optional
import haiku as hk


class Embedding(hk.Module):
    def __init__(self, num_embeddings: int, embedding_dim: int, name: Optional[str] = None):
        super().__init__(name=name)
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim

    @property
    def embeddings(self):
        return hk.get_parameter(
            name="embeddings",
            shape=[self.num_embeddings, self.embedding_dim],
            init=hk.initializers.VarianceScaling(1.0, "fan_in", "uniform")  # lecun_uniform
        )

    def __call__(self):
        return self.embeddings
