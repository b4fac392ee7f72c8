"""An annotated assignment with a value inside a function (``r: jax.Array = score(a)``) is the
plain assignment it performs, for every reader of assignments; class bodies keep their
annotated fields (dataclass fields)."""

from __future__ import annotations

import ast

from conftest import scan_program

from gradadvisor.analysis.syntax import plain_annotated_assignments

PROGRAM = '''
import jax
import jax.numpy as jnp


def score(a, b):
    return jnp.tanh(a @ b)


def per_item(A, B):
    res = []
    for i in range(A.shape[0]):
        r: jax.Array = score(A[i], B[i])
        res.append(r)
    return jnp.array(res)


fast = jax.jit(per_item)
'''


def test_an_annotated_temporary_does_not_hide_a_per_sample_map(tmp_path):
    found = [f for f in scan_program(tmp_path, PROGRAM) if f["code"] == "GA101"]
    assert [f["line"] for f in found] == [next(n for n, t in enumerate(PROGRAM.splitlines(), 1) if "for i in range(A.shape[0])" in t)]


def test_only_function_bodies_are_rewritten():
    source = ("from dataclasses import dataclass\n\n@dataclass\nclass C:\n    n: int = 3\n\n"
              "def f(x):\n    y: float = x * 2\n    if x:\n        z: int = 1\n    return y\n")
    tree = ast.parse(source)
    plain_annotated_assignments(tree, source)
    klass, function = tree.body[1], tree.body[2]
    assert isinstance(klass.body[0], ast.AnnAssign)
    assert isinstance(function.body[0], ast.Assign) and isinstance(function.body[1].body[0], ast.Assign)
    assert (function.body[0].lineno, function.body[0].end_col_offset) == (8, 20)  # the whole `y: float = x * 2`
