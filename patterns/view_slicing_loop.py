"""View-slicing loop: column-wise inner products, one slice at a time.

Shape: a Dense layer 64 -> 32 applied to each of T input matrices (64 x B),
then the inner product of every column of the first output with the same
column of every output, a softmax over t, and a reduction. The slow version
is the natural "only compute what you need" loop: ``y1[:, b] @ y[:, b]`` for
every t and every column b, gathered with ``jnp.stack``.

Why the gradient is slow: the forward is T*B tiny dot products, each on two
column slices. The transpose of a slice is a pad into a zero array of the
full (32, B) shape, so the backward pass materialises 2*T*B zero-padded
matrices and adds them up: the backward does O(T*B*B) work where the forward
did O(T*B). The unrolled loop also makes trace and compile time grow with
T*B (here: seconds for T*B = 128 columns; the original report's 256 x 128 would take
minutes to compile).

Rewrite: keep everything as one array. One einsum applies the layer to all
T inputs at once, and one einsum takes all the column inner products:
``jnp.einsum("ob,tob->tb", ys[0], ys)``.

The reduction is ``sum(softmax(z, axis=0) * z)``, not ``sum(softmax(z))``:
a softmax sums to one, so the latter is constant and its gradient is zero.
"""

import jax
import jax.numpy as jnp

IN, OUT, BATCH = 64, 32, 32
sizes = (4, 8, 16)
argnums = 0


def inputs(size=8):
    """size is T, the number of time steps."""
    kw, kb, kx = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {
        "w": jax.random.normal(kw, (OUT, IN)) / IN**0.5,
        "b": 0.1 * jax.random.normal(kb, (OUT,)),
    }
    xs = jax.random.uniform(kx, (size, IN, BATCH))
    return params, xs


def dense(params, x):
    return params["w"] @ x + params["b"][:, None]


def attention_objective(z):
    return jnp.sum(jax.nn.softmax(z, axis=0) * z)


def baseline(params, xs):
    ys = [dense(params, x) for x in xs]
    y1 = ys[0]
    zs = jnp.stack(
        [jnp.stack([jnp.dot(y1[:, b], y[:, b]) for b in range(y.shape[1])]) for y in ys]
    )
    return attention_objective(zs)


def candidate(params, xs):
    ys = jnp.einsum("oi,tib->tob", params["w"], xs) + params["b"][None, :, None]
    zs = jnp.einsum("ob,tob->tb", ys[0], ys)
    return attention_objective(zs)
