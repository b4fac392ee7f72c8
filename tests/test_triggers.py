"""Trigger lines and the gated walk: a rule walks only code its trigger can match, and
that never loses a finding the whole-file walk would make."""

from __future__ import annotations

import re

import pytest

from conftest import DIAG_FIXED, DIAG_SOURCE, write
from gradadvisor.analysis.syntax import Source
from gradadvisor.engine.runner import check_text
from gradadvisor.analysis.lines import literal_pieces, match_lines
from gradadvisor.engine.triggers import Triggers
from gradadvisor.rules import all_rules

RULES = list(all_rules())
PATTERNS = sorted(
    {pattern for rule in RULES for pattern in ((rule.trigger if isinstance(rule.trigger, tuple) else (rule.trigger,)) + (rule.expression_trigger,)) if pattern is not None},
    key=lambda pattern: pattern.pattern,
)
SAMPLES = [case.code for rule in RULES for case in (*rule.VALID, *rule.INVALID)] + [
    "xs = [f(x) for x in xs]\nys = map (g, xs)\ntotal += 1\nq = jnp.sum(x)\nr = sum (x)\n",
    "for_each = 1\nbefore = 2\n_map(x)\nself.sum(x)\nobj.diag(x)\nnp.diag (x)\n",
    "a = b\\\n    + c\nwhile_x = 0\nlambda_ = 3\nf = lambda: 0\n",
]


def _naive_lines(pattern: re.Pattern[str], text: str) -> list[int]:
    source = Source(text)
    return sorted({source.line_of(match.start()) for match in pattern.finditer(text)})


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda pattern: pattern.pattern)
def test_match_lines_finds_every_line_the_pattern_matches(pattern):
    for text in SAMPLES:
        assert match_lines(pattern, Source(text)) == _naive_lines(pattern, text), text


@pytest.mark.parametrize(
    ("written", "pieces"),
    [
        (r"\b(?:for|while)\b", [("for\\b", "_"), ("while\\b", "_")]),
        (r"(?:stack|array)\s*\(", [("stack\\s*\\(", None), ("array\\s*\\(", None)]),
        (r"(?<![\w.])sum\s*\(", [("sum\\s*\\(", "_.")]),
        (r"\b(?:(?:for|while)\b|map\s*\()", [("for\\b", "_"), ("while\\b", "_"), ("map\\s*\\(", "_")]),
        (r"[+-]=|add\s*\(", [("[+-]=", None), ("add\\s*\\(", None)]),
        # A quantified group and a leading assertion before a non-word are kept as written.
        (r"(?:ab)?c", [("(?:ab)?c", None)]),
        (r"\b\.x", [("\\b\\.x", None)]),
    ],
)
def test_literal_pieces_split_alternatives_and_lift_leading_assertions(written, pieces):
    assert [(piece.pattern, excluded) for piece, excluded in literal_pieces(re.compile(written))] == pieces


def test_a_rule_whose_trigger_never_matches_is_not_active():
    ga202 = next(rule for rule in RULES if rule.code == "GA202")
    ga301 = next(rule for rule in RULES if rule.code == "GA301")
    triggers = Triggers(Source("import jax\nx = sum(y)\n"), [ga202, ga301])
    assert not triggers.anywhere(ga202)
    assert triggers.anywhere(ga301)


GATED = '''import jax
import jax.numpy as jnp


class Model:
    def plain(self, x):
        return x + 1

    def stacked(self, xs):
        out = []
        for x in xs:
            out.append(jnp.tanh(x))
        return jnp.stack(out)


def helper(a, b):
    return a @ b


def diag(a, b):
    return jnp.diag(a.T @ b)
'''


def test_the_gated_walk_finds_what_each_function_holds():
    """Each finding sits in the one function whose text matches its rule's trigger."""
    found = {(finding.code, finding.line) for finding in check_text("m.py", GATED, RULES, min_confidence="low").findings}
    assert ("GA202", 21) in found
    assert any(code == "GA101" and 10 <= line <= 13 for code, line in found)


def test_a_form_feed_line_does_not_shift_the_text_of_later_code(cli, tmp_path):
    """``str.splitlines`` breaks at a form feed, Python's tokenizer does not: the fix must edit
    the line ``ast`` names, not the one after it."""
    source = "\x0c\n" + DIAG_SOURCE + "\x0c\ne = a + b\n"
    path = write(tmp_path / "ff.py", source)
    result = cli("scan", "--fix", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_text() == "\x0c\n" + DIAG_FIXED + "\x0c\ne = a + b\n"
