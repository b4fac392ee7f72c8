# Source: https://github.com/cor3bit/somax/blob/4ea5c0e5131e9c94861633cd94e58a0e37d36d25/tests/estimators/test_hutchinson.py
# Title: tests/estimators/test_hutchinson.py
# Cut: kept the two pytree helpers and the first two tests; later tests and fixtures dropped;
#      Hutchinson imported from the sibling module.
import jax
import jax.numpy as jnp
import chex

from hutchinson import Hutchinson


def _diag_tree_like_params(params, key, *, min_abs=0.5):
    leaves = jax.tree_util.tree_leaves(params)
    ks = jax.random.split(key, len(leaves))

    def make_leaf(x, k):
        x = jnp.asarray(x)
        return jnp.abs(jax.random.normal(k, x.shape, x.dtype)) + x.dtype.type(min_abs)

    return jax.tree_util.tree_unflatten(
        jax.tree_util.tree_structure(params),
        [make_leaf(x, k) for x, k in zip(leaves, ks)],
    )


def _signed_tree_like_params(params, key):
    leaves = jax.tree_util.tree_leaves(params)
    ks = jax.random.split(key, len(leaves))
    return jax.tree_util.tree_unflatten(
        jax.tree_util.tree_structure(params),
        [jax.random.normal(k, x.shape, x.dtype) for x, k in zip(leaves, ks)],
    )


def test_hutchinson_diag_exact_on_pointwise_diagonal(key, keys, dtype):
    k_params = keys()
    params = {
        "a": jax.random.normal(k_params, (64,), dtype=dtype),
        "b": jax.random.normal(keys(), (8, 4), dtype=dtype),
    }

    d_tree = _diag_tree_like_params(params, keys())
    est = Hutchinson(n_probes=1, use_abs=False)

    def mv(v):
        return jax.tree_util.tree_map(lambda d, x: d * x, d_tree, v)

    got = est.diagonal(params, state=None, mvp=mv, rng=keys())
    chex.assert_trees_all_close(got, d_tree, atol=0.0, rtol=0.0)


def test_hutchinson_trace_exact_on_pointwise_diagonal(keys, dtype, tol):
    params = {
        "a": jax.random.normal(keys(), (32,), dtype=dtype),
        "b": jax.random.normal(keys(), (6, 5), dtype=dtype),
    }
    d_tree = _diag_tree_like_params(params, keys())

    est = Hutchinson(n_probes=64)

    def mv(v):
        return jax.tree_util.tree_map(lambda d, x: d * x, d_tree, v)

    tr_hat = est.trace(params, state=None, mvp=mv, rng=keys())
    tr_true = jax.tree_util.tree_reduce(jnp.add, jax.tree_util.tree_map(jnp.sum, d_tree), initializer=0.0)
    chex.assert_trees_all_close(tr_hat, tr_true, **tol)
