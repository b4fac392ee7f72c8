# Source: https://github.com/gehring/fax/blob/1bc0f4ddf4f0d54370b0c04282de49aa85685791/fax/linalg/gmres.py
# Title: fax/linalg/gmres.py (Implementation of GMRES)
# Cut: kept helpers, Arnoldi iteration and _gmres; the restarted solve and custom_linear_solve wrapper dropped.
import functools
import operator

from jax import lax
import jax.numpy as jnp
import jax.ops
import jax.tree_util

from .norm import tree_l2_squared

_add = functools.partial(jax.tree_multimap, jnp.add)
_sub = functools.partial(jax.tree_multimap, jnp.subtract)


def _project_on_columns(A, v):
    v_proj = jax.tree_multimap(
        lambda X, y: jnp.einsum("...n,...->n", X.conj(), y),
        A,
        v,
    )
    return jax.tree_util.tree_reduce(operator.add, v_proj)


def _safe_normalize(x, return_norm=False):
    norm = jnp.sqrt(tree_l2_squared(x))

    normalized_x, norm = jax.lax.cond(
        norm > 1e-12,
        lambda y: (jax.tree_map(lambda v: v / norm, y), norm),
        lambda y: (jax.tree_map(jnp.zeros_like, y), 0.),
        x,
    )
    if return_norm:
        return normalized_x, norm
    else:
        return normalized_x


def _identity(x):
    return x


def _iterative_classical_gram_schmidt(Q, x, iterations=2):
    """Orthogonalize x against the columns of Q."""
    # "twice is enough"
    # http://slepc.upv.es/documentation/reports/str1.pdf

    # This assumes that Q's leaves all have the same dimension in the last
    # axis.
    r = jnp.zeros((jax.tree_leaves(Q)[0].shape[-1]))
    q = x

    for _ in range(iterations):
        h = _project_on_columns(Q, q)
        q = _sub(q, jax.tree_map(lambda X: jnp.dot(X, h), Q))
        r = _add(r, h)
    return q, r


def arnoldi_iteration(A, b, n, M=None):
    # https://en.wikipedia.org/wiki/Arnoldi_iteration#The_Arnoldi_iteration
    if M is None:
        M = _identity
    q = _safe_normalize(b)
    Q = jax.tree_map(
        lambda x: jnp.pad(x[..., None], ((0, 0),) * x.ndim + ((0, n),)),
        q,
    )
    H = jnp.zeros((n, n + 1), jnp.result_type(*jax.tree_leaves(b)))

    def step(carry, k):
        Q, H = carry
        q = jax.tree_map(lambda x: x[..., k], Q)
        v = A(M(q))
        v, h = _iterative_classical_gram_schmidt(Q, v, iterations=2)
        v, v_norm = _safe_normalize(v, return_norm=True)
        Q = jax.tree_multimap(lambda X, y: X.at[..., k + 1].set(y), Q, v)
        h = h.at[k + 1].set(v_norm)
        H = H.at[k, :].set(h)
        return (Q, H), None

    (Q, H), _ = lax.scan(step, (Q, H), jnp.arange(n))
    return Q, H


@jax.jit
def lstsq(a, b):
    out, _, rank, singular_values = jnp.linalg.lstsq(a, b)
    return jax.lax.cond(
      jnp.all(singular_values < 1e-12) | rank == 0,
      lambda y: jnp.zeros_like(y),
      lambda y: y,
      out,
    )


def _gmres(A, b, x0, n, M, residual=None):
    # https://www-users.cs.umn.edu/~saad/Calais/PREC.pdf
    Q, H = arnoldi_iteration(A, b, n, M)
    if residual is None:
        residual = _sub(b, A(x0))
    beta = jnp.sqrt(tree_l2_squared(residual))
    e1 = jnp.concatenate(
        [jnp.ones((1,), beta.dtype), jnp.zeros((n,), beta.dtype)])
    y = lstsq(H.T, beta * e1)

    dx = M(jax.tree_map(lambda X: jnp.dot(X[..., :-1], y), Q))
    x = _add(x0, dx)
    return x
