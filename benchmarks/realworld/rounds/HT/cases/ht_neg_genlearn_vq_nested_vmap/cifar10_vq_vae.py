# Source: https://github.com/foty-hub/genlearn/blob/33d2d53a9f028930ceee38af4d96213564d58af6/notebooks/cifar10_vq_vae.ipynb
# Title: notebooks/cifar10_vq_vae.ipynb (VQ-VAE on CIFAR-10, codebook lookup)
# Cut: cells 1, 3-7 converted to a script (imports, shapes, the jitted nested-vmap nearest-codebook
#      lookup and its call); data loading and the unfinished nnx module stubs dropped.
import jax

from flax import nnx
import jax.numpy as jnp
from einops import rearrange
import chex
from functools import partial

K = 512
D = 64  # embedding dimension
h, w, c = (8, 8, 10)
batch_size = 64

rngs = nnx.Rngs(0)
codebook = rngs.normal((K, D))
z = rngs.normal((batch_size, h, w, c, D))

z_flattened = rearrange(z, "b h w c d -> (b h w c) d")


@jax.jit
def embed(z, codebook):
    # want to get the distance from every vector in z to every vector in the codebook
    @partial(jax.vmap, in_axes=(0, None))
    @partial(jax.vmap, in_axes=(None, 0))
    def get_distance(e, z):
        chex.assert_rank([e, z], 1)  # comparing 64-dimensional vectors
        return jnp.linalg.norm(e - z)

    # returns a batch * K matrix with all the distances
    distances = get_distance(z, codebook)
    nearest_embeddings_idx = jnp.argmin(distances, axis=1)
    return codebook[nearest_embeddings_idx]


z_embedded = embed(z_flattened, codebook)
z_embedded = rearrange(
    z_embedded, "(b h w c) d -> b h w c d", b=batch_size, h=h, w=w, c=c
)
