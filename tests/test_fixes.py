"""``--diff``, ``--fix`` and ``--unsafe-fixes``: what is written, and how."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from conftest import (
    CLEAN_SOURCE,
    DIAG_FIXED,
    DIAG_SOURCE,
    MIXED_SOURCE,
    SUM_FIXED,
    SUM_SOURCE,
    UNSAFE_SUM_SOURCE,
    scan_json,
    write,
)
from gradadvisor.rules import rule_by_code
from gradadvisor.fixes.edits import Edit, Fix

MIXED_FIXED = (
    "import jax\nimport jax.numpy as jnp\nA, B = jnp.ones((64, 8)), jnp.ones((64, 8))\nX = jnp.ones(32)\n@jax.jit\ndef f(s):\n"
    '    d = jnp.einsum("ij,ij->j", A, B)\n    d = jnp.einsum("ij,ij->i", A, B)\n'
    "    return d + s * jnp.sum(jnp.exp(-X), axis=0)\n"
)
UNSAFE_FIX = "jnp.sum(jax.vmap(rho)(x), axis=0)"


def _snapshot(path):
    info = path.stat()
    return path.read_bytes(), info.st_mtime_ns, stat.S_IMODE(info.st_mode)


# -- --diff -------------------------------------------------------------------------------


def test_diff_shows_a_unified_diff_and_writes_nothing(cli, tmp_path):
    target = write(tmp_path / "slow.py", DIAG_SOURCE)
    before = _snapshot(target)
    result = cli("scan", "--diff", "slow.py")
    assert result.exit_code == 1
    assert result.stdout == (
        "--- a/slow.py\n+++ b/slow.py\n@@ -1,3 +1,3 @@\n import jax.numpy as jnp\n a, b = jnp.ones((100, 8)), jnp.zeros((100, 8))\n"
        '-d = jnp.diag(a.T @ b)\n+d = jnp.einsum("ij,ij->j", a, b)\n'
    )
    assert "Would fix 1 finding in 1 file." in result.stderr
    assert _snapshot(target) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slow.py"]


def test_diff_with_fix_still_writes_nothing(cli, tmp_path):
    target = write(tmp_path / "slow.py", DIAG_SOURCE)
    before = _snapshot(target)
    result = cli("scan", "--diff", "--fix", "slow.py")
    assert result.exit_code == 1
    assert '+d = jnp.einsum("ij,ij->j", a, b)' in result.stdout
    assert _snapshot(target) == before


def test_diff_exits_0_when_nothing_is_fixable(cli, tmp_path):
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)  # only an unsafe fix
    result = cli("scan", "--diff", ".")
    assert result.exit_code == 0
    assert result.stdout == ""
    # as ruff says it: the unsafe fix exists, and how to see it
    assert result.stderr.strip() == "No findings would be fixed (1 fix available with `--unsafe-fixes`)."


def test_diff_with_unsafe_fixes_shows_them(cli, tmp_path):
    target = write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    result = cli("scan", "--diff", "--unsafe-fixes", "energy.py")
    assert result.exit_code == 1
    assert f"+    return {UNSAFE_FIX}\n" in result.stdout
    assert target.read_text() == UNSAFE_SUM_SOURCE


def test_diff_covers_every_fix_in_every_file(cli, tmp_path):
    write(tmp_path / "a.py", MIXED_SOURCE)
    write(tmp_path / "b.py", DIAG_SOURCE)
    result = cli("scan", "--diff", ".")
    assert result.stdout.count("+++ b/") == 2
    assert result.stdout.count("\n+    d = jnp.einsum") == 2
    assert "Would fix 4 findings in 2 files." in result.stderr


# -- --fix --------------------------------------------------------------------------------


def test_fix_applies_safe_fixes_and_exits_0_when_all_are_fixed(cli, tmp_path):
    slow = write(tmp_path / "slow.py", DIAG_SOURCE)
    sums = write(tmp_path / "sums.py", SUM_SOURCE)
    mixed = write(tmp_path / "mixed.py", MIXED_SOURCE)
    result = cli("scan", "--fix", ".")
    assert result.exit_code == 0, result.stdout
    assert "Fixed 5 findings." in result.stdout
    assert "All checks passed!" in result.stdout
    assert slow.read_text() == DIAG_FIXED
    assert sums.read_text() == SUM_FIXED
    assert mixed.read_text() == MIXED_FIXED


def test_fix_leaves_unsafe_fixes_and_exits_1(cli, tmp_path):
    energy = write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    slow = write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "--fix", ".")
    assert result.exit_code == 1
    assert energy.read_text() == UNSAFE_SUM_SOURCE
    assert slow.read_text() == DIAG_FIXED
    assert "energy.py:10:12: GA301" in result.stdout
    assert "Fixed 1 finding." in result.stdout
    assert "available with `--fix --unsafe-fixes`" in result.stdout


def test_unsafe_fixes_applies_them_too(cli, tmp_path):
    energy = write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    result = cli("scan", "--fix", "--unsafe-fixes", "energy.py")
    assert result.exit_code == 0
    assert energy.read_text() == UNSAFE_SUM_SOURCE.replace("sum(rho(xi) for xi in x)", UNSAFE_FIX)


def test_unsafe_fixes_without_fix_only_marks_them(cli, tmp_path):
    energy = write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    result = cli("scan", "--unsafe-fixes", "energy.py")
    assert result.exit_code == 1
    assert "energy.py:10:12: GA301 [*]" in result.stdout
    assert "1 fixable with `--fix --unsafe-fixes`" in result.stdout
    assert energy.read_text() == UNSAFE_SUM_SOURCE


def test_fix_is_idempotent(cli, tmp_path):
    files = {name: write(tmp_path / name, source) for name, source in [("a.py", MIXED_SOURCE), ("b.py", UNSAFE_SUM_SOURCE)]}
    assert cli("scan", "--fix", "--unsafe-fixes", ".").exit_code == 0
    after_first = {name: _snapshot(path) for name, path in files.items()}
    second = cli("scan", "--fix", "--unsafe-fixes", ".")
    assert second.exit_code == 0
    assert "Fixed" not in second.stdout
    assert {name: _snapshot(path) for name, path in files.items()} == after_first
    assert cli("scan", "--diff", "--unsafe-fixes", ".").stdout == ""


def test_fix_of_nested_findings_takes_rounds(cli, tmp_path):
    """Overlapping fixes are applied in rounds: the outer one first, then the inner one."""
    header = "import jax.numpy as jnp\na = c = d = jnp.ones((9, 9))\n"
    target = write(tmp_path / "nested.py", header + "t = jnp.trace(a @ jnp.diag(jnp.diag(c.T @ d)))\n")
    result = cli("scan", "--fix", "nested.py")
    assert result.exit_code == 0, result.stdout
    assert "Fixed 2 findings." in result.stdout
    assert target.read_text() == header + 't = jnp.einsum("ij,ji->", a, jnp.diag(jnp.einsum("ij,ij->j", c, d)))\n'


def test_fix_reports_remaining_findings_in_json(cli, tmp_path):
    write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    write(tmp_path / "slow.py", DIAG_SOURCE)
    code, report = scan_json(cli, "--fix", ".")
    assert code == 1
    assert [(f["path"], f["code"]) for f in report["findings"]] == [("energy.py", "GA301")]


def test_fix_respects_noqa(cli, tmp_path):
    source = DIAG_SOURCE.replace("b)\n", "b)  # noqa: GA202\n")
    target = write(tmp_path / "slow.py", source)
    assert cli("scan", "--fix", "slow.py").exit_code == 0
    assert target.read_text() == source


# -- what the written file keeps ------------------------------------------------------------


def test_crlf_line_endings_are_kept(cli, tmp_path):
    target = write(tmp_path / "dos.py", MIXED_SOURCE.replace("\n", "\r\n").encode())
    assert cli("scan", "--fix", "dos.py").exit_code == 0
    assert target.read_bytes() == MIXED_FIXED.replace("\n", "\r\n").encode()


def test_latin1_with_a_coding_cookie_stays_latin1(cli, tmp_path):
    source = "# -*- coding: latin-1 -*-\n# café, naïve\nimport jax.numpy as jnp; a = b = jnp.ones((9, 9))\nd = jnp.diag(a.T @ b)  # é\n"
    target = write(tmp_path / "latin.py", source.encode("latin-1"))
    assert cli("scan", "--fix", "latin.py").exit_code == 0
    expected = source.replace("jnp.diag(a.T @ b)", 'jnp.einsum("ij,ij->j", a, b)')
    assert target.read_bytes() == expected.encode("latin-1")


def test_utf8_bom_is_kept(cli, tmp_path):
    target = write(tmp_path / "bom.py", b"\xef\xbb\xbf" + ("# π\n" + DIAG_SOURCE).encode())
    assert cli("scan", "--fix", "bom.py").exit_code == 0
    assert target.read_bytes() == b"\xef\xbb\xbf" + ("# π\n" + DIAG_FIXED).encode()


def test_no_trailing_newline_stays_that_way(cli, tmp_path):
    target = write(tmp_path / "slow.py", DIAG_SOURCE.rstrip("\n"))
    assert cli("scan", "--fix", "slow.py").exit_code == 0
    assert target.read_text() == DIAG_FIXED.rstrip("\n")


def test_file_permissions_are_kept(cli, tmp_path):
    script = write(tmp_path / "script.py", "#!/usr/bin/env python\n" + DIAG_SOURCE)
    script.chmod(0o750)
    private = write(tmp_path / "private.py", DIAG_SOURCE)
    private.chmod(0o600)
    assert cli("scan", "--fix", ".").exit_code == 0
    assert stat.S_IMODE(script.stat().st_mode) == 0o750
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert private.read_text() == DIAG_FIXED


def test_a_symlinked_file_is_fixed_through_the_link(cli, tmp_path):
    real = write(tmp_path / "real" / "slow.py", DIAG_SOURCE)
    os.symlink(real, tmp_path / "link.py")
    assert cli("scan", "--fix", "link.py").exit_code == 0
    assert (tmp_path / "link.py").is_symlink()
    assert real.read_text() == DIAG_FIXED


def test_write_is_atomic_when_the_rename_fails(cli, tmp_path, monkeypatch):
    """A failure mid-run leaves that file as it was and no temporary file behind; the rest is fixed."""
    files = {name: write(tmp_path / name, DIAG_SOURCE) for name in ("a.py", "b.py", "c.py")}
    real_replace = os.replace
    calls = []

    def replace(source, target, *args, **kwargs):
        if os.path.dirname(os.fspath(target)) == str(tmp_path):  # the scanned files (not the cache's)
            calls.append(os.fspath(source))
        if os.fspath(target).endswith("b.py"):
            raise OSError(errno.EIO, "Input/output error")
        return real_replace(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    result = cli("scan", "--fix", "--jobs", "1", ".")
    assert result.exit_code == 1
    assert "b.py: io-error: cannot write fixes: Input/output error" in result.stdout
    assert files["a.py"].read_text() == DIAG_FIXED
    assert files["b.py"].read_text() == DIAG_SOURCE
    assert files["c.py"].read_text() == DIAG_FIXED
    # The fixes went through temporary files beside the targets, and none is left.
    assert len(calls) == 3 and all(os.path.dirname(call) == str(tmp_path) for call in calls)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.py", "b.py", "c.py"]


def test_write_is_atomic_when_writing_the_temporary_file_fails(cli, tmp_path, monkeypatch):
    target = write(tmp_path / "slow.py", DIAG_SOURCE)

    def fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)
    result = cli("scan", "--fix", "--jobs", "1", "slow.py")
    assert result.exit_code == 1
    assert "slow.py: io-error: cannot write fixes: No space left on device" in result.stdout
    assert target.read_text() == DIAG_SOURCE
    assert [path.name for path in tmp_path.iterdir()] == ["slow.py"]


# -- a fix that would break the code ------------------------------------------------------


@pytest.fixture
def broken_ga202_fix(monkeypatch):
    """GA202 reports as usual, but its fix replaces the call with a keyword."""
    rule = rule_by_code("GA202")
    original_report = rule.report

    def report(self, node, message, **fields):
        start, end = self.ctx.source.start(node), self.ctx.source.end(node)
        original_report(self, node, message, **{**fields, "fix": Fix((Edit(start, end, "if"),), "safe", "if")})

    monkeypatch.setattr(rule, "report", report)


def test_a_fix_that_does_not_parse_is_dropped_and_reported(cli, tmp_path, broken_ga202_fix):
    target = write(tmp_path / "slow.py", DIAG_SOURCE)
    before = _snapshot(target)
    code, report = scan_json(cli, "--fix", "--jobs", "1", "slow.py")
    assert code == 1
    assert _snapshot(target) == before
    [error] = report["errors"]
    assert error["kind"] == "fix-error"
    assert "does not parse" in error["message"]
    assert [f["code"] for f in report["findings"]] == ["GA202"]
    assert cli("scan", "--diff", "--jobs", "1", "slow.py").stdout == ""


def test_a_broken_fix_does_not_hold_back_the_good_ones(cli, tmp_path, broken_ga202_fix):
    target = write(tmp_path / "mixed.py", MIXED_SOURCE)
    code, report = scan_json(cli, "--fix", "--jobs", "1", "mixed.py")
    assert code == 1
    assert target.read_text() == MIXED_SOURCE.replace(
        "sum(jnp.exp(-xi) for xi in X)", "jnp.sum(jnp.exp(-X), axis=0)"
    )
    assert sorted((e["kind"], e["line"]) for e in report["errors"]) == [("fix-error", 7), ("fix-error", 8)]
    assert all("GA202" in e["message"] for e in report["errors"])
    assert [(f["code"], f["line"]) for f in report["findings"]] == [("GA202", 7), ("GA202", 8)]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file to another user")
def test_file_owner_is_kept(cli, tmp_path):
    target = write(tmp_path / "theirs.py", DIAG_SOURCE)
    os.chown(target, 12345, 54321)
    assert cli("scan", "--fix", "theirs.py").exit_code == 0
    assert target.read_text() == DIAG_FIXED
    assert (target.stat().st_uid, target.stat().st_gid) == (12345, 54321)


def test_a_file_we_may_not_write_is_not_replaced(cli, tmp_path, monkeypatch):
    """A read-only file in a writable folder: the rename would succeed, but must not be tried."""
    target = write(tmp_path / "vendored.py", DIAG_SOURCE)
    target.chmod(0o444)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode == os.W_OK else real_access(path, mode, **kw))
    result = cli("scan", "--fix", "--jobs", "1", "vendored.py")
    assert result.exit_code == 1
    assert "vendored.py: io-error: cannot write fixes: Permission denied" in result.stdout
    assert target.read_text() == DIAG_SOURCE
    assert stat.S_IMODE(target.stat().st_mode) == 0o444
    assert [path.name for path in tmp_path.iterdir()] == ["vendored.py"]
