"""`gradadvisor scan patterns/`, the quickstart's demo, reports every slow baseline and no rewrite."""

from __future__ import annotations

from pathlib import Path

from gradadvisor.engine.runner import Settings, lint_file
from gradadvisor.rules import all_rules

PATTERNS = Path(__file__).resolve().parent.parent / "patterns"

EXPECTED = {
    "at_set_recurrence.py": "GA103",
    "diag_of_matmul.py": "GA202",
    "per_example_grads.py": "GA102",
    "per_sample_map.py": "GA101",
    "sum_with_closure.py": "GA301",
    "view_slicing_loop.py": "GA201",
    "touching_large_array.py": "GA401",  # (table * scale)[index]: the gradient pays for the whole table
    "linear_recurrence.py": "GA103",  # a list of carried states, then jnp.stack
    "scatter_loop.py": "GA103",  # independent .at[idx[i]].set writes: one scatter
    "list_recurrence.py": "GA103",  # a list read at T[n - 1] and T[n - 2]
    "gather_map.py": "GA101",  # one gather per index, stacked
    "pair_sum.py": "GA302",  # itertools.combinations(pos, 2): a triangle of pairs
}


def test_every_pattern_baseline_is_reported_and_no_candidate():
    settings = Settings(codes=tuple(rule.code for rule in all_rules() if rule.default_enabled), root=str(PATTERNS))
    assert sorted(EXPECTED) == sorted(path.name for path in PATTERNS.glob("*.py"))
    for name, code in EXPECTED.items():
        result = lint_file(PATTERNS / name, name, settings)
        assert not result.errors
        assert [f.code for f in result.findings] == ([code] if code else []), name
        for finding in result.findings:
            assert "`baseline`" in (finding.context or ""), finding.context
