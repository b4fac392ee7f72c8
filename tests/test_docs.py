"""The README stays true: its quickstart and its rule table."""

from __future__ import annotations

import re
from pathlib import Path

from gradadvisor.rules import all_rules

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def _quickstart_commands() -> list[str]:
    section = README.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "the quickstart needs a sh code block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quickstart_is_two_commands_install_and_scan_then_tests():
    commands = _quickstart_commands()
    assert len(commands) == 2
    assert "pip install" in commands[0] and "gradadvisor scan patterns/" in commands[0]
    assert "pip install" in commands[1] and "pytest" in commands[1]


def test_ci_runs_the_quickstart_commands():
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    assert "pip install --quiet -e ." in ci and "gradadvisor scan patterns/" in ci
    assert 'pip install --quiet -e ".[test]"' in ci and "python -m pytest" in ci


def test_every_rule_is_in_the_readme_table():
    for rule in all_rules():
        assert re.search(rf"^\| {rule.code} \| `{rule.name}` \|", README, re.MULTILINE), f"{rule.code} missing from README"


def test_every_rule_documents_the_standard_sections():
    for rule in all_rules():
        doc = rule.documentation()
        for section in ("What it does", "Why it is slow for gradients", "Example", "Use instead", "When not to apply"):
            assert f"## {section}" in doc, f"{rule.code} lacks '## {section}'"
        assert re.fullmatch(r"GA\d{3}", rule.code) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
