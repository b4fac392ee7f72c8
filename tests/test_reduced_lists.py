"""A jax.numpy reduction of a list built in place (``jnp.sum([L(a, b) for a, b in zip(x, u)])``)
stacks the list, then reduces it: the list is a per-sample map (GA101, advice) as it is under
``jnp.array``. Lists of layers or pytree leaves, and the builtin ``sum`` (GA301's), are not. An
array grown by ``jnp.append(out, f(x[j])[None], axis=0)`` is the same map, grown along its rows."""

from __future__ import annotations

import pytest
from conftest import scan_program

REDUCED = '''
import jax
import jax.numpy as jnp


def L(a, b):
    return jnp.sum(jnp.tanh(a) * b)


@jax.jit
def cost(x, u, params):
    return {expr}
'''


@pytest.mark.parametrize("expr, rewrite", [
    ("jnp.sum([L(a, b) for a, b in zip(x, u)])", "jax.vmap(L)(x, u)"),
    ("jnp.mean([jnp.sin(a) ** 2 for a in x])", "jnp.sin(x) ** 2"),
])
def test_a_reduction_of_a_per_sample_list_is_a_map(tmp_path, expr, rewrite):
    found = scan_program(tmp_path, REDUCED.format(expr=expr))
    assert [f["code"] for f in found] == ["GA101"]
    assert f"replace the loop and the list with `{rewrite}`" in found[0]["message"]
    assert found[0]["fix"] is None


@pytest.mark.parametrize("expr", [
    "jnp.sum([jnp.sum(p ** 2) for p in jax.tree_util.tree_leaves(params)])",  # pytree leaves
    "jnp.sum([L(a, b) for a, b in zip(x[:3], u[:3])])",  # three rows
    "jnp.sum(jnp.stack([x, u]))",  # two arrays listed
])
def test_reductions_of_leaves_or_a_few_items_are_not_maps(tmp_path, expr):
    assert scan_program(tmp_path, REDUCED.format(expr=expr)) == []


GROWN = '''
import jax
import jax.numpy as jnp


def f(x):
    return jnp.tanh(x) * 2.0


def forward(x):
    out = jnp.zeros((0, 3))
    for j in range(x.shape[0]):
        out = jnp.append(out, f(x[j])[None], {keyword})
    return out


g = jax.grad(lambda x: jnp.sum(forward(x)))
'''


def test_an_array_grown_along_its_rows_is_a_map(tmp_path):
    found = scan_program(tmp_path, GROWN.format(keyword="axis=0"))
    assert [f["code"] for f in found] == ["GA101"]
    assert "grows `out` by one result per step" in found[0]["message"]
    # Along another axis the results interleave: not one stack of rows.
    assert scan_program(tmp_path, GROWN.format(keyword="axis=1")) == []
