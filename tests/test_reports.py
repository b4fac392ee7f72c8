"""The report renderers, fed findings and errors directly (awkward values included)."""

from __future__ import annotations

import io
import re
import json

from rich.console import Console

from gradadvisor import __version__
from gradadvisor.engine.source import FileError
from gradadvisor.report import FORMATS, github, json_report, sarif, text
from gradadvisor.rules import all_rules
from gradadvisor.fixes.edits import Edit, Fix
from gradadvisor.rules.base import Finding


def FixInfo(applicability: str, content: str, diff: str) -> Fix:  # noqa: N802 - the reports' view of a fix
    return Fix((Edit(0, 0, content),), applicability, content)  # type: ignore[arg-type]


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
        fix=FixInfo("safe", 'jnp.einsum("ij,ij->j", a, b)', ""),
        diff="--- a/src/model.py\n+++ b/src/model.py\n",
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
        "unproven": [],
        "proven_by": [],
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
    assert all(line == line.rstrip() for line in buffer.getvalue().splitlines())  # no trailing spaces


def test_statistics_mark_only_the_fixes_that_fix_applies():
    """As in ruff, ``[*]`` and ``fixable`` mean that ``--fix`` fixes some finding of the rule:
    an unsafe fix counts only with ``--unsafe-fixes``."""
    unsafe_only = [_finding(code="GA301", name="python-sum-over-array", fix=FixInfo("unsafe", "jnp.sum(jax.vmap(f)(x), axis=0)", ""))]
    console, buffer = _console()
    text.print_statistics(console, unsafe_only)
    assert [line.split() for line in buffer.getvalue().splitlines()] == [["1", "GA301", "python-sum-over-array"]]
    console, buffer = _console()
    text.print_statistics(console, unsafe_only, unsafe_fixes=True)
    assert [line.split() for line in buffer.getvalue().splitlines()] == [["1", "GA301", "[*]", "python-sum-over-array"]]
    assert json.loads(json_report.render_statistics(unsafe_only))[0]["fixable"] is False
    assert json.loads(json_report.render_statistics(unsafe_only, unsafe_fixes=True))[0]["fixable"] is True


# -- locations and fingerprints -----------------------------------------------------------


def test_where_names_the_cell_of_a_notebook():
    from gradadvisor.report.locations import where

    assert where("m.py", 3, 5) == "m.py:3:5"
    assert where("nb.ipynb", 4, 5, cell=3) == "nb.ipynb:cell 3:4:5"
    assert where("big.py", None, None) == "big.py"


def test_fingerprints_are_stable_and_tell_identical_lines_apart():
    from gradadvisor.report.fingerprint import fingerprints, source_line

    first = _finding(line=3, frame=(2, ("", "    d = jnp.diag(a.T @ b)  ")))
    moved = _finding(line=30, frame=(29, ("", "d = jnp.diag(a.T @ b)")))
    assert source_line(first) == source_line(moved) == "d = jnp.diag(a.T @ b)"
    [a] = fingerprints([first], ["src/model.py"])
    [b] = fingerprints([moved], ["src/model.py"])
    assert a == b  # the line moved and was re-indented: same finding
    twins = fingerprints([first, moved], ["src/model.py", "src/model.py"])
    assert twins[0] == a and twins[1] != a  # two identical lines: the occurrence index differs
    assert fingerprints([first], ["src/other.py"]) != [a]
    assert fingerprints([_finding(code="GA301")], ["src/model.py"]) != [a]
    assert source_line(_finding(frame=None)) == ""


def test_sarif_with_a_root_writes_relative_uris_and_fingerprints(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    log = json.loads(sarif.render([_finding(), _finding(path="/elsewhere/x.py")], [], root=tmp_path))
    run = log["runs"][0]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": tmp_path.resolve().as_uri() + "/"}}
    inside, outside = (r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"])
    assert inside == {"uri": "src/model.py", "uriBaseId": "%SRCROOT%"}
    assert outside == {"uri": "file:///elsewhere/x.py"}
    for result in run["results"]:
        assert re.fullmatch(r"[0-9a-f]{64}", result["partialFingerprints"]["gradadvisor/v1"])


# -- concise, json-lines, junit, gitlab ---------------------------------------------------


def test_concise_lines():
    from gradadvisor.report import concise

    long = _finding(message="x" * 300)
    lines = concise.lines([_finding(message="two\nlines"), long, _finding(cell=2, line=4)], [FileError("bad.py", "syntax-error", "SyntaxError: x", 2, 7)])
    assert lines[0] == "bad.py:2:7: syntax-error: SyntaxError: x"
    assert lines[1] == "src/model.py:3:5: GA202 [*] two lines"
    assert len(lines[2]) == 200 and lines[2].endswith("…")
    assert lines[3].startswith("src/model.py:cell 2:4:5: GA202 [*] ")
    unsafe = _finding(fix=FixInfo("unsafe", "jnp.sum(x)", ""))
    assert concise.lines([unsafe], [])[0].startswith("src/model.py:3:5: GA202 `")  # --fix would not apply it
    assert concise.lines([unsafe], [], unsafe_fixes=True)[0].startswith("src/model.py:3:5: GA202 [*] `")
    assert concise.lines([_finding(fix=None)], [])[0].startswith("src/model.py:3:5: GA202 `")


def test_json_lines_render():
    from gradadvisor.report import json_lines

    rendered = json_lines.render([_finding(), _finding(cell=1)], [FileError("bad.py", "io-error", "x")])
    objects = [json.loads(line) for line in rendered.splitlines()]
    assert objects[0] == _finding().to_dict() and objects[1]["cell"] == 1
    assert objects[2] == {"path": "bad.py", "cell": None, "line": None, "column": None, "kind": "io-error", "message": "x"}
    assert json_lines.render([], []) == ""


def test_junit_render():
    import xml.etree.ElementTree as ET

    from gradadvisor.report import junit

    errors = [FileError("bad.py", "syntax-error", "SyntaxError: <x>", 2, 7), FileError("big.py", "skipped", "too big")]
    root = ET.fromstring(junit.render([_finding(message='a <b> & "c"')], errors).split("\n", 1)[1])
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("3", "1", "1")
    suites = {suite.get("name"): suite for suite in root.findall("testsuite")}
    failure = suites["src/model.py"].find("testcase/failure")
    assert failure.get("message") == 'a <b> & "c"' and failure.get("type") == "GA202"
    assert suites["bad.py"].find("testcase/error").text == "bad.py:2:7: syntax-error: SyntaxError: <x>"
    assert suites["big.py"].find("testcase/skipped") is not None
    empty = ET.fromstring(junit.render([], []).split("\n", 1)[1])
    assert empty.get("failures") == "0" and empty.find("testsuite/testcase").get("name") == "No findings"


def test_gitlab_render():
    from gradadvisor.report import gitlab

    errors = [FileError("bad.py", "syntax-error", "SyntaxError: x", 2, 7), FileError("big.py", "skipped", "too big")]
    issues = json.loads(gitlab.render([_finding(severity="error"), _finding(cell=3, severity="info")], errors))
    assert [issue["severity"] for issue in issues] == ["major", "info", "major"]  # the skipped file is not an issue
    assert issues[0]["location"] == {"path": "src/model.py", "lines": {"begin": 3, "end": 3}}
    assert issues[1]["description"].endswith("(cell 3, line 3)")
    assert issues[2]["check_name"] == "syntax-error" and issues[2]["location"]["lines"]["begin"] == 2
    assert len({issue["fingerprint"] for issue in issues}) == 3


def test_github_render_for_a_notebook_names_the_cell_and_no_line():
    [line] = github.render([_finding(path="nb.ipynb", cell=2, line=4)], []).splitlines()
    assert line.startswith("::warning file=nb.ipynb,title=GA202 diag-of-matmul::GA202 (cell 2, line 4, column 5) ")


def test_text_quiet_and_notebook_location():
    console, buffer = _console()
    text.print_findings(console, [_finding(), _finding(path="nb.ipynb", cell=2)], [FileError("nb.ipynb", "syntax-error", "x", 3, 1, cell=4)], unsafe_fixes=False, quiet=True)
    lines = buffer.getvalue().splitlines()
    assert "" not in lines
    assert lines[0] == "nb.ipynb:cell 4:3:1: syntax-error: x"
    assert any(line.startswith("nb.ipynb:cell 2:3:5: GA202") for line in lines)


def test_json_statistics_render():
    rows = json.loads(json_report.render_statistics([_finding(), _finding(fix=None), _finding(code="GA301", name="python-sum-over-array", fix=None)]))
    assert rows == [
        {"code": "GA202", "name": "diag-of-matmul", "count": 2, "fixable": True},
        {"code": "GA301", "name": "python-sum-over-array", "count": 1, "fixable": False},
    ]
