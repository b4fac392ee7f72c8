"""GA102 across files: a gradient function received as a parameter in one file is proven by a
call site in another, scanned together (phase 2 reads what call sites pass)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from gradadvisor.engine.runner import Settings, lint_paths

MODEL = """
import jax.numpy as jnp


def per_example(grad_fn, params, xs):
    return jnp.stack([grad_fn(params, x) for x in xs])
"""

TRAIN = """
import jax
import jax.numpy as jnp

from model import per_example


def loss(params, x):
    return jnp.sum(jnp.tanh(params @ x) ** 2)


def step(params, key, n):
    xs = jax.random.normal(key, (n, 8))
    return per_example(jax.grad(loss), params, xs)
"""

PLAIN = """
import jax.numpy as jnp

from model import per_example


def features(params, xs):
    xs = jnp.asarray(xs)
    return per_example(jnp.dot, params, xs)
"""


def _scan(tmp_path: Path, files: dict[str, str], codes=("GA101", "GA102")):
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    settings = Settings(codes=codes, root=str(tmp_path))
    results = lint_paths([(tmp_path / name, name) for name in files], settings, jobs=1)
    return {result.path: result for result in results}


def test_a_call_site_in_another_file_proves_the_gradient_parameter(tmp_path):
    results = _scan(tmp_path, {"model.py": MODEL, "train.py": TRAIN})
    findings = results["model.py"].findings
    assert [finding.code for finding in findings] == ["GA102"], [f.message for f in findings]
    finding = findings[0]
    assert "`grad_fn`" in finding.message and "jax.vmap(grad_fn, in_axes=(None, 0))(params, xs)" in finding.message
    assert any("train.py:" in item and "gradient function" in item for item in finding.evidence), finding.evidence
    assert finding.fix is not None and finding.fix.applicability == "unsafe"
    assert results["train.py"].findings == []


def test_without_that_call_site_there_is_no_gradient_finding(tmp_path):
    alone = _scan(tmp_path, {"model.py": MODEL}, codes=("GA102",))
    assert alone["model.py"].findings == []
    other = _scan(tmp_path, {"model.py": MODEL, "features.py": PLAIN}, codes=("GA102",))
    assert other["model.py"].findings == []
