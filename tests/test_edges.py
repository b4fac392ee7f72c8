"""Edges a user meets (issue 17): what ``--diff`` says of unsafe fixes, diffs of files without
a final line break, and the other small contracts listed there."""

from __future__ import annotations

from pathlib import Path

from conftest import DIAG_SOURCE, UNSAFE_SUM_SOURCE, write


# -- --diff and unsafe fixes -------------------------------------------------------------


def test_diff_counts_the_unsafe_fixes_it_leaves_out(cli, tmp_path):
    """ruff: "No errors would be fixed (1 fix available with `--unsafe-fixes`)." and exit 0
    (``--diff`` exits 1 only when it prints a diff)."""
    write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    only_unsafe = cli("scan", "--diff", "energy.py")
    assert only_unsafe.exit_code == 0 and only_unsafe.stdout == ""
    assert only_unsafe.stderr == "No findings would be fixed (1 fix available with `--unsafe-fixes`).\n"
    write(tmp_path / "slow.py", DIAG_SOURCE)
    both = cli("scan", "--diff", "energy.py", "slow.py")
    assert both.exit_code == 1 and "+++ b/slow.py" in both.stdout and "energy.py" not in both.stdout
    assert both.stderr == "Would fix 1 finding in 1 file (1 additional fix available with `--unsafe-fixes`).\n"
    shown = cli("scan", "--diff", "--unsafe-fixes", "energy.py", "slow.py")
    assert shown.exit_code == 1 and shown.stderr == "Would fix 2 findings in 2 files.\n"


def test_a_diff_of_a_file_without_a_final_line_break_ends_its_lines(cli, tmp_path):
    """The last line of such a file is followed by ``\\ No newline at end of file``, as in
    ``diff`` and ``git diff``: nothing printed after the diff lands on its line, and ``patch``
    reads it."""
    write(tmp_path / "slow.py", DIAG_SOURCE.rstrip("\n"))
    result = cli("scan", "--diff", "slow.py")
    assert result.exit_code == 1
    assert result.stdout.endswith('+d = jnp.einsum("ij,ij->j", a, b)\n\\ No newline at end of file\n')
    assert "-d = jnp.diag(a.T @ b)\n\\ No newline at end of file\n" in result.stdout
    assert all(line[:1] in ("-", "+", " ", "@", "\\") for line in result.stdout.splitlines())
    import shutil
    import subprocess

    if shutil.which("patch"):
        (tmp_path / "fix.diff").write_text(result.stdout)
        applied = subprocess.run(["patch", "-p1", "-i", "fix.diff"], cwd=tmp_path, capture_output=True, text=True)
        assert applied.returncode == 0, applied.stdout + applied.stderr
        assert (tmp_path / "slow.py").read_text() == DIAG_SOURCE.rstrip("\n").replace("jnp.diag(a.T @ b)", 'jnp.einsum("ij,ij->j", a, b)')


def test_concise_and_statistics_mark_what_fix_applies(cli, tmp_path):
    write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    write(tmp_path / "slow.py", DIAG_SOURCE)
    concise = cli("scan", "--format", "concise", "-q", "energy.py", "slow.py").stdout.splitlines()
    assert concise[0].startswith("energy.py:10:12: GA301 `sum(")
    assert concise[1].startswith("slow.py:3:5: GA202 [*] `jnp.diag")
    unsafe = cli("scan", "--format", "concise", "-q", "--unsafe-fixes", "energy.py").stdout
    assert unsafe.startswith("energy.py:10:12: GA301 [*] `sum(")
    rows = [line.split() for line in cli("scan", "--statistics", "energy.py", "slow.py").stdout.splitlines()[:2]]
    assert rows == [["1", "GA202", "[*]", "diag-of-matmul"], ["1", "GA301", "python-sum-over-array"]]


# -- start-up: what a command imports ---------------------------------------------------


def _modules_after(tmp_path: Path, *args: str) -> set[str]:
    """The modules loaded once ``gradadvisor ARGS`` has run in a fresh interpreter."""
    import json
    import subprocess
    import sys

    from conftest import _clean_env

    code = (
        "import json, sys\nfrom gradadvisor.cli import main\n"
        f"try:\n    main({list(args)!r})\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write('MODULES' + json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=_clean_env(), capture_output=True, text=True, timeout=120)
    return set(json.loads(result.stderr.rsplit("MODULES", 1)[1]))


def test_version_and_help_load_neither_the_engine_nor_rich(tmp_path):
    """Start-up is paid on every call (pre-commit, editors): ``--version`` loads click and nothing
    of the scanner (benchmarks/startup.py measures the time)."""
    for args in (["--version"], ["--help"]):
        loaded = _modules_after(tmp_path, *args)
        heavy = {name for name in loaded if name.startswith(("gradadvisor.engine", "gradadvisor.rules", "gradadvisor.analysis", "rich"))}
        assert heavy == set(), (args, heavy)


def test_a_scan_of_one_file_loads_only_what_it_uses(tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    loaded = _modules_after(tmp_path, "scan", "--no-cache", "slow.py")
    assert "gradadvisor.engine.runner" in loaded and "rich.console" in loaded  # it did scan and print
    unused = {
        "gradadvisor.engine.notebook",  # no notebook
        "gradadvisor.engine.cache",  # --no-cache
        "multiprocessing",  # one file: no worker processes
        "concurrent.futures.process",
        "rich.progress",  # no progress bar for one file
        "rich.table",
        "rich.markdown",
        "gradadvisor.bench.command",
        "gradadvisor.trace.command",
        "jax",
        "numpy",
    }
    assert unused & loaded == set()
