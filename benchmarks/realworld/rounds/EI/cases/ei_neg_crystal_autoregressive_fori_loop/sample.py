# Source: https://github.com/deepmodeling/CrystalFormer/blob/be3c6c822f25638353c27ddd69670b840cd05ab0/crystalformer/src/sample.py
# Title: crystalformer/src/sample.py (sample_crystal)
# Cut: kept the Wyckoff and atom-type steps of the body; the X/Y/Z coordinate steps and lattice sampling after the loop cut.
import jax
import jax.numpy as jnp
from functools import partial

from crystalformer.src.wyckoff import mult_table


@partial(jax.vmap, in_axes=(None, None, None, 0, 0, 0, 0, 0), out_axes=0) # batch
def inference(model, params, g, W, A, X, Y, Z):
    XYZ = jnp.concatenate([X[:, None],
                           Y[:, None],
                           Z[:, None]
                           ],
                           axis=-1)
    M = mult_table[g-1, W]
    return model(params, None, g, XYZ, A, W, M, False)


def sample_top_p(key, logits, p, temperature):
    samples = jax.random.categorical(key, logits/temperature, axis=1)
    return samples


@partial(jax.jit, static_argnums=(1, 3, 4, 5, 6, 7, 8, 9, 12, 14))
def sample_crystal(key, transformer, params, n_max, batchsize, atom_types, wyck_types, Kx, Kl, g, w_mask, atom_mask, top_p, temperature, T1, constraints):

    def body_fn(i, state):
        key, W, A, X, Y, Z, L = state

        # (1) W
        w_logit = inference(transformer, params, g, W, A, X, Y, Z)[:, 5*i] # (batchsize, output_size)
        w_logit = w_logit[:, :wyck_types]

        key, subkey = jax.random.split(key)
        w = sample_top_p(subkey, w_logit, top_p, temperature)
        W = W.at[:, i].set(w)

        # (2) A
        h_al = inference(transformer, params, g, W, A, X, Y, Z)[:, 5*i+1] # (batchsize, output_size)
        a_logit = h_al[:, :atom_types]

        key, subkey = jax.random.split(key)
        a_logit = a_logit + jnp.where(atom_mask[i, :], 0.0, -1e10)
        a = sample_top_p(subkey, a_logit, top_p, temperature)
        A = A.at[:, i].set(a)

        lattice_params = h_al[:, atom_types:atom_types+Kl+2*6*Kl]
        L = L.at[:, i].set(lattice_params)
        return key, W, A, X, Y, Z, L

    # we waste computation time by always working with the maximum length sequence, but we save compilation time
    W = jnp.zeros((batchsize, n_max), dtype=int)
    A = jnp.zeros((batchsize, n_max), dtype=int)
    X = jnp.zeros((batchsize, n_max))
    Y = jnp.zeros((batchsize, n_max))
    Z = jnp.zeros((batchsize, n_max))
    L = jnp.zeros((batchsize, n_max, Kl+2*6*Kl)) # we accumulate lattice params and sample lattice after

    key, W, A, X, Y, Z, L = jax.lax.fori_loop(0, n_max, body_fn, (key, W, A, X, Y, Z, L))
    return W, A, X, Y, Z, L
