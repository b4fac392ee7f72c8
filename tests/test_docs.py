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


def test_quickstart_makes_a_venv_then_installs_and_scans_then_tests():
    commands = _quickstart_commands()
    assert len(commands) == 3
    # PEP 668: an externally-managed system Python refuses pip outside a virtual environment.
    assert re.fullmatch(r"python3? -m venv \.venv && \. \.venv/bin/activate", commands[0])
    assert "pip install -e ." in commands[1] and "gradadvisor scan patterns/" in commands[1]
    assert 'pip install -e ".[test]"' in commands[2] and "pytest" in commands[2]


def test_ci_runs_exactly_the_quickstart_commands_in_order():
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    ci_lines = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    positions = []
    for command in _quickstart_commands():
        assert command in ci_lines, f"{command!r} is not run verbatim by .ci/run"
        positions.append(ci_lines.index(command))
    assert positions == sorted(positions)
    # ... and nothing else installs anything.
    installs = [line for line in ci_lines if "pip install" in line or "venv" in line]
    assert installs == _quickstart_commands()


def _scan_options() -> list[str]:
    from gradadvisor.cli import scan

    return [name for param in scan.params for name in param.opts + param.secondary_opts if name.startswith("--")]


def test_every_scan_option_is_documented():
    options = _scan_options()
    assert "--stdin-filename" in options and "--show-settings" in options  # the list is real
    for option in options:
        assert f"`{option}" in README or f"/ `{option}" in README or f"{option}`" in README, f"{option} is not in the README"


def test_every_output_format_is_documented():
    from gradadvisor.report import FORMATS

    section = README.split("## Output formats", 1)[1].split("\n## ", 1)[0]
    for name in FORMATS:
        assert f"- `{name}`" in section, f"format {name} is not described under Output formats"


def test_every_configuration_key_is_documented():
    from gradadvisor.config import KNOWN_KEYS

    section = README.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    for key in KNOWN_KEYS:
        assert re.search(rf"^\[?(tool\.gradadvisor\.)?{re.escape(key)}\]? *=|^{re.escape(key)} = |\[tool\.gradadvisor\.{re.escape(key)}\]", section, re.MULTILINE), key


def test_every_rule_is_in_the_readme_table():
    for rule in all_rules():
        assert re.search(rf"^\| {rule.code} \| `{rule.name}` \|", README, re.MULTILINE), f"{rule.code} missing from README"


def test_every_rule_documents_the_standard_sections():
    for rule in all_rules():
        doc = rule.documentation()
        for section in ("What it does", "Why it is slow for gradients", "Example", "Use instead", "When not to apply"):
            assert f"## {section}" in doc, f"{rule.code} lacks '## {section}'"
        assert re.fullmatch(r"GA\d{3}", rule.code) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
