# Source: https://github.com/kcoopermiller/mamba-minimal-jax/blob/0e1b7275736a8e60ca377c454f7ab2f7696a9c1d/model.py
# Title: model.py -- "Reimplemntation of Mamba-minimal in JAX/Flax"
# Cut: kept ModelArgs, Mamba and ResidualBlock; MambaBlock reduced to a stub Dense mixer
#      (its scan is in another case); from_pretrained dropped.
"""Reimplemntation of Mamba-minimal in JAX/Flax."""
from __future__ import annotations
import math
from dataclasses import dataclass
from typing import Union

from flax import linen as nn


@dataclass
class ModelArgs:
    d_model: int
    n_layer: int
    vocab_size: int
    d_state: int = 16
    expand: int = 2
    dt_rank: Union[int, str] = 'auto'
    d_conv: int = 4
    pad_vocab_size_multiple: int = 8
    conv_bias: bool = True
    bias: bool = False

    def __post_init__(self):
        self.d_inner = int(self.expand * self.d_model)
        if self.dt_rank == 'auto':
            self.dt_rank = math.ceil(self.d_model / 16)
        if self.vocab_size % self.pad_vocab_size_multiple != 0:
            self.vocab_size += (self.pad_vocab_size_multiple
                                - self.vocab_size % self.pad_vocab_size_multiple)


class Mamba(nn.Module):
    args: ModelArgs

    def setup(self):
        """Full Mamba model."""
        super().__init__()
        self.embedding = nn.Embed(self.args.vocab_size, self.args.d_model)
        self.layers = [ResidualBlock(self.args) for _ in range(self.args.n_layer)]
        self.norm_f = nn.RMSNorm(epsilon=1e-5)
        self.lm_head = lambda input: self.embedding.attend(input)  # weight tying

    @nn.compact
    def __call__(self, input_ids):
        x = self.embedding(input_ids)

        for layer in self.layers:
            x = layer(x)

        x = self.norm_f(x)
        logits = self.lm_head(x)
        return logits


class ResidualBlock(nn.Module):
    args: ModelArgs

    def setup(self):
        self.mixer = MambaBlock(self.args)
        self.norm = nn.RMSNorm(epsilon=1e-5)

    @nn.compact
    def __call__(self, x):
        output = self.mixer(self.norm(x)) + x
        return output


class MambaBlock(nn.Module):
    args: ModelArgs

    @nn.compact
    def __call__(self, x):
        # stub for the selective-scan block
        return nn.Dense(self.args.d_model)(x)
