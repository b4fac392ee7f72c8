# Source: https://github.com/mariogeiger/jarzynski/blob/2b0b9fc5dbf4f43b3ff26fd6f7e0e789e004c1dd/jarzynski/_util.py
# Title: jarzynski/_util.py (imap: a fori_loop map) and its use in compression.ipynb (partition function)
# Cut: _util.py kept whole; the partition_function cell of compression.ipynb appended
#      (its random_piston_positions, a fori_loop/while_loop rejection sampler, imported).
import jax
import jax.numpy as jnp


def narrow(dim, index):
    return (slice(None, None, None),) * dim + (index,)


def imap(f, in_axes, out_axes=0):
    def g(*args):
        ns = [a.shape[i] for i, a in zip(in_axes, args) if i is not None]
        n = ns[0]
        assert len(set(ns)) == 1

        b = [a if i is None else a[narrow(i, 0)] for i, a in zip(in_axes, args)]
        outs = jax.tree_map(lambda x: jnp.empty(x.shape[:out_axes] + (n,) + x.shape[out_axes:]), f(*b))

        def body(i, outs):
            b = [a if in_axis is None else a[narrow(in_axis, i)] for in_axis, a in zip(in_axes, args)]
            return jax.tree_multimap(
                lambda out, fi: out.at[narrow(out_axes, i)].set(fi),
                outs, f(*b)
            )

        return jax.lax.fori_loop(0, n, body, outs)

    return g


def random_piston_positions(key, z, n, r):
    raise NotImplementedError  # notebook cell: fori_loop over n spheres with a while_loop rejection step



def partition_function(key, z, n, r, num):
    key = jax.random.split(key, num=num)
    key, pos, ok = imap(random_piston_positions, (0, None, None, None), 0)(key, z, n, r)
    V = (2 - 2 * r)**2 * (2 * z - 2 * r)
    return V**n * jnp.mean(ok)


partition_function = jax.jit(partition_function, static_argnums=(2, 4))
