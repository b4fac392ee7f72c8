"""The report renderers, fed findings and errors directly (awkward values included)."""

from __future__ import annotations

import io
import json

from rich.console import Console

from gradadvisor import __version__
from gradadvisor.engine.source import FileError
from gradadvisor.report import FORMATS, github, json_report, sarif, text
from gradadvisor.rules import all_rules
from gradadvisor.rules.base import Finding, FixInfo


def _finding(**changes) -> Finding:
    values = dict(
        code="GA202",
        name="diag-of-matmul",
        message="`jnp.diag(a.T @ b)` computes the whole product; use `jnp.einsum(\"ij,ij->j\", a, b)`",
        path="src/model.py",
        line=3,
        column=5,
        end_line=3,
        end_column=22,
        context="`loss` is differentiated: passed to jax.grad at line 9",
        fix=FixInfo("safe", 'jnp.einsum("ij,ij->j", a, b)', "--- a/src/model.py\n+++ b/src/model.py\n"),
        frame=(2, ("", "d = jnp.diag(a.T @ b)")),
    )
    values.update(changes)
    return Finding(**values)


def _console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=200, highlight=False, soft_wrap=True, color_system=None), buffer


def test_formats():
    assert FORMATS == ("text", "concise", "json", "json-lines", "junit", "sarif", "github", "gitlab")


# -- json ---------------------------------------------------------------------------------


def test_json_render_round_trips():
    errors = [FileError("bad.py", "syntax-error", "SyntaxError: invalid syntax", 2, 7), FileError("big.py", "skipped", "too big")]
    data = json.loads(json_report.render([_finding(), _finding(fix=None, context=None)], errors, 12))
    assert data["version"] == __version__ and data["files"] == 12
    first, second = data["findings"]
    assert first["fix"] == {
        "applicability": "safe",
        "content": 'jnp.einsum("ij,ij->j", a, b)',
        "diff": "--- a/src/model.py\n+++ b/src/model.py\n",
    }
    assert second["fix"] is None and second["context"] is None
    assert "frame" not in first
    assert data["errors"] == [
        {"path": "bad.py", "cell": None, "line": 2, "column": 7, "kind": "syntax-error", "message": "SyntaxError: invalid syntax"},
        {"path": "big.py", "cell": None, "line": None, "column": None, "kind": "skipped", "message": "too big"},
    ]


# -- sarif --------------------------------------------------------------------------------


def test_sarif_render_indexes_rules_and_carries_fixes_and_notifications():
    codes = [rule.code for rule in all_rules()]
    findings = [_finding(), _finding(code="GA301", name="python-sum-over-array", fix=None, context=None, severity="info")]
    errors = [FileError("bad.py", "syntax-error", "SyntaxError: x", 2, 7), FileError("crash.py", "internal-error", "boom")]
    log = json.loads(sarif.render(findings, errors))
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == codes
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    first, second = run["results"]
    assert first["level"] == "warning" and second["level"] == "note"
    assert first["message"]["text"].endswith("(`loss` is differentiated: passed to jax.grad at line 9)")
    assert first["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 3,
        "startColumn": 5,
        "endLine": 3,
        "endColumn": 22,
    }
    assert "fixes" in first and "fixes" not in second
    invocation = run["invocations"][0]
    assert invocation["executionSuccessful"] is False  # an internal error
    syntax, crash = invocation["toolExecutionNotifications"]
    assert syntax["level"] == "error"
    assert syntax["locations"][0]["physicalLocation"]["region"] == {"startLine": 2, "startColumn": 7}
    assert "region" not in crash["locations"][0]["physicalLocation"]


def test_sarif_rule_metadata_comes_from_the_rule_docs():
    log = json.loads(sarif.render([], []))
    by_id = {rule["id"]: rule for rule in log["runs"][0]["tool"]["driver"]["rules"]}
    for rule in all_rules():
        entry = by_id[rule.code]
        assert entry["name"] == rule.name
        assert entry["help"]["text"] == rule.documentation()
        assert entry["defaultConfiguration"]["enabled"] == rule.default_enabled
        assert "## What it does" in entry["help"]["markdown"]


def test_sarif_uri_is_the_display_path_as_a_uri_reference():
    def uri(path):
        log = json.loads(sarif.render([_finding(path=path)], [FileError(path, "io-error", "x")]))
        run = log["runs"][0]
        notification = run["invocations"][0]["toolExecutionNotifications"][0]
        assert notification["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
            run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        )
        return run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]

    assert uri("src/model.py") == "src/model.py"
    assert uri("my models/v2#final 100%.py") == "my%20models/v2%23final%20100%25.py"


# -- github -------------------------------------------------------------------------------


def test_github_render_escapes_properties_and_data():
    finding = _finding(path="dir,with:odd%chars/m.py", message="50% slower\nsee: here")
    [line] = github.render([finding], []).splitlines()
    assert line.startswith("::warning file=dir%2Cwith%3Aodd%25chars/m.py,line=3,col=5,endLine=3,endColumn=22,")
    assert ",title=GA202 diag-of-matmul::" in line
    assert line.endswith("::GA202 50%25 slower%0Asee: here")


def test_github_render_levels():
    errors = [FileError("bad.py", "syntax-error", "SyntaxError: x", 2, 7), FileError("big.py", "skipped", "too big")]
    lines = github.render([_finding(severity="info"), _finding(severity="error")], errors).splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == ["::notice", "::error", "::error", "::notice"]
    assert lines[2] == "::error file=bad.py,line=2,col=7,title=syntax-error::SyntaxError: x"
    assert lines[3] == "::notice file=big.py,title=skipped::too big"
    assert github.render([], []) == ""


# -- text ---------------------------------------------------------------------------------


def test_text_finding_with_frame_context_and_fix():
    console, buffer = _console()
    text.print_findings(console, [_finding()], [], unsafe_fixes=False)
    out = buffer.getvalue()
    assert "src/model.py:3:5: GA202 [*] `jnp.diag(a.T @ b)`" in out
    assert "3 | d = jnp.diag(a.T @ b)" in out
    assert "  |     ^^^^^^^^^^^^^^^^^ GA202" in out
    assert "= context: `loss` is differentiated" in out
    assert 'rewrite (safe fix): jnp.einsum("ij,ij->j", a, b)' in out


def test_text_unsafe_fix_is_marked_only_with_unsafe_fixes():
    unsafe = _finding(fix=FixInfo("unsafe", "jnp.sum(jax.vmap(f)(x), axis=0)", ""))
    console, buffer = _console()
    text.print_findings(console, [unsafe], [], unsafe_fixes=False)
    assert "GA202 [*]" not in buffer.getvalue()
    assert "unsafe fix, applied with --unsafe-fixes" in buffer.getvalue()
    console, buffer = _console()
    text.print_findings(console, [unsafe], [], unsafe_fixes=True)
    assert "GA202 [*]" in buffer.getvalue()


def test_text_escapes_markup():
    console, buffer = _console()
    finding = _finding(message="use `x[i]` and [bold]not this[/bold]", path="[red]/m.py", context="[i]ctx", fix=None, frame=None)
    text.print_findings(console, [finding], [FileError("[b]bad.py", "io-error", "cannot read [x]")], unsafe_fixes=False)
    out = buffer.getvalue()
    assert "[red]/m.py:3:5: GA202 use `x[i]` and [bold]not this[/bold]" in out
    assert "context: [i]ctx" in out
    assert "[b]bad.py: io-error: cannot read [x]" in out


def test_text_summary_lines():
    console, buffer = _console()
    findings = [_finding(), _finding(fix=FixInfo("unsafe", "x", "")), _finding(fix=None)]
    errors = [FileError("bad.py", "syntax-error", "x", 1, 1), FileError("big.py", "skipped", "too big")]
    text.print_summary(console, findings, errors, files=4, fixed=2, unsafe_fixes=False)
    assert buffer.getvalue().splitlines() == [
        "Fixed 2 findings.",
        "Found 3 findings and 1 error in 4 files scanned.",
        "[*] 1 fixable with `--fix` (1 more with `--unsafe-fixes`).",
    ]
    console, buffer = _console()
    text.print_summary(console, [], [FileError("big.py", "skipped", "too big")], files=1, fixed=0, unsafe_fixes=False)
    assert buffer.getvalue() == "All checks passed! (1 file scanned)\n"


def test_text_statistics_table():
    console, buffer = _console()
    findings = [_finding(), _finding(), _finding(code="GA301", name="python-sum-over-array", fix=None)]
    text.print_statistics(console, findings)
    rows = [line.split() for line in buffer.getvalue().splitlines()]
    assert rows == [["2", "GA202", "[*]", "diag-of-matmul"], ["1", "GA301", "python-sum-over-array"]]
