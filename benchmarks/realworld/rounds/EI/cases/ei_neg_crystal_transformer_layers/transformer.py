# Source: https://github.com/deepmodeling/CrystalFormer/blob/be3c6c822f25638353c27ddd69670b840cd05ab0/crystalformer/src/transformer.py
# Title: crystalformer/src/transformer.py (make_transformer, haiku network)
# Cut: embeddings of W, A, X reduced to the Y/Z Fourier features; output heads cut.
import haiku as hk
import jax
import jax.numpy as jnp

from crystalformer.src.attention import MultiHeadAttention


def _layer_norm(x: jax.Array) -> jax.Array:
    return hk.LayerNorm(axis=-1, create_scale=True, create_offset=True)(x)


def make_transformer(key, Nf, Kx, Kl, n_max, h0_size, num_layers, num_heads, key_size, model_size, embed_size, atom_types, wyck_types, dropout_rate, attn_dropout=0.1, widening_factor=4, sigmamin=1e-3):

    @hk.transform
    def network(G, XYZ, A, W, M, is_train):
        initializer = hk.initializers.TruncatedNormal(0.01)
        n = XYZ.shape[0]
        Y, Z = XYZ[:, 1], XYZ[:, 2]
        g_embeddings = hk.Embed(230, embed_size)(G-1)
        mask = jnp.tril(jnp.ones((1, 2*n, 2*n)))

        hY = jnp.concatenate([g_embeddings[None, :].repeat(n, axis=0),
                             ] +
                             [fn(2*jnp.pi*Y[:, None]*f) for f in range(1, Nf+1) for fn in (jnp.sin, jnp.cos)]
                             , axis=1) # (n, ...)
        hY = hk.Linear(model_size, w_init=initializer)(hY)  # (n, model_size)

        hZ = jnp.concatenate([g_embeddings[None, :].repeat(n, axis=0),
                             ]+
                             [fn(2*jnp.pi*Z[:, None]*f) for f in range(1, Nf+1) for fn in (jnp.sin, jnp.cos)]
                             , axis=1) # (n, ...)
        hZ = hk.Linear(model_size, w_init=initializer)(hZ)  # (n, model_size)

        h = jnp.concatenate([hY[:, None, :], hZ[:, None, :]], axis=1).reshape(2*n, -1)

        for _ in range(num_layers):
            attn_block = MultiHeadAttention(num_heads=num_heads,
                                               key_size=key_size,
                                               model_size=model_size,
                                               w_init =initializer,
                                               dropout_rate = attn_dropout
                                              )
            h_norm = _layer_norm(h)
            h_attn = attn_block(h_norm, h_norm, h_norm,
                                mask=mask, is_train=is_train)
            if is_train:
                h_attn = hk.dropout(hk.next_rng_key(), dropout_rate, h_attn)
            h = h + h_attn

            dense_block = hk.Sequential([hk.Linear(widening_factor * model_size, w_init=initializer),
                                         jax.nn.gelu,
                                         hk.Linear(model_size, w_init=initializer)]
                                         )
            h_norm = _layer_norm(h)
            h_dense = dense_block(h_norm)
            if is_train:
                h_dense = hk.dropout(hk.next_rng_key(), dropout_rate, h_dense)
            h = h + h_dense

        h = _layer_norm(h)
        return h

    params = network.init(key, 1, jnp.zeros((n_max, 3)), jnp.zeros(n_max, dtype=int), jnp.zeros(n_max, dtype=int), jnp.zeros(n_max, dtype=int), True)
    return params, network
