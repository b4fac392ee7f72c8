"""A fill written at a counter that moves once per step (``k = k + 1`` beside
``out = out.at[k].set(...)``) writes a new position every step, as a write at the loop index
does: its writes are independent (GA103's scatter shape). A counter moved only under an ``if``
or by a fraction is not another name for the index, and such a loop is not reported as one."""

from __future__ import annotations

import pytest
from conftest import scan_program

COUNTED = '''
import jax
import jax.numpy as jnp

@jax.jit
def pool(feature_map):
    n = feature_map.shape[0]
    out = jnp.zeros((n // 2,))
    k = 0
    for r in range(0, n, 2):
        out = out.at[k].set(jnp.max(feature_map[r:r + 2]))
{update}
    return out
'''


def test_a_fill_at_a_whole_step_counter_is_independent_writes(tmp_path):
    found = scan_program(tmp_path, COUNTED.format(update="        k = k + 1"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 10)]
    assert "the writes are independent" in found[0]["message"]
    assert "a repeated index" not in found[0]["message"]  # a counter moving by one never repeats


@pytest.mark.parametrize(
    "update",
    [
        "        if r % 4 == 0:\n            k = k + 1",  # moved under a condition: positions repeat
        "        k = k + 0.5",  # a fraction: not a position
    ],
)
def test_a_counter_that_is_not_a_second_index_is_not_a_fill(tmp_path, update):
    found = scan_program(tmp_path, COUNTED.format(update=update))
    assert not any("the writes are independent" in f["message"] for f in found)


KEYS = '''
import jax
import jax.numpy as jnp

N = {n}

def cost(params, key, x):
    key, *subkeys = jax.random.split(key, num={count})
    def one(k):
        return jnp.sum((x - params * jax.random.normal(k, x.shape)) ** 2)
    return jnp.mean(jax.lax.map(one, jnp.vstack(subkeys)))

g = jax.jit(jax.grad(cost))
'''


def test_a_few_monte_carlo_keys_unpacked_from_a_split_are_not_data(tmp_path):
    # ``key, *subkeys = split(key, N + 1)`` holds N keys: ten draws mapped one by one is no site
    assert scan_program(tmp_path, KEYS.format(n=10, count="N + 1")) == []


def test_keys_split_per_data_row_are_data_sized(tmp_path):
    found = scan_program(tmp_path, KEYS.format(n=10, count="x.shape[0] + 1"), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "high")]
    assert "`x.shape[0]`" in found[0]["message"] or any("x.shape[0]" in item for item in found[0]["evidence"])


CAPPED_BY_ITSELF = '''
import jax.numpy as jnp

def low_rank_factor(mat, max_iter=15):
    n = mat.shape[-1]
    max_iter = min(max_iter, n)
    L = jnp.zeros((n, max_iter))
    for i in range(1, max_iter):
        L = L.at[i, i].set(jnp.sqrt(mat[i, i] - jnp.dot(L[i, :i], L[i, :i])))
    a = n
    b = n
    for j in range(3):
        a = min(b, n)
        b = min(a, n)
    return L, a
'''


def test_a_count_capped_by_its_own_earlier_value_is_read_without_recursion(tmp_path):
    # ``max_iter = min(max_iter, n)`` once made the count reader call itself until Python's
    # recursion limit: every rule asking it reported "nested too deeply" for the file.
    (tmp_path / "pyproject.toml").write_text("[tool.gradadvisor]\n")
    (tmp_path / "m.py").write_text(CAPPED_BY_ITSELF)
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "gradadvisor", "scan", "--no-cache", "--format", "json", "--min-confidence", "low", "m.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr  # no finding (15 steps at most), and no error
    assert json.loads(done.stdout)["findings"] == []


def test_a_loop_over_all_layers_but_the_last_is_a_layer_stack(tmp_path):
    """``for l in range(len(Ws) - 1): h = act(Ws[l] @ h + bs[l])``: the loop counts the layers it
    applies (the last one after it), as ``range(len(Ws))`` and ``zip(Ws, bs)`` do."""
    source = ("import jax\nimport jax.numpy as jnp\n\n\ndef forward(Ws, bs, x):\n    h = x\n    for l in range(len(Ws) - 1):\n"
              "        h = jnp.tanh(Ws[l] @ h + bs[l])\n    return Ws[-1] @ h + bs[-1]\n\n\n"
              "loss = jax.grad(lambda Ws, bs, x: jnp.sum(forward(Ws, bs, x) ** 2))\n")
    assert not [f for f in scan_program(tmp_path, source) if f["code"] == "GA103"]
