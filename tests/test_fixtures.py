"""Snapshot fixtures under fixtures/<CODE>/.

- ``<name>.py`` with ``<name>.expected``: the rule's findings on that file, one line each,
  ``LINE:COLUMN CODE (confidence) message``. An empty ``.expected`` means the file must stay clean
  (a negative fixture: a look-alike the rule must not report).
- ``<name>.in.py`` with ``<name>.out.py``: applying the rule's fixes (unsafe included) to
  the first gives the second, and a second run changes nothing.

Run with GRADADVISOR_UPDATE_SNAPSHOTS=1 to rewrite the ``.expected`` files after a
deliberate change (then review the diff).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gradadvisor.engine.runner import Settings, lint_file
from gradadvisor.rules import all_rules, rule_by_code

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
UPDATE = os.environ.get("GRADADVISOR_UPDATE_SNAPSHOTS") == "1"


def _code_of(path: Path) -> str:
    return path.relative_to(FIXTURES).parts[0]


def _snapshot_cases():
    for path in sorted(FIXTURES.glob("GA*/*.py")):
        if path.name.endswith((".in.py", ".out.py")):
            continue
        yield pytest.param(path, id=str(path.relative_to(FIXTURES)))


def _fix_cases():
    for path in sorted(FIXTURES.glob("GA*/*.in.py")):
        yield pytest.param(path, id=str(path.relative_to(FIXTURES)))


def _render(findings) -> str:
    return "".join(f"{f.line}:{f.column} {f.code} ({f.confidence}) {f.message}\n" for f in findings)


def test_every_rule_has_fixtures():
    for rule in all_rules():
        if not rule.default_enabled:
            continue
        folder = FIXTURES / rule.code
        expected = list(folder.glob("*.expected"))
        positives = [p for p in expected if p.read_text().strip()]
        negatives = [p for p in expected if not p.read_text().strip()]
        assert positives and negatives, f"{rule.code} needs positive and negative fixtures in {folder}"
        if rule.fixable():
            assert list(folder.glob("*.in.py")), f"{rule.code} is fixable: add a fix pair in {folder}"


@pytest.mark.parametrize("path", list(_snapshot_cases()))
def test_snapshot(path: Path):
    code = _code_of(path)
    assert rule_by_code(code) is not None, f"fixtures/{code} names no rule"
    result = lint_file(path, path.name, Settings(codes=(code,), root=str(FIXTURES)))
    assert not [e for e in result.errors if e.kind != "skipped"], result.errors
    actual = _render(result.findings)
    expected_path = path.with_suffix(".expected")
    if UPDATE:
        expected_path.write_text(actual)
    assert expected_path.exists(), f"missing {expected_path.name}; run with GRADADVISOR_UPDATE_SNAPSHOTS=1"
    assert actual == expected_path.read_text()


@pytest.mark.parametrize("path", list(_fix_cases()))
def test_fix_pair(path: Path, tmp_path: Path):
    code = _code_of(path)
    expected = path.with_name(path.name[: -len(".in.py")] + ".out.py").read_text()
    target = tmp_path / "case.py"
    target.write_bytes(path.read_bytes())
    settings = Settings(codes=(code,), root=str(tmp_path), fix_mode="fix", unsafe_fixes=True)
    first = lint_file(target, "case.py", settings)
    assert first.fixed > 0, "the fix pair's input offered no fix"
    assert target.read_text() == expected
    second = lint_file(target, "case.py", settings)
    assert second.fixed == 0 and target.read_text() == expected, "a second run changed the file again"
