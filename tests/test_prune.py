"""Block pruning never changes what a scan reports: it only skips parsing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gradadvisor.engine import prune as prune_module
from gradadvisor.engine.runner import check_text
from gradadvisor.rules import all_rules

FILLER = "".join(
    f"def helper_{index}(x):\n    '''Docstring with a column-0 line\nin it.'''\n    return x + {index}\n\n\n" for index in range(70)
)

CASES = {
    "context from another block": (
        "import jax\nimport jax.numpy as jnp\n\n\n" + FILLER
        + "def loss(a, b):\n    return jnp.sum(jnp.diag(a.T @ b))\n\n\n"
        + FILLER.replace("helper_", "other_")
        + "def train(a, b):\n    return jax.grad(loss)(a, b)\n"
    ),
    "decorated and black-style signatures": (
        "import jax\nimport jax.numpy as jnp\n\n\n" + FILLER
        + "@jax.jit\ndef f(\n    x,\n):\n    return sum(jnp.exp(-xi) for xi in x)\n\n\n"
        + "class Model:\n    def __call__(self, a, b):\n        return jnp.trace(a @ b)\n"
    ),
    "local helper used by the candidate": (
        "import jax\nimport jax.numpy as jnp\n\n\n" + FILLER
        + "def rho(r):\n    return jnp.exp(-3 * (r + 1))\n\n\n"
        + FILLER.replace("helper_", "more_")
        + "def energy(x):\n    return sum(rho(xi) for xi in x)\n\n\ng = jax.grad(energy)\n"
    ),
}


def _findings(text):
    checked = check_text("big.py", text, list(all_rules()))
    assert not checked.errors
    return [(f.code, f.line, f.column, f.message, f.context) for f in checked.findings]


@pytest.mark.parametrize("name", sorted(CASES))
def test_pruning_keeps_findings_and_context(name, monkeypatch):
    text = CASES[name]
    assert len(text.splitlines()) >= prune_module.MIN_LINES
    pruned = _findings(text)
    monkeypatch.setattr(prune_module, "MIN_LINES", 10**9)  # pruning off
    whole = _findings(text)
    assert whole, "the case must have findings"
    assert pruned == whole


def test_prune_blanks_unrelated_blocks_and_keeps_line_numbers():
    text = CASES["context from another block"]
    trigger = re.compile(r"diag")
    pruned = prune_module.prune(text, [lambda block: bool(trigger.search(block))])
    assert pruned is not None
    assert len(pruned.splitlines()) == len(text.splitlines())
    assert "def helper_3" not in pruned  # unrelated: dropped
    assert "def loss" in pruned and "def train" in pruned  # candidate and its caller: kept
    assert "import jax.numpy as jnp" in pruned


def test_prune_parses_small_files_whole_or_not_at_all():
    small = "import jax\n\ndef f():\n    pass\n\ndef g():\n    pass\n"
    assert prune_module.prune(small, [lambda block: True]) is None  # every block matters: parse it all
    assert prune_module.prune(small, [lambda block: False]) == ""  # nothing can match: no parse


FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
POSITIVE_FIXTURES = sorted(
    path
    for path in FIXTURES.glob("GA*/*.py")
    if not path.name.endswith(".out.py") and (path.name.endswith(".in.py") or path.with_suffix(".expected").read_text().strip())
) + sorted((FIXTURES.parent / "patterns").glob("*.py"))


@pytest.mark.parametrize("path", POSITIVE_FIXTURES, ids=lambda path: str(path.relative_to(FIXTURES.parent)))
def test_block_triggers_keep_every_fixture_finding(path, monkeypatch):
    """Forcing pruning on every file must not lose a finding: each rule's block trigger
    matches the block that holds its findings (and its name links keep the context)."""
    text = path.read_text()
    monkeypatch.setattr(prune_module, "MIN_LINES", 10**9)  # pruning off
    whole = _findings(text)
    assert whole or path.parent.name == "patterns"
    monkeypatch.setattr(prune_module, "MIN_LINES", 0)
    assert _findings(text) == whole
