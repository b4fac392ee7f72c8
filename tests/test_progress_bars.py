"""Progress bars are transparent to the loop readers (``analysis/progress_bars.py``)."""

from __future__ import annotations

import ast

import pytest

from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.progress_bars import unwrap_progress_bars
from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp
from tqdm import trange, tqdm


def energies(pos, params):
    out = []
    for k in trange(pos.shape[0], desc="frames"):
        out.append(jnp.sum(jnp.tanh(pos[k] @ params)))
    return jnp.stack(out)


def energies2(pos, params):
    return jnp.stack([jnp.sum(jnp.tanh(p @ params)) for p in tqdm(pos)])


def train(params, pos):
    return jax.grad(lambda w: energies(pos, w).sum() + energies2(pos, w).sum())(params)


def driver(data, params):
    for epoch in trange(100):
        params = params - 0.1 * train(params, data)
    return params
'''


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from tqdm import tqdm\nfor x in tqdm(xs, leave=False):\n    pass\n", "xs"),
        ("from tqdm.auto import trange\nfor i in trange(n, desc='a'):\n    pass\n", "range(n)"),
        ("import tqdm\nys = [f(x) for x in tqdm.tqdm(xs)]\n", "xs"),
        ("def tqdm(x):\n    return x[::2]\nfor x in tqdm(xs):\n    pass\n", "tqdm(xs)"),  # the user's own tqdm
    ],
)
def test_unwrapped_iterables(source, expected):
    tree = ast.parse(source)
    unwrap_progress_bars(tree, source, ImportMap(tree).resolve)
    loop = next(node for node in ast.walk(tree) if isinstance(node, (ast.For, ast.comprehension)))
    assert ast.unparse(loop.iter) == expected


def test_loops_wrapped_in_progress_bars_are_read(tmp_path):
    found_findings = scan_program(tmp_path, PROGRAM)
    found = sorted((f["code"], f["line"]) for f in found_findings)
    assert found == [("GA101", 8), ("GA101", 14)]  # not the host training driver
