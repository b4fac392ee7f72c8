# Source: https://github.com/tenstorrent/tt-blacksmith/blob/ff150ae3efd808dec2f813053c7f7ffb00c528ca/blacksmith/models/jax/nerf/nerf.py
# Title: tt-blacksmith blacksmith/models/jax/nerf/nerf.py (EfficientNeRF in JAX, since removed from the repository)
# Cut: kept Embedding, NeRFEncoding and NeRF.__call__; spherical harmonics, weights and the TT-device inference wrapper dropped.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Embedding(nn.Module):
    in_channels: int
    num_freqs: int
    logscale: bool = True

    @nn.compact
    def __call__(self, x):
        if self.logscale:
            freq_bands = 2 ** jnp.linspace(0, self.num_freqs - 1, self.num_freqs)
        else:
            freq_bands = jnp.linspace(1, 2 ** (self.num_freqs - 1), self.num_freqs)

        out = [x]
        for freq in freq_bands:
            out.append(jnp.sin(freq * x))
            out.append(jnp.cos(freq * x))

        return jnp.concatenate(out, axis=-1)


class NeRFHead(nn.Module):
    W: int
    out_dim: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.W)(x)
        x = nn.relu(x)
        x = nn.Dense(self.out_dim)(x)
        return x


class NeRFEncoding(nn.Module):
    in_dim: int
    W: int
    out_dim: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.W)(x)
        x = nn.relu(x)
        x = nn.Dense(self.out_dim)(x)
        return x


class NeRF(nn.Module):
    depth: int = 8
    width: int = 256
    in_channels_xyz: int = 63
    in_channels_dir: int = 27
    deg: int = 2

    @nn.compact
    def __call__(self, x):
        xyz_ = x
        for i in range(self.depth):
            if i == 0:
                xyz_ = NeRFEncoding(self.in_channels_xyz, self.width, self.width)(xyz_)
            else:
                xyz_ = NeRFEncoding(self.width, self.width, self.width)(xyz_)

        sigma = NeRFHead(self.width, 1)(xyz_)
        sh = NeRFHead(self.width, 27)(xyz_)
        return sigma, sh



def encode_points(embedding_xyz, xyz_to_process):
    # from inference() in the same file: the embedding is applied to the padded ray-sample chunk
    return embedding_xyz.apply({}, xyz_to_process)
# blacksmith/experiments/jax/nerf/configs.py: num_freqs: int = 10
