"""`gradadvisor scan` reads code; it never imports it, nor jax or numpy."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from conftest import DIAG_SOURCE, SUM_SOURCE, write

#: A module that leaves a marker file behind if it is ever imported or run.
BOOBY_TRAP = """\
import pathlib
pathlib.Path({marker!r}).write_text("imported")
import jax
import jax.numpy as jnp


@jax.jit
def f(a, b, x):
    return jnp.diag(a.T @ b) + sum(jnp.exp(-xi) for xi in x)
"""


def _trap(tmp_path):
    marker = tmp_path / "IMPORTED"
    project = tmp_path / "project"
    for name in ("trap.py", "pkg/__init__.py", "pkg/__main__.py", "setup.py", "conftest.py"):
        write(project / name, BOOBY_TRAP.format(marker=str(marker)))
    write(project / "slow.py", DIAG_SOURCE)
    write(project / "sums.py", SUM_SOURCE)
    return project, marker


def test_scan_never_imports_the_scanned_code(run_cli, tmp_path):
    project, marker = _trap(tmp_path)
    result = run_cli("scan", "--format", "json", str(project))
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["files"] == 7
    assert {f["code"] for f in report["findings"]} >= {"GA202", "GA301"}
    assert not marker.exists()
    result = run_cli("scan", "--fix", "--unsafe-fixes", "--jobs", "2", str(project))
    assert result.returncode in (0, 1), result.stderr
    assert not marker.exists()


def test_scan_imports_neither_jax_nor_numpy(tmp_path):
    project, marker = _trap(tmp_path)
    probe = textwrap.dedent(
        f"""
        import json, sys
        from gradadvisor.cli import main
        codes = []
        for args in (["scan", "--jobs", "1", {str(project)!r}],
                     ["scan", "--jobs", "1", "--format", "sarif", "--select", "ALL", {str(project)!r}],
                     ["scan", "--jobs", "1", "--diff", "--unsafe-fixes", {str(project)!r}],
                     ["rules"], ["rule", "GA202"]):
            try:
                main(args)
            except SystemExit as exit:
                codes.append(exit.code)
        heavy = sorted(name for name in sys.modules if name.split(".")[0] in ("jax", "jaxlib", "numpy"))
        print("RESULT", json.dumps({{"codes": codes, "heavy": heavy}}))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("RESULT "))
    outcome = json.loads(line.removeprefix("RESULT "))
    assert outcome["codes"] == [1, 1, 1, 0, 0]
    assert outcome["heavy"] == []
    assert not marker.exists()
