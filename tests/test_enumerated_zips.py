"""``for i, (x, y) in enumerate(zip(xs, ys))`` walks the zipped arrays' rows with an index beside
them, as ``zip(xs, ys)`` does (arrays read at ``i`` walk alongside): GA302 sums it and GA101 maps
it, with the same rewrites as for ``zip``."""

from __future__ import annotations

from conftest import scan_program

SUMMED = '''
import jax
import jax.numpy as jnp

def loss(w, X, y, sw):
    l = 0.0
    for i, (xi, yi) in enumerate(zip(X, y)):
        l += {term}
    return l

g = jax.grad(loss)
'''


def test_an_accumulation_over_an_enumerated_zip_is_a_sum(tmp_path):
    found = scan_program(tmp_path, SUMMED.format(term="jnp.log1p(jnp.exp(-yi * jnp.dot(w, xi)))"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA302", 7)]
    assert "jax.vmap(lambda xi, yi: jnp.log1p(jnp.exp(-yi * jnp.dot(w, xi))))(X, y)" in found[0]["message"]


def test_an_array_read_at_the_enumerated_index_walks_alongside(tmp_path):
    found = scan_program(tmp_path, SUMMED.format(term="sw[i] * (jnp.dot(w, xi) - yi) ** 2"), low=False)
    assert [f["code"] for f in found] == ["GA302"]
    assert "(X, y, sw[:len(X)])" in found[0]["message"]


MAPPED = '''
import jax
import jax.numpy as jnp

def f(p, x, y):
    return jnp.sum((jnp.tanh(p @ x) - y) ** 2)

def loss(p, X, Y):
    out = []
    for i, (x, y) in enumerate(zip(X, Y)):
        out.append(f(p, x, y))
    return jnp.mean(jnp.stack(out))

g = jax.grad(loss)
'''


def test_a_map_over_an_enumerated_zip_is_a_vmap(tmp_path):
    found = scan_program(tmp_path, MAPPED, low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert "jax.vmap(f, in_axes=(None, 0, 0))(p, X, Y)" in found[0]["message"]


def test_an_enumerated_zip_of_layers_is_not_data(tmp_path):
    source = SUMMED.replace("enumerate(zip(X, y))", "enumerate(zip(layers, biases))").replace("def loss(w, X, y, sw):", "def loss(w, layers, biases, sw):")
    found = scan_program(tmp_path, source.format(term="jnp.sum(xi @ w + yi)"), low=False)
    assert found == []
