"""Bad input is a diagnostic: the run goes on and the other files are still reported."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

from conftest import CLEAN_SOURCE, DIAG_SOURCE, SUM_SOURCE, _clean_env, codes_at, scan_json, write

try:
    import resource
except ImportError:  # not on Windows
    resource = None
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


@pytest.fixture
def permissions_enforced(tmp_path):
    """Skip unless file permissions stop this process (root, or CAP_DAC_OVERRIDE, reads anything)."""
    probe = write(tmp_path / ".probe", "")
    probe.chmod(0)
    try:
        probe.read_bytes()
    except PermissionError:
        return
    finally:
        probe.chmod(0o644)
        probe.unlink()
    pytest.skip("this process may read any file (root)")


def test_unreadable_file_is_an_io_error(cli, tmp_path, permissions_enforced):
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
    """Root reads any file, so simulate the permission error where the file is opened."""
    from gradadvisor.engine import source

    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "secret.py", DIAG_SOURCE)
    real_open = os.open

    def guarded_open(path, flags, *args, **kwargs):
        if os.fspath(path).endswith("secret.py"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(source.os, "open", guarded_open)
    code, report = scan_json(cli, "--jobs", "1", ".")
    assert code == 1
    error = _errors(report)["secret.py"]
    assert (error["kind"], error["message"]) == ("io-error", "cannot read: Permission denied")
    _assert_still_reports_the_good_file(report)


def test_unlistable_folder_is_an_io_error(cli, tmp_path, permissions_enforced):
    write(tmp_path / "good.py", DIAG_SOURCE)
    locked = write(tmp_path / "locked" / "inside.py", DIAG_SOURCE).parent
    locked.chmod(0)
    try:
        code, report = scan_json(cli, ".")
        named_code, named = scan_json(cli, "locked/inside.py", "good.py")  # cannot even be looked at
    finally:
        locked.chmod(0o755)
    assert code == 1
    error = _errors(report)["locked"]
    assert error["kind"] == "io-error" and "Permission denied" in error["message"]
    _assert_still_reports_the_good_file(report)
    assert named_code == 1
    assert _errors(named)["locked/inside.py"] == {
        "path": "locked/inside.py", "line": None, "column": None, "kind": "io-error", "message": "cannot read: Permission denied"
    }
    _assert_still_reports_the_good_file(named)


def test_unlistable_folder_is_an_io_error_even_for_root(cli, tmp_path, monkeypatch):
    """Root lists any folder, so simulate the permission error where folders are listed."""
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "locked" / "inside.py", DIAG_SOURCE)
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, report = scan_json(cli, ".")
    assert code == 1
    error = _errors(report)["locked"]
    assert (error["kind"], error["message"]) == ("io-error", "cannot list folder: Permission denied")
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


# -- special files ------------------------------------------------------------------------


def _scan_in_subprocess(tmp_path, *args: str) -> subprocess.CompletedProcess:
    """The real command, bounded: a regression (a FIFO read that blocks, /dev/zero read until
    memory runs out) fails the test instead of hanging it or exhausting the machine."""

    def limit_memory():
        if resource is not None:
            resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))

    return subprocess.run(
        [sys.executable, "-m", "gradadvisor", "scan", "--jobs", "1", "--format", "json", *args],
        cwd=tmp_path,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limit_memory if sys.platform.startswith("linux") else None,
    )


def _special_files(tmp_path) -> dict[str, str]:
    """Special files named like Python files, and what the diagnostic says about each."""
    made = {}
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.py")
        os.symlink("pipe.py", tmp_path / "to_pipe.py")
        made["pipe.py"] = "not a regular file (a FIFO), skipped"
        made["to_pipe.py"] = "not a regular file (a symbolic link to pipe.py, a FIFO), skipped"
    if os.path.exists("/dev/zero"):
        os.symlink("/dev/zero", tmp_path / "zeros.py")
        made["zeros.py"] = "not a regular file (a symbolic link to /dev/zero, a character device), skipped"
    if hasattr(socket, "AF_UNIX") and len(str(tmp_path / "sock.py")) < 100:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(tmp_path / "sock.py"))
        server.close()  # the socket file stays
        made["sock.py"] = "not a regular file (a socket), skipped"
    if not made:
        pytest.skip("no special files on this system")
    return made


def test_special_files_found_in_a_folder_are_skipped_with_a_note(tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    special = _special_files(tmp_path)
    result = _scan_in_subprocess(tmp_path, ".")
    assert result.returncode == 1, result.stderr  # the finding in good.py
    report = json.loads(result.stdout)
    errors = _errors(report)
    # to_pipe.py resolves to pipe.py: scanned once, under the first name found.
    reported = {name: message for name, message in special.items() if name != "to_pipe.py"}
    assert {name: (errors[name]["kind"], errors[name]["message"]) for name in reported} == {
        name: ("skipped", message) for name, message in reported.items()
    }
    _assert_still_reports_the_good_file(report)
    assert result.stderr == ""


def test_special_files_named_on_the_command_line_are_skipped_with_a_note(tmp_path):
    write(tmp_path / "good.py", DIAG_SOURCE)
    special = _special_files(tmp_path)
    for name, message in special.items():
        result = _scan_in_subprocess(tmp_path, name)
        assert result.returncode == 0, (name, result.stderr)  # a note alone does not fail the run
        assert json.loads(result.stdout)["errors"] == [
            {"path": name, "cell": None, "line": None, "column": None, "kind": "skipped", "message": message}
        ]
    result = _scan_in_subprocess(tmp_path, *special, "good.py")
    assert result.returncode == 1
    _assert_still_reports_the_good_file(json.loads(result.stdout))


def test_a_file_read_is_bounded_by_the_size_limit(tmp_path):
    """A file that grew after its size was checked is still read only up to the limit + 1."""
    from gradadvisor.engine.source import _read_regular

    path = write(tmp_path / "big.py", b"x = 1\n" * 1000)
    assert len(_read_regular(path, 100)) == 101
    assert len(_read_regular(path, 0)) == 6000  # 0: no limit


def test_dangling_symlink_named_on_the_command_line(cli, tmp_path):
    os.symlink("gone.py", tmp_path / "dangling.py")
    code, report = scan_json(cli, "dangling.py")
    assert code == 1
    assert report["errors"] == [
        {"path": "dangling.py", "cell": None, "line": None, "column": None, "kind": "io-error", "message": "cannot read: broken symbolic link to gone.py"}
    ]


# -- encodings ----------------------------------------------------------------------------

#: Bytes that cannot be Python source, and the diagnostic (kind, line, column, message start).
UNDECODABLE = {
    "utf-16-cookie": (b"# coding: utf-16\nimport jax\n", ("decode-error", 1, 1, "encoding problem: utf-16 is not ASCII-compatible")),
    "utf-32-cookie": (b"# coding: utf-32\nimport jax\n", ("decode-error", 1, 1, "encoding problem: utf-32 is not ASCII-compatible")),
    "ebcdic-cookie": (b"#!/usr/bin/env python\n# coding: cp037\nimport jax\n", ("decode-error", 2, 1, "encoding problem: cp037 is not ASCII-compatible")),
    "not-a-text-codec": (b"# coding: hex\nimport jax\n", ("decode-error", 1, 1, "encoding problem: hex is not a text encoding")),
    "unknown-codec": (b"# vim: set fileencoding=klingon :\nimport jax\n", ("decode-error", 1, 1, "unknown encoding in the coding comment: klingon")),
    "bom-and-other-cookie": (
        b"\xef\xbb\xbf# coding: latin-1\nimport jax\n",
        ("decode-error", 1, 1, "encoding problem: the file starts with a UTF-8 byte order mark but its coding comment declares latin-1"),
    ),
    "utf-16-with-bom": ("import jax\n".encode("utf-16"), ("decode-error", 1, 1, "the file is UTF-16 (it starts with a UTF-16 byte order mark)")),
    "invalid-utf-8": (b"import jax\nx = 1\ny = '\xe9t\xe9'\n", ("decode-error", 3, 6, "invalid UTF-8: byte 0xe9 at line 3, column 6 (invalid continuation byte)")),
    "invalid-for-the-cookie": (
        b"# coding: ascii\nimport jax\n\nz = 'caf\xc3\xa9'\n",
        ("decode-error", 4, 9, "cannot decode as ascii (its coding comment): byte 0xc3 at line 4, column 9"),
    ),
}


@pytest.mark.parametrize("data, expected", UNDECODABLE.values(), ids=UNDECODABLE.keys())
def test_source_cpython_refuses_is_a_decode_error(cli, tmp_path, data, expected):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "odd.py", data)
    code, report = scan_json(cli, ".")
    assert code == 1
    error = _errors(report)["odd.py"]
    kind, line, column, message = expected
    assert (error["kind"], error["line"], error["column"]) == (kind, line, column)
    assert error["message"].startswith(message), error["message"]
    _assert_still_reports_the_good_file(report)


@pytest.mark.parametrize("codec", ["utf-16", "utf-32", "utf-16-le", "hex", "rot13", "klingon", "punycode"])
def test_a_cookie_cpython_refuses_is_refused(codec):
    from gradadvisor.engine.source import FileError, decode_source

    data = f"# coding: {codec}\nx = 1\n".encode()
    with pytest.raises(SyntaxError):
        compile(data, "m.py", "exec")  # CPython's verdict, so that this list stays honest
    error = decode_source("m.py", data)
    assert isinstance(error, FileError) and error.kind == "decode-error" and codec in error.message


@pytest.mark.parametrize("codec", ["latin-1", "cp1252", "koi8-r", "euc-jp", "shift_jis", "gbk", "utf-8", "ascii"])
def test_an_ascii_compatible_cookie_is_honoured(codec):
    from gradadvisor.engine.source import SourceText, decode_source

    data = f"# -*- coding: {codec} -*-\nimport jax\nx = 'a + b ~ \\\\'\n".encode(codec)
    compile(data, "m.py", "exec")  # CPython accepts it too
    source = decode_source("m.py", data)
    assert isinstance(source, SourceText)
    assert source.text == data.decode(codec) and source.encode(source.text) == data


def test_a_nul_byte_anywhere_makes_the_file_binary(cli, tmp_path):
    """CPython refuses source with NUL bytes; a NUL past the first 8 KiB counts too."""
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "late_nul.py", DIAG_SOURCE.encode() + b"x = 1\n" * 3000 + b"y = '\x00'\n")
    code, report = scan_json(cli, ".")
    assert code == 1  # the note does not fail the run: good.py's finding does
    error = _errors(report)["late_nul.py"]
    assert (error["kind"], error["message"]) == (
        "skipped",
        "binary file: NUL byte at line 3004, column 6 (source code cannot contain null bytes), skipped",
    )
    _assert_still_reports_the_good_file(report)


@pytest.mark.parametrize("shadow", ["random.py"])  # imported late, by tempfile and numpy
def test_project_modules_named_like_the_standard_library_do_not_shadow_it(tmp_path, shadow):
    """``python -m gradadvisor scan .`` in a project with its own ``random.py``: the working
    directory is not searched for the program's own imports (the scan never imports the code)."""
    write(tmp_path / shadow, "import jax\nraise SystemExit('the project module was imported')\n")
    write(tmp_path / "m.py", SUM_SOURCE)
    done = subprocess.run([sys.executable, "-m", "gradadvisor", "scan", "--no-cache", "--format", "json", "."],
                          cwd=tmp_path, capture_output=True, text=True, env=_clean_env(), timeout=120)
    assert done.returncode == 1, done.stderr
    assert [f["path"] for f in json.loads(done.stdout)["findings"]] == ["m.py"]
