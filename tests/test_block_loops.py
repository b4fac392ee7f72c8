"""Loops over contiguous blocks (``x[i * k:(i + 1) * k]``): row ``i`` of a reshaped view, a map
``jax.vmap`` computes at once (``analysis/blocks.py``)."""

from __future__ import annotations

import ast

import pytest
from conftest import fixed_twin, same_values_and_gradients, scan_files

from gradadvisor.analysis.blocks import block_rows, block_width

HEAD = "import jax\nimport jax.numpy as jnp\n\n"


@pytest.mark.parametrize(
    ("item", "width"),
    [
        ("i * k:(i + 1) * k", "k"),
        ("k * i:k * (i + 1)", "k"),
        ("i * 64:i * 64 + 64", "64"),
        ("i * self.size:(i + 1) * self.size", "self.size"),
        ("i * k:(i + 2) * k", None),  # overlapping windows, not blocks
        ("i * k:(i + 1) * m", None),
        ("i:i + k", None),  # a window at every index, not a block
        ("i * 1:(i + 1) * 1", None),  # a block of one is an index
    ],
)
def test_block_width(item, width):
    part = ast.parse(f"x[{item}]", mode="eval").body.slice
    found = block_width(part, "i")
    assert (None if found is None else ast.unparse(found)) == width


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("f(x[i * k:(i + 1) * k])", "f(x.reshape((-1, k) + x.shape[1:])[i])"),
        ("x[:, i * 8:(i + 1) * 8] @ w", "x.reshape(x.shape[:1] + (-1, 8) + x.shape[2:])[:, i] @ w"),
        ("x[..., i * 8:(i + 1) * 8]", "x.reshape(x.shape[:-1] + (-1, 8))[..., i, :]"),
        ("x[..., i * 8:(i + 1) * 8, :]", "x.reshape(x.shape[:-2] + (-1, 8) + x.shape[-1:])[..., i, :, :]"),
        ("x[0, i * 8:(i + 1) * 8]", "x[0, i * 8:(i + 1) * 8]"),  # a literal before the block: not modelled
    ],
)
def test_block_reads_become_rows_of_a_view(code, expected):
    body, assumptions, _ = block_rows(ast.parse(code, mode="eval").body, "i")
    assert ast.unparse(body) == expected
    assert bool(assumptions) == (code != expected)


@pytest.mark.parametrize(
    "body",
    [
        "    parts = []\n    for b in range(spec.shape[-1] // 256):\n        parts.append(jnp.tanh(spec[..., b * 256:(b + 1) * 256] @ w))\n    return jnp.concatenate(parts, axis=-1)\n",
        "    return jnp.concatenate([jnp.tanh(spec[:, i * 64:(i + 1) * 64] @ w) for i in range(40)], axis=1)\n",
        "    return jnp.stack([jnp.sum(spec[i * 64:i * 64 + 64] @ w) for i in range(spec.shape[0] // 64)])\n",
        "    out = []\n    for i in range((spec.shape[1] + 63) // 64):\n        a = i * 64\n        b = min((i + 1) * 64, spec.shape[1])\n"
        "        out.append(jnp.tanh(spec[:, a:b, :] @ w))\n    return jnp.concatenate(out, axis=1)\n",
        "    out = []\n    for s in range(0, spec.shape[1], 64):\n        out.append(jnp.tanh(spec[:, s:s + 64, :] @ w))\n    return jnp.concatenate(out, axis=1)\n",
    ],
)
def test_a_map_over_blocks_is_ga101(tmp_path, body):
    """Blocks of a product written out, clipped at the end, or walked by a stride."""
    source = f"{HEAD}@jax.jit\ndef f(spec, w):\n{body}"
    found = scan_files(tmp_path, {"m.py": source}, ("GA101",))
    assert [f.code for f in found] == ["GA101"]


@pytest.mark.parametrize(
    "body",
    [
        # four blocks: a small fixed count
        "    return jnp.concatenate([jnp.tanh(spec[:, i * 64:(i + 1) * 64] @ w) for i in range(4)], axis=1)\n",
        # a strided offset read otherwise too (`y[s]` is row s, not block s): not a map of blocks
        "    out = []\n    for s in range(0, spec.shape[1], 64):\n        out.append(jnp.tanh(spec[:, s:s + 64, :] @ w) * w[s])\n    return jnp.concatenate(out, axis=1)\n",
        # each block feeds the next: a recurrence, not a map
        "    h = w\n    for i in range(spec.shape[0] // 64):\n        h = jnp.tanh(spec[i * 64:(i + 1) * 64] @ h)\n    return h\n",
    ],
)
def test_look_alikes_of_block_maps_are_not_ga101(tmp_path, body):
    source = f"{HEAD}@jax.jit\ndef f(spec, w):\n{body}"
    assert scan_files(tmp_path, {"m.py": source}, ("GA101",)) == []


def test_the_rewrite_of_a_block_map_keeps_values_and_gradients(tmp_path):
    """Differentially, before and after ``--fix --unsafe-fixes``."""
    jax = pytest.importorskip("jax")
    source = f"{HEAD}@jax.jit\ndef f(x, w):\n    return jnp.concatenate([jnp.tanh(x[:, i * 4:(i + 1) * 4] @ w) for i in range(24)], axis=1)\n"
    before, after, fixed = fixed_twin(tmp_path, source, ("GA101",))
    assert "jax.vmap" in fixed and "reshape" in fixed and "for i in" not in fixed
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    same_values_and_gradients(before.f, after.f, (jax.random.normal(keys[0], (3, 96)), jax.random.normal(keys[1], (4, 5))))


@pytest.mark.parametrize(
    "loop",
    [
        "    for i in range(x.shape[0] // 64):\n        total = total + jnp.sum(jnp.tanh(x[i * 64:(i + 1) * 64] @ w))\n",
        "    for s in range(0, x.shape[0], chunk):\n        total += jnp.sum(jnp.tanh(x[s:s + chunk] @ w))\n",
    ],
)
def test_a_sum_over_blocks_is_ga302(tmp_path, loop):
    source = f"{HEAD}def loss(w, x, chunk):\n    total = 0.0\n{loop}    return total\n\n\ng = jax.value_and_grad(loss)\n"
    found = scan_files(tmp_path, {"m.py": source}, ("GA302",))
    assert [f.code for f in found] == ["GA302"]
    assert "reshape" in found[0].message and any("whole blocks" in item for item in found[0].fix.unproven)


def test_the_rewrite_of_a_strided_sum_keeps_values_and_gradients(tmp_path):
    """Differentially, before and after ``--fix --unsafe-fixes``."""
    jax = pytest.importorskip("jax")
    source = f"{HEAD}def loss(w, x):\n    total = 0.0\n    for s in range(0, 256, 8):\n        total += jnp.sum(jnp.tanh(x[s:s + 8] @ w))\n    return total\n\n\ng = jax.grad(loss)\n"
    before, after, fixed = fixed_twin(tmp_path, source, ("GA302",), min_confidence="low")
    assert "jax.vmap" in fixed and "for s in" not in fixed
    keys = jax.random.split(jax.random.PRNGKey(2), 2)
    same_values_and_gradients(before.loss, after.loss, (jax.random.normal(keys[0], (3, 2)), jax.random.normal(keys[1], (256, 3))), atol=1e-4)



CHUNKED = '''
import jax.numpy as jnp


class Predictor:
    def __init__(self, train, weights, chunk):
        self.train, self.weights, self.chunk = train, weights, chunk

    def predict(self, x):
        outs = []
        for s in range(0, x.shape[0], self.chunk):
            outs.append(jnp.exp(-jnp.sum((x[s:s + self.chunk, None] - self.train[None]) ** 2, -1)) @ self.weights)
        return jnp.concatenate(outs)

    def total(self, x):
        tot = 0.0
        for s in range(0, x.shape[0], self.chunk):
            tot += jnp.sum(jnp.exp(-jnp.sum((x[s:s + self.chunk, None] - self.train[None]) ** 2, -1)) @ self.weights)
        return tot
'''


def test_chunks_of_a_size_callers_choose_need_a_trace_shown(tmp_path):
    """Eager code bounding memory with chunks of a chosen size (a look-alike): no finding at any
    level without a trace shown; the same loops under a shown trace are reported."""
    assert scan_files(tmp_path / "eager", {"m.py": CHUNKED}, ("GA101", "GA302")) == []
    traced = CHUNKED + "\n\nimport jax\n\ng = jax.grad(lambda x, p: p.total(x) + jnp.sum(p.predict(x)))\n"
    traced = traced.replace("    def predict(self, x):", "    @jax.jit\n    def predict(self, x):").replace("    def total(self, x):", "    @jax.jit\n    def total(self, x):")
    traced = "import jax\n" + traced
    found = scan_files(tmp_path / "traced", {"m.py": traced}, ("GA101", "GA302"))
    assert sorted(f.code for f in found) == ["GA101", "GA302"]
    assert all(any("a size callers choose" in item for item in f.evidence) for f in found)

