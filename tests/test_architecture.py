"""The architecture holds: import contracts (import-linter) and the lint (ruff), as configured in
pyproject.toml. Arrows point one way (cli -> bench/trace/profile -> report -> engine -> rules ->
fixes -> analysis), no rule imports another, and the scan path never imports jax or numpy."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 only
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str | None:
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else shutil.which(name)


def test_import_contracts_are_kept():
    lint_imports = _tool("lint-imports")
    if lint_imports is None:
        pytest.skip("import-linter is not installed (the test extra installs it)")
    result = subprocess.run([lint_imports, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


def test_the_independence_contract_lists_every_rule():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "independence")
    rules = {f"gradadvisor.rules.{path.stem}" for path in (ROOT / "gradadvisor" / "rules").glob("ga*.py")}
    assert set(contract["modules"]) == rules


def test_the_package_passes_its_lint():
    ruff = _tool("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (the test extra installs it)")
    result = subprocess.run([ruff, "check", "--no-cache", "--output-format", "concise", str(ROOT / "gradadvisor")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
