"""Every rule's own VALID and INVALID cases (Fixit-style), collected automatically."""

from __future__ import annotations

import pytest

from gradadvisor.engine.runner import check_text
from gradadvisor.fixes.apply import apply_fixes
from gradadvisor.rules import all_rules

CASES = [
    pytest.param(rule, case, id=f"{rule.code}-{kind}-{index}")
    for rule in all_rules()
    for kind, cases in (("valid", rule.VALID), ("invalid", rule.INVALID))
    for index, case in enumerate(cases)
]


def _run(rule, source):
    # GA900 judges other rules' suppressions, so it runs with all of them.
    rules = list(all_rules()) if rule.code == "GA900" else [rule]
    checked = check_text("case.py", source, rules)
    assert not [e for e in checked.errors if e.kind != "skipped"], checked.errors
    return checked, [f for f in checked.findings if f.code == rule.code]


def test_every_rule_has_cases():
    for rule in all_rules():
        assert rule.VALID and rule.INVALID, f"{rule.code} needs valid and invalid cases"


@pytest.mark.parametrize("rule, case", CASES)
def test_case(rule, case):
    checked, findings = _run(rule, case.code)
    if not hasattr(case, "count"):
        assert findings == [], f"{rule.code} reported valid code: {[f.message for f in findings]}"
        return
    assert len(findings) == case.count, f"expected {case.count} {rule.code} finding(s), got {[f.message for f in findings]}"
    if case.message_contains:
        assert any(case.message_contains in f.message for f in findings), [f.message for f in findings]
    if case.expected_fix is not None:
        fixes = [finding.fix for finding in findings if finding.fix is not None]
        assert fixes, f"{rule.code} offered no fix"
        assert apply_fixes(case.code, fixes) == case.expected_fix
        # A second run finds nothing more to fix.
        again = check_text("case.py", case.expected_fix, [rule])
        assert [f for f in again.findings if f.code == rule.code and f.fix is not None] == []
    if case.applicability is not None:
        assert [f.fix.applicability for f in findings if f.fix is not None] == [case.applicability] * case.count
