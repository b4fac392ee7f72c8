"""Bad input is a diagnostic: the run goes on and the other files are still reported."""

from __future__ import annotations

import json
import os

import pytest

from conftest import CLEAN_SOURCE, DIAG_SOURCE, SUM_SOURCE, codes_at, scan_json, write
from gradadvisor.engine.runner import check_text
from gradadvisor.rules import rule_by_code


def _errors(report: dict) -> dict[str, dict]:
    return {error["path"]: error for error in report["errors"]}


def _assert_still_reports_the_good_file(report: dict) -> None:
    assert codes_at(report, "GA202") == [("good.py", "GA202", 3)]


@pytest.mark.parametrize(
    "source, line, column",
    [
        ("import jax.numpy as jnp\n\ndef f(:\n    return jnp.diag(a.T @ b)\n", 3, 7),
        ("import jax.numpy as jnp\nx = (1,\ny = jnp.diag(a.T @ b)\n", 2, 5),
        ("import jax.numpy as jnp\nd = jnp.diag(a.T @ b)\n  e = 1\n", 3, 2),  # CPython's column
        ("import jax.numpy as jnp\nd = jnp.diag(a.T @ b) b\n", 2, 23),
    ],
    ids=["bad-parameters", "unclosed-paren", "unexpected-indent", "two-expressions"],
)
def test_syntax_error_is_located_like_ruff(cli, tmp_path, source, line, column):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "broken.py", source)
    code, report = scan_json(cli, ".")
    assert code == 1
    error = _errors(report)["broken.py"]
    assert error["kind"] == "syntax-error"
    assert error["message"].startswith("SyntaxError: ")
    assert (error["line"], error["column"]) == (line, column)
    _assert_still_reports_the_good_file(report)


def test_syntax_error_text_line(cli, tmp_path):
    write(tmp_path / "broken.py", "import jax.numpy as jnp\nx = (1,\ny = jnp.diag(a.T @ b)\n")
    result = cli("scan", "broken.py")
    assert result.exit_code == 1
    assert result.stdout.startswith("broken.py:2:5: syntax-error: SyntaxError: '(' was never closed\n")


def test_latin1_file_with_a_coding_cookie_is_scanned(cli, tmp_path):
    source = "# -*- coding: latin-1 -*-\n# café\nimport jax.numpy as jnp; a = b = jnp.ones((9, 9))\nd = jnp.diag(a.T @ b)\n"
    write(tmp_path / "latin.py", source.encode("latin-1"))
    code, report = scan_json(cli, "latin.py")
    assert code == 1
    assert report["errors"] == []
    assert codes_at(report) == [("latin.py", "GA202", 4)]


def test_non_utf8_file_without_a_cookie_is_a_decode_error(cli, tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "latin.py", "import jax.numpy as jnp\n# café\nd = jnp.diag(a.T @ b)\n".encode("latin-1"))
    code, report = scan_json(cli, ".")
    assert code == 1
    error = _errors(report)["latin.py"]
    assert error["kind"] == "decode-error"
    assert "PEP 263" in error["message"]
    assert error["line"] == 2
    _assert_still_reports_the_good_file(report)


def test_unknown_coding_cookie_is_a_decode_error(cli, tmp_path):
    write(tmp_path / "odd.py", "# -*- coding: klingon -*-\nimport jax\n")
    code, report = scan_json(cli, "odd.py")
    assert code == 1
    assert _errors(report)["odd.py"]["kind"] == "decode-error"


def test_utf8_bom_file_is_scanned(cli, tmp_path):
    write(tmp_path / "bom.py", b"\xef\xbb\xbf" + DIAG_SOURCE.encode())
    code, report = scan_json(cli, "bom.py")
    assert code == 1
    assert codes_at(report) == [("bom.py", "GA202", 3)]
    assert report["findings"][0]["column"] == 5


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file_is_an_io_error(cli, tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    secret = write(tmp_path / "secret.py", DIAG_SOURCE)
    secret.chmod(0)
    try:
        code, report = scan_json(cli, ".")
    finally:
        secret.chmod(0o644)
    assert code == 1
    error = _errors(report)["secret.py"]
    assert error["kind"] == "io-error"
    assert "Permission denied" in error["message"]
    _assert_still_reports_the_good_file(report)


def test_unreadable_file_is_an_io_error_even_for_root(cli, tmp_path, monkeypatch):
    """Root reads any file, so simulate the permission error at the read."""
    from pathlib import Path

    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "secret.py", DIAG_SOURCE)
    real_read_bytes = Path.read_bytes

    def read_bytes(self):
        if self.name == "secret.py":
            raise PermissionError(13, "Permission denied", str(self))
        return real_read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    code, report = scan_json(cli, "--jobs", "1", ".")
    assert code == 1
    error = _errors(report)["secret.py"]
    assert (error["kind"], error["message"]) == ("io-error", "cannot read: Permission denied")
    _assert_still_reports_the_good_file(report)


def test_empty_and_blank_files_are_clean(cli, tmp_path):
    write(tmp_path / "empty.py", "")
    write(tmp_path / "blank.py", "\n\n   \n")
    write(tmp_path / "__init__.py", "")
    code, report = scan_json(cli, ".")
    assert code == 0
    assert report == {"version": report["version"], "files": 3, "findings": [], "errors": []}


def test_file_over_max_file_size_is_skipped_with_a_note(cli, tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "huge.py", DIAG_SOURCE + "x = 1\n" * 400_000)  # 2.4 MB > 2 MiB default
    code, report = scan_json(cli, ".")
    assert code == 1  # because of good.py, not the skipped file
    error = _errors(report)["huge.py"]
    assert error["kind"] == "skipped"
    assert "max-file-size" in error["message"]
    _assert_still_reports_the_good_file(report)
    assert not [f for f in report["findings"] if f["path"] == "huge.py"]


def test_skipped_file_alone_does_not_fail_the_run(cli, tmp_path):
    write(tmp_path / "huge.py", CLEAN_SOURCE + "x = 1\n" * 400_000)
    result = cli("scan", "huge.py")
    assert result.exit_code == 0
    assert "huge.py: skipped: file is 2.3 MiB, over the 2.0 MiB limit (max-file-size), skipped" in result.stdout


def test_binary_file_is_skipped(cli, tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "blob.py", b"import jax\x00\x01\x02\xff\xfe" * 20)
    code, report = scan_json(cli, ".")
    assert code == 1
    error = _errors(report)["blob.py"]
    assert error["kind"] == "skipped" and "binary" in error["message"]
    _assert_still_reports_the_good_file(report)


def test_symlink_loop_is_an_io_error(cli, tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    os.symlink("loop_b.py", tmp_path / "loop_a.py")
    os.symlink("loop_a.py", tmp_path / "loop_b.py")
    os.symlink("missing.py", tmp_path / "dangling.py")
    code, report = scan_json(cli, ".")
    assert code == 1
    errors = _errors(report)
    assert errors["loop_a.py"]["kind"] == errors["loop_b.py"]["kind"] == "io-error"
    assert errors["dangling.py"]["kind"] == "io-error"
    _assert_still_reports_the_good_file(report)


def test_symlink_loop_with_exclude_patterns_and_absolute_paths(cli, tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\nexclude = ["generated"]\n')
    os.symlink("loop_b.py", tmp_path / "loop_a.py")
    os.symlink("loop_a.py", tmp_path / "loop_b.py")
    code, report = scan_json(cli, ".")
    assert code == 1
    assert _errors(report)["loop_a.py"]["kind"] == "io-error"
    _assert_still_reports_the_good_file(report)
    result = cli("scan", str(tmp_path / "loop_a.py"), "good.py")
    assert result.exit_code == 1
    assert "loop_a.py: io-error" in result.stdout
    result = cli("scan", "loop_a.py")  # the search for pyproject.toml starts at the loop
    assert result.exit_code == 1
    assert "loop_a.py: io-error: cannot read: Too many levels of symbolic links" in result.stdout


def test_directory_named_like_a_python_file(cli, tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "x.py" / "inner.py", DIAG_SOURCE)
    code, report = scan_json(cli, ".")
    assert code == 1
    assert report["errors"] == []
    assert sorted(codes_at(report)) == [("good.py", "GA202", 3), ("x.py/inner.py", "GA202", 3)]
    # Named directly, it is walked, not read.
    code, report = scan_json(cli, "x.py")
    assert (code, report["files"], report["errors"]) == (1, 1, [])


DEEP_EXPRESSIONS = {
    "parentheses": ("(" * 3000 + "a" + ")" * 3000, "syntax-error"),  # CPython: too many nested parentheses
    "lists": ("[" * 300 + "a" + "]" * 300, "syntax-error"),
    "attributes": ("a" + ".c" * 20_000, "skipped"),  # CPython: too deep to build the tree
    "lambdas": ("lambda: " * 20_000 + "a", "skipped"),
}


def test_deeply_nested_code_is_a_diagnostic_not_a_crash(run_cli, tmp_path):
    """libcst's parser overflows its stack on these: a segfault that ended the whole run.

    In a subprocess, so that a regression fails this test instead of killing pytest.
    """
    write(tmp_path / "good.py", DIAG_SOURCE)
    for name, (expression, _) in DEEP_EXPRESSIONS.items():
        write(tmp_path / f"deep_{name}.py", DIAG_SOURCE + "e = " + expression + "\n")
    result = run_cli("scan", "--jobs", "1", "--format", "json", ".")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    errors = _errors(report)
    assert {name: errors[f"deep_{name}.py"]["kind"] for name in DEEP_EXPRESSIONS} == {
        name: kind for name, (_, kind) in DEEP_EXPRESSIONS.items()
    }
    _assert_still_reports_the_good_file(report)


def test_nesting_that_cpython_accepts_is_still_linted(cli, tmp_path):
    write(tmp_path / "nested.py", "import jax.numpy as jnp; a = b = jnp.ones((9, 9))\nd = jnp.diag(" + "(" * 150 + "a.T @ b" + ")" * 150 + ")\n")
    write(tmp_path / "wide.py", "import jax.numpy as jnp; a = b = jnp.ones((9, 9))\nd = jnp.diag(a.T @ b)  # " + "x" * 6000 + "\n")
    code, report = scan_json(cli, ".")
    assert code == 1
    assert report["errors"] == []
    assert sorted(codes_at(report)) == [("nested.py", "GA202", 2), ("wide.py", "GA202", 2)]


# -- internal errors ----------------------------------------------------------------------


def test_a_crashing_rule_is_an_internal_error_and_the_run_goes_on(cli, tmp_path, monkeypatch):
    def visit_Call(self, node):  # libcst collects visitors by their __name__
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(rule_by_code("GA202"), "visit_Call", visit_Call)
    write(tmp_path / "mixed.py", DIAG_SOURCE + "\n" + SUM_SOURCE)
    write(tmp_path / "sums.py", SUM_SOURCE)
    write(tmp_path / "clean.py", "x = 1\n")
    result = cli("scan", "--jobs", "1", "--format", "json", ".")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    [error] = report["errors"]
    assert error["path"] == "mixed.py"
    assert error["kind"] == "internal-error"
    assert "rule GA202 crashed on this file: ZeroDivisionError: boom" in error["message"]
    # The other rule still ran on the same file, and the other files were still scanned.
    assert sorted(codes_at(report)) == [("mixed.py", "GA301", 11), ("sums.py", "GA301", 7)]
    text = cli("scan", "--jobs", "1", ".")
    assert text.exit_code == 2
    assert "Traceback" not in text.output
    assert "mixed.py: internal-error: rule GA202 crashed" in text.stdout


def test_a_crash_outside_the_rules_fails_only_that_file(cli, tmp_path, monkeypatch):
    from gradadvisor.engine import runner

    real_phase1 = runner.phase1_text

    def phase1_text(display, text, settings):
        if display == "cursed.py":
            raise RuntimeError("engine bug")
        return real_phase1(display, text, settings)

    monkeypatch.setattr(runner, "phase1_text", phase1_text)
    write(tmp_path / "cursed.py", DIAG_SOURCE)
    write(tmp_path / "good.py", DIAG_SOURCE)
    code, report = scan_json(cli, "--jobs", "1", ".")
    assert code == 2
    error = _errors(report)["cursed.py"]
    assert (error["kind"], error["message"]) == ("internal-error", "RuntimeError: engine bug")
    _assert_still_reports_the_good_file(report)


def test_internal_error_wins_over_exit_zero(cli, tmp_path, monkeypatch):
    def visit_Call(self, node):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(rule_by_code("GA202"), "visit_Call", visit_Call)
    write(tmp_path / "slow.py", DIAG_SOURCE)
    assert cli("scan", "--jobs", "1", "--exit-zero", "slow.py").exit_code == 2


def test_check_text_never_raises_on_garbage():
    rules = [rule_by_code("GA202"), rule_by_code("GA301")]
    for text in ["import jax\n\x0c\x0b(", "import jax\n" + "[" * 500, "import jax\ndef f(:\n  diag(\n", "jax sum( diag(\n\t \t"]:
        checked = check_text("garbage.py", text, rules)
        assert checked.findings == []
        assert all(error.kind in ("syntax-error", "skipped") for error in checked.errors), checked.errors
