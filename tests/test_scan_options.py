"""`scan` options for editors, CI and people: stdin, output files, the extra formats, statistics as
JSON, --show-fixes, --exit-non-zero-on-fix, --show-settings, -q, the progress bar, and SARIF/GitLab
paths and fingerprints."""

from __future__ import annotations

import io
import json
import re
import subprocess
import xml.etree.ElementTree as ET

from click.testing import CliRunner
from rich.console import Console

from conftest import CLEAN_SOURCE, DIAG_FIXED, DIAG_SOURCE, MIXED_SOURCE, SUM_SOURCE, UNSAFE_SUM_SOURCE, scan_json, write
from gradadvisor.cli import main


def _stdin(*args: str, data: str | bytes) -> "CliRunner.invoke":
    return CliRunner().invoke(main, ["scan", *args], input=data, catch_exceptions=False)


# -- stdin ---------------------------------------------------------------------------------


def test_stdin_is_scanned_as_the_named_file(cli, tmp_path):
    result = _stdin("-", "--stdin-filename", "pkg/model.py", data=DIAG_SOURCE)
    assert result.exit_code == 1
    assert "pkg/model.py:3:5: GA202" in result.stdout
    assert not (tmp_path / "pkg").exists()
    without_dash = _stdin("--stdin-filename", "model.py", "--format", "json", data=DIAG_SOURCE)
    assert json.loads(without_dash.stdout)["findings"][0]["path"] == "model.py"


def test_stdin_fix_prints_the_fixed_source_on_stdout_and_the_report_on_stderr(cli, tmp_path):
    result = _stdin("-", "--fix", "--stdin-filename", "model.py", data=DIAG_SOURCE)
    assert result.exit_code == 0
    assert result.stdout == DIAG_FIXED
    assert "Fixed 1 finding." in result.stderr
    # Nothing left to fix: the source comes back unchanged, byte for byte.
    clean = _stdin("-", "--fix", "--stdin-filename", "model.py", data=CLEAN_SOURCE.replace("\n", "\r\n"))
    assert clean.stdout_bytes == CLEAN_SOURCE.replace("\n", "\r\n").encode()


def test_stdin_diff(cli, tmp_path):
    result = _stdin("-", "--diff", "--stdin-filename", "model.py", data=DIAG_SOURCE)
    assert result.exit_code == 1
    assert result.stdout.startswith("--- a/model.py\n+++ b/model.py\n")


def test_stdin_honours_the_configuration_of_the_named_file(cli, tmp_path):
    write(
        tmp_path / "pyproject.toml",
        '[tool.gradadvisor]\nexclude = ["generated"]\n[tool.gradadvisor.per-file-ignores]\n"tests/*" = ["GA202"]\n',
    )
    assert _stdin("-", "--stdin-filename", "src/m.py", data=DIAG_SOURCE).exit_code == 1
    ignored = _stdin("-", "--stdin-filename", "tests/test_m.py", data=DIAG_SOURCE)
    assert ignored.exit_code == 0 and "GA202" not in ignored.stdout
    excluded = _stdin("-", "--stdin-filename", "generated/m.py", data=DIAG_SOURCE)
    assert excluded.exit_code == 0 and "GA202" not in excluded.output
    # With --fix an excluded file passes through unchanged, as ruff does.
    passed = _stdin("-", "--fix", "--stdin-filename", "generated/m.py", data=DIAG_SOURCE)
    assert passed.exit_code == 0 and passed.stdout == DIAG_SOURCE
    # The configuration is found from the named file's folder, not the working directory.
    write(tmp_path / "other" / "pyproject.toml", '[tool.gradadvisor]\nignore = ["GA202"]\n')
    assert _stdin("-", "--stdin-filename", "other/m.py", data=DIAG_SOURCE).exit_code == 0


def test_stdin_cannot_be_mixed_with_paths(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = _stdin("-", "slow.py", data=DIAG_SOURCE)
    assert result.exit_code == 2
    assert "cannot be combined" in result.stderr


def test_stdin_syntax_error_and_bad_encoding(cli, tmp_path):
    broken = _stdin("-", "--stdin-filename", "m.py", data="import jax.numpy as jnp\nd = jnp.diag(a.T @ b\n")
    assert broken.exit_code == 1 and "m.py:2" in broken.stdout and "syntax-error" in broken.stdout
    undecodable = _stdin("-", "--stdin-filename", "m.py", data=b"import jax\nx = '\xff'\n")
    assert undecodable.exit_code == 1 and "decode-error" in undecodable.stdout


# -- output file and formats ---------------------------------------------------------------


def test_output_file_receives_the_report(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "--format", "json", "--output-file", "out/report.json", "slow.py")
    assert result.exit_code == 1
    assert result.stdout == ""
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert report["findings"][0]["code"] == "GA202"
    text = cli("scan", "-o", "report.txt", "slow.py")
    assert text.stdout == ""
    content = (tmp_path / "report.txt").read_text()
    assert "slow.py:3:5: GA202" in content and "\x1b[" not in content  # no colour codes in a file
    assert cli("scan", "--output-file", str(tmp_path), "slow.py").exit_code == 2  # a folder: usage error


def test_concise_is_one_line_per_finding_of_at_most_200_characters(cli, tmp_path):
    write(
        tmp_path / "long.py",
        "import jax.numpy as jnp; activations_of_layer_one = activations_of_layer_two = jnp.ones((9, 9))\n"
        "d = jnp.diag(activations_of_layer_one.T @ activations_of_layer_two)\n",
    )
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "sums.py", SUM_SOURCE)
    result = cli("scan", "--format", "concise", "-q", ".")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert len(lines[0]) == 200 and lines[0].endswith("…")  # cut
    assert lines[0].startswith("long.py:2:5: GA202 [*] `jnp.diag(activations_of_layer_one.T @ activati ...`")
    assert lines[1].startswith("slow.py:3:5: GA202 [*] `jnp.diag(a.T @ b)`") and len(lines[1]) < 200
    assert not lines[1].endswith("…")
    assert re.match(r"^sums\.py:7:16: GA301 ", lines[2])
    summary = cli("scan", "--format", "concise", ".").stdout
    assert "Found 3 findings in 3 files scanned." in summary


def test_json_lines(cli, tmp_path):
    write(tmp_path / "slow.py", MIXED_SOURCE)
    write(tmp_path / "broken.py", "import jax.numpy as jnp\nd = jnp.diag(a.T @ b\n")
    result = cli("scan", "--format", "json-lines", ".")
    assert result.exit_code == 1
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    findings = [item for item in objects if "code" in item]
    errors = [item for item in objects if "kind" in item]
    assert [f["code"] for f in findings] == ["GA202", "GA202", "GA301"]
    assert errors[0]["kind"] == "syntax-error"
    _, report = scan_json(cli, ".")
    assert findings == report["findings"]


def test_junit(cli, tmp_path):
    write(tmp_path / "slow.py", MIXED_SOURCE)
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    result = cli("scan", "--format", "junit", ".")
    assert result.exit_code == 1
    root = ET.fromstring(result.stdout)
    assert root.tag == "testsuites" and root.get("failures") == "3"
    [suite] = root.findall("testsuite")
    assert suite.get("name") == "slow.py"
    cases = suite.findall("testcase")
    assert [case.get("name") for case in cases] == ["gradadvisor.GA202", "gradadvisor.GA202", "gradadvisor.GA301"]
    assert cases[0].find("failure").text.startswith("slow.py:7:9: GA202")
    clean = cli("scan", "--format", "junit", "clean.py")
    assert clean.exit_code == 0
    root = ET.fromstring(clean.stdout)
    assert root.get("failures") == "0" and len(root.iter("testcase").__next__().findall("failure")) == 0


def _git_repo(path):
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    return path


def test_gitlab_code_quality(cli, tmp_path, monkeypatch):
    repo = _git_repo(tmp_path / "repo")
    write(repo / "src" / "slow.py", DIAG_SOURCE + "e = jnp.diag(a.T @ b)\n" + "e = jnp.diag(a.T @ b)\n")
    monkeypatch.chdir(repo / "src")
    result = cli("scan", "--format", "gitlab", ".")
    assert result.exit_code == 1
    issues = json.loads(result.stdout)
    assert len(issues) == 3
    for issue in issues:
        assert set(issue) >= {"description", "check_name", "fingerprint", "severity", "location"}
        assert issue["location"]["path"] == "src/slow.py"  # relative to the repository root
        assert issue["severity"] == "minor" and issue["check_name"] == "GA202 diag-of-matmul"
    assert len({issue["fingerprint"] for issue in issues}) == 3  # identical lines, distinct prints
    assert [issue["location"]["lines"]["begin"] for issue in issues] == [3, 4, 5]
    # Stable: the same from another working directory, and when lines move.
    monkeypatch.chdir(tmp_path)
    again = json.loads(cli("scan", "--format", "gitlab", "repo").stdout)
    assert [i["fingerprint"] for i in again] == [i["fingerprint"] for i in issues]
    write(repo / "src" / "slow.py", "# a new first line\n" + DIAG_SOURCE + "e = jnp.diag(a.T @ b)\n" * 2)
    moved = json.loads(cli("scan", "--format", "gitlab", "repo").stdout)
    assert [i["fingerprint"] for i in moved] == [i["fingerprint"] for i in issues]


def test_sarif_uris_are_relative_to_the_repository_root_whatever_the_working_directory(cli, tmp_path, monkeypatch):
    repo = _git_repo(tmp_path / "repo")
    write(repo / "src" / "slow.py", DIAG_SOURCE)
    logs = []
    for cwd, target in ((repo / "src", "slow.py"), (repo, "src"), (tmp_path, "repo/src/slow.py")):
        monkeypatch.chdir(cwd)
        logs.append(json.loads(cli("scan", "--format", "sarif", target).stdout))
    for log in logs:
        run = log["runs"][0]
        assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
        [result] = run["results"]
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert location == {"uri": "src/slow.py", "uriBaseId": "%SRCROOT%"}
        assert result["partialFingerprints"] == logs[0]["runs"][0]["results"][0]["partialFingerprints"]
        assert result["properties"]["confidence"] == "medium" and "both operands are matrices" in result["properties"]["evidence"]


def test_sarif_without_a_repository_uses_the_configuration_root(cli, tmp_path):
    write(tmp_path / "proj" / "pyproject.toml", "[tool.gradadvisor]\n")
    write(tmp_path / "proj" / "pkg" / "slow.py", DIAG_SOURCE)
    log = json.loads(cli("scan", "--format", "sarif", "proj/pkg").stdout)
    run = log["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == (tmp_path / "proj").resolve().as_uri() + "/"
    assert run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "pkg/slow.py"


# -- statistics, fixes, exit codes ---------------------------------------------------------


def test_statistics_as_json(cli, tmp_path):
    write(tmp_path / "one.py", MIXED_SOURCE)
    write(tmp_path / "two.py", DIAG_SOURCE)
    result = cli("scan", "--statistics", "--format", "json", ".")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"code": "GA202", "name": "diag-of-matmul", "count": 3, "fixable": True},
        {"code": "GA301", "name": "python-sum-over-array", "count": 1, "fixable": True},
    ]
    lines = cli("scan", "--statistics", "--format", "json-lines", ".").stdout.splitlines()
    assert [json.loads(line)["code"] for line in lines] == ["GA202", "GA301"]
    assert cli("scan", "--statistics", "--format", "sarif", ".").exit_code == 2


def test_show_fixes_lists_applied_and_available_fixes(cli, tmp_path):
    write(tmp_path / "one.py", MIXED_SOURCE)
    write(tmp_path / "unsafe.py", UNSAFE_SUM_SOURCE)
    available = cli("scan", "--show-fixes", ".").stdout
    assert "Fixes available (4):" in available
    assert "- one.py:" in available and "7:9 GA202 (safe): jnp.einsum(" in available
    assert "10:12 GA301 (unsafe, with --unsafe-fixes): jnp.sum(jax.vmap(rho)(x), axis=0)" in available
    applied = cli("scan", "--fix", "--show-fixes", ".")
    assert applied.exit_code == 1  # the unsafe one remains
    assert "Fixed 3 findings:\n- one.py:\n    2 × GA202 (diag-of-matmul)\n    1 × GA301 (python-sum-over-array)\n" in applied.stdout
    assert "No fixes applied." in cli("scan", "--fix", "--show-fixes", "one.py").stdout


def test_exit_non_zero_on_fix(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "--fix", "--exit-non-zero-on-fix", "slow.py")
    assert result.exit_code == 1  # everything was fixed, but something was fixed
    assert (tmp_path / "slow.py").read_text() == DIAG_FIXED
    assert cli("scan", "--fix", "--exit-non-zero-on-fix", "slow.py").exit_code == 0  # nothing left to fix
    assert cli("scan", "--fix", "slow.py").exit_code == 0
    stdin = _stdin("-", "--fix", "--exit-non-zero-on-fix", "--stdin-filename", "m.py", data=DIAG_SOURCE)
    assert stdin.exit_code == 1 and stdin.stdout == DIAG_FIXED


def test_show_settings(cli, tmp_path):
    write(
        tmp_path / "pyproject.toml",
        '[tool.gradadvisor]\nselect = ["GA2", "GA3"]\nexclude = ["build_out"]\nextend-include = ["*.pyw"]\n'
        '[tool.gradadvisor.per-file-ignores]\n"tests/*" = ["GA301"]\n"docs/*" = ["GA202"]\n',
    )
    write(tmp_path / "tests" / "test_m.py", DIAG_SOURCE)
    result = cli("scan", "--show-settings", "tests/test_m.py")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Settings for tests/test_m.py:")
    assert f"config file             {tmp_path / 'pyproject.toml'}" in out
    assert f"root                    {tmp_path.resolve()}" in out
    assert "selected rules          GA201, GA202, GA203, GA301, GA302" in out
    assert "per-file-ignores here   'tests/*': GA301" in out and "docs/*" not in out
    assert "rules run on this file  GA201, GA202, GA203, GA302 (ignored here: GA301)" in out
    assert "exclude                 build_out" in out
    assert "include                 *.py, *.ipynb, *.pyw" in out
    assert "GA202 [*]" not in out  # nothing is scanned
    defaults = cli("scan", "--show-settings", "--config", str(tmp_path / "pyproject.toml"), "--select", "GA101")
    assert "selected rules          GA101" in defaults.stdout


def test_no_files_found_is_a_warning_and_exit_0(cli, tmp_path):
    (tmp_path / "empty").mkdir()
    write(tmp_path / "empty" / "notes.txt", "jnp.diag(a.T @ b)\n")
    result = cli("scan", "empty")
    assert result.exit_code == 0
    assert result.stderr == "warning: No Python files found under the given path(s)\n"
    assert result.stdout == ""
    as_json = cli("scan", "--format", "json", "empty")
    assert as_json.exit_code == 0 and json.loads(as_json.stdout)["files"] == 0
    # Files pre-commit passes that force-exclude removes: nothing scanned, exit 0.
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\nexclude = ["gen"]\nforce-exclude = true\n')
    write(tmp_path / "gen" / "slow.py", DIAG_SOURCE)
    excluded = cli("scan", "gen/slow.py")
    assert excluded.exit_code == 0 and "No Python files found" in excluded.stderr


def test_quiet_prints_no_blank_lines(cli, tmp_path):
    write(tmp_path / "slow.py", MIXED_SOURCE)
    result = cli("scan", "-q", "slow.py")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len([line for line in lines if re.match(r"^slow\.py:\d+:\d+: GA", line)]) == 3
    assert "" not in lines
    loud = cli("scan", "slow.py").stdout.splitlines()
    assert "" in loud


def test_text_shows_the_evidence_as_because_lines(cli, tmp_path, monkeypatch):
    from gradadvisor.rules.base import default_finalize
    from gradadvisor.rules.ga202_diag_of_matmul import DiagOfMatmul

    def with_evidence(cls, candidate, project):
        finding = default_finalize(cls, candidate, project)
        if finding is not None:
            finding.evidence = [f"reason {index}" for index in range(1, 8)]
            finding.confidence = "medium"
        return finding

    monkeypatch.setattr(DiagOfMatmul, "finalize", classmethod(with_evidence))
    write(tmp_path / "slow.py", DIAG_SOURCE)
    out = cli("scan", "--jobs", "1", "slow.py").stdout
    because = [line.strip() for line in out.splitlines() if "because" in line]
    assert because == [f"= because: reason {i}" for i in range(1, 5)] + ["= because: ... and 3 more (see --format json)"]
    _, report = scan_json(cli, "--jobs", "1", "slow.py")
    assert report["findings"][0]["evidence"] == [f"reason {i}" for i in range(1, 8)]
    assert report["findings"][0]["confidence"] == "medium"
    sarif = json.loads(cli("scan", "--jobs", "1", "--format", "sarif", "slow.py").stdout)
    assert sarif["runs"][0]["results"][0]["properties"] == {"confidence": "medium", "evidence": [f"reason {i}" for i in range(1, 8)]}


# -- progress ------------------------------------------------------------------------------


def test_progress_bar_only_on_a_terminal_for_text_and_many_files():
    from gradadvisor.report import progress

    terminal = Console(file=io.StringIO(), force_terminal=True)
    piped = Console(file=io.StringIO(), force_terminal=False)
    many = progress.MIN_FILES + 1
    assert progress.wanted(terminal, many, "text", quiet=False)
    assert progress.wanted(terminal, many, "concise", quiet=False)
    assert not progress.wanted(terminal, progress.MIN_FILES, "text", quiet=False)
    assert not progress.wanted(piped, many, "text", quiet=False)
    for machine in ("json", "json-lines", "junit", "sarif", "github", "gitlab"):
        assert not progress.wanted(terminal, many, machine, quiet=False)
    assert not progress.wanted(terminal, many, "text", quiet=True)
    buffer = terminal.file
    with progress.progress(terminal, 3, True) as advance:
        for _ in range(3):
            advance(None)
    assert "Scanning" in buffer.getvalue() and "3/3" in buffer.getvalue()
    with progress.progress(piped, 3, False) as advance:
        assert advance is None
    assert piped.file.getvalue() == ""


def test_no_progress_bar_when_piped(cli, tmp_path, monkeypatch):
    from gradadvisor.report import progress

    monkeypatch.setattr(progress, "MIN_FILES", 3)
    for name in ("FORCE_COLOR", "TTY_INTERACTIVE", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for index in range(5):
        write(tmp_path / f"m{index}.py", CLEAN_SOURCE)
    result = cli("scan", "--jobs", "1", ".")
    assert result.exit_code == 0
    assert result.stderr == ""  # stderr is not a terminal here


def test_progress_bar_on_a_terminal(cli, tmp_path, monkeypatch):
    from gradadvisor.report import progress

    monkeypatch.setattr(progress, "MIN_FILES", 3)
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich: treat stderr as a terminal
    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    for index in range(5):
        write(tmp_path / f"m{index}.py", CLEAN_SOURCE)
    result = cli("scan", "--jobs", "1", ".")
    assert result.exit_code == 0
    assert "Scanning" in result.stderr and "5/5" in result.stderr
    assert "Scanning" not in cli("scan", "--jobs", "1", "--format", "json", ".").stderr
