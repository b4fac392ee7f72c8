# Source: https://github.com/KhaKimThuy/Simple-Transformer-For-Translation-In-Pytorch-Jax/blob/9fb1747993785cc5d79b3bc0c7700e0c5604f7a6/jax_flax_transformer/modules/encoder.py
# Title: jax_flax_transformer/modules/encoder.py -- Flax port of the repository's PyTorch translation Transformer
# Cut: whole file; the positional encoder and layer modules are imported.
from flax import linen as nn
from modules.positional_encoding import PositionalEncoder
from modules.embedder import Embedder
from modules.encoder_layer import EncoderLayer


class Encoder(nn.Module):
    config: dict
    def setup(self):
        self.positional_encoding = PositionalEncoder(d_model=self.config["d_model"])
        self.layers = [EncoderLayer(self.config) for _ in range(self.config["n_encoder_layers"])]

    def __call__(self, x, mask, train):
        # x = Embedder(self.config["src_vocab_size"], self.config["emb_dim"])(x)
        x = self.positional_encoding(x)
        # Encoder layer
        for module in self.layers:
            x = module(x, mask, train)
        return x


