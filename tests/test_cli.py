"""The `gradadvisor` command line: exit codes, output formats, options, subcommands."""

from __future__ import annotations

import json
import re

import pytest

from conftest import (
    CLEAN_SOURCE,
    DIAG_SOURCE,
    SUM_SOURCE,
    codes_at,
    scan_json,
    write,
)
from gradadvisor import __version__
from gradadvisor.rules import all_rules

SYNTAX_ERROR_SOURCE = "import jax.numpy as jnp\n\ndef f(:\n    return jnp.diag(a.T @ b)\n"
FINDING_FIELDS = [
    "code", "name", "message", "path", "cell", "line", "column", "end_line", "end_column",
    "severity", "confidence", "context", "evidence", "fix",
]


# -- the real console script (subprocess) -----------------------------------------------


def test_console_script_exit_codes(run_cli, tmp_path):
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    write(tmp_path / "slow.py", DIAG_SOURCE)
    clean = run_cli("scan", "clean.py")
    assert clean.returncode == 0, clean.stderr
    assert "All checks passed" in clean.stdout
    found = run_cli("scan", "slow.py")
    assert found.returncode == 1
    assert "slow.py:3:5: GA202" in found.stdout
    usage = run_cli("scan", "--no-such-option")
    assert usage.returncode == 2
    assert "No such option" in usage.stderr
    missing = run_cli("scan", "nowhere.py")
    assert missing.returncode == 2
    assert "nowhere.py: no such file or directory" in missing.stderr
    for result in (clean, found, usage, missing):
        assert "Traceback" not in result.stdout + result.stderr


def test_console_script_json_and_env_format(run_cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = run_cli("scan", "slow.py", env={"GRADADVISOR_FORMAT": "json"})
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert codes_at(report) == [("slow.py", "GA202", 3)]


def test_python_dash_m_version(run_cli):
    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"gradadvisor, version {__version__}"


def test_console_script_rule_subcommands(run_cli):
    listing = run_cli("rules")
    assert listing.returncode == 0
    for rule in all_rules():
        assert rule.code in listing.stdout
    unknown = run_cli("rule", "NOPE")
    assert unknown.returncode == 2
    assert "unknown rule 'NOPE'" in unknown.stderr


# -- exit codes (in-process) --------------------------------------------------------------


def test_exit_0_when_clean(cli, tmp_path):
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    result = cli("scan", "clean.py")
    assert result.exit_code == 0
    assert "All checks passed! (1 file scanned)" in result.stdout


def test_exit_1_on_findings(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "slow.py")
    assert result.exit_code == 1
    assert "Found 1 finding in 1 file scanned." in result.stdout


def test_syntax_error_alone_exits_1(cli, tmp_path):
    write(tmp_path / "broken.py", SYNTAX_ERROR_SOURCE)
    result = cli("scan", "broken.py")
    assert result.exit_code == 1
    assert "broken.py:3:7: syntax-error: SyntaxError" in result.stdout
    assert "1 error" in result.stdout


def test_default_path_is_the_current_directory(cli, tmp_path):
    write(tmp_path / "pkg" / "slow.py", DIAG_SOURCE)
    result = cli("scan")
    assert result.exit_code == 1
    assert "pkg/slow.py:3:5: GA202" in result.stdout


def test_missing_path_exits_2_but_scans_the_rest(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "slow.py", "nowhere.py")
    assert result.exit_code == 2
    assert "nowhere.py: no such file or directory" in result.stderr
    assert "slow.py:3:5: GA202" in result.stdout


def test_exit_zero(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "broken.py", SYNTAX_ERROR_SOURCE)
    result = cli("scan", "--exit-zero", ".")
    assert result.exit_code == 0
    assert "GA202" in result.stdout and "syntax-error" in result.stdout


def test_exit_zero_still_fails_on_a_missing_path(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    assert cli("scan", "--exit-zero", "slow.py", "nowhere.py").exit_code == 2


def test_unknown_option_value_is_a_usage_error(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    assert cli("scan", "--format", "xml", "slow.py").exit_code == 2
    assert cli("scan", "--jobs", "0", "slow.py").exit_code == 2


# -- output formats -----------------------------------------------------------------------


def test_json_report_shape(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    write(tmp_path / "broken.py", SYNTAX_ERROR_SOURCE)
    code, report = scan_json(cli, ".")
    assert code == 1
    assert set(report) == {"version", "files", "findings", "errors"}
    assert report["version"] == __version__
    assert report["files"] == 3
    [finding] = report["findings"]
    assert list(finding) == FINDING_FIELDS
    assert finding["code"] == "GA202"
    assert finding["name"] == "diag-of-matmul"
    assert finding["path"] == "slow.py"
    assert (finding["line"], finding["column"], finding["end_line"], finding["end_column"]) == (3, 5, 3, 22)
    assert finding["severity"] == "warning"
    assert finding["cell"] is None
    assert finding["confidence"] in ("high", "medium", "low")
    assert isinstance(finding["evidence"], list)
    assert finding["context"] is None
    assert 'jnp.einsum("ij,ij->j", a, b)' in finding["message"]
    fix = finding["fix"]
    assert set(fix) == {"applicability", "content", "unproven", "proven_by", "diff"}
    assert fix["unproven"] == []
    assert fix["applicability"] == "safe"
    assert fix["content"] == 'jnp.einsum("ij,ij->j", a, b)'
    assert fix["diff"].startswith("--- a/slow.py\n+++ b/slow.py\n")
    assert '+d = jnp.einsum("ij,ij->j", a, b)\n' in fix["diff"]
    [error] = report["errors"]
    assert error["path"] == "broken.py"
    assert error["kind"] == "syntax-error"
    assert (error["line"], error["column"]) == (3, 7)


def test_json_columns_are_one_based_and_end_exclusive(cli, tmp_path):
    write(tmp_path / "slow.py", "import jax.numpy as jnp\nd = jnp.trace(x @ y)\n")
    _, report = scan_json(cli, "--min-confidence", "low", "slow.py")
    [finding] = report["findings"]
    line = "d = jnp.trace(x @ y)"
    assert line[finding["column"] - 1 : finding["end_column"] - 1] == "jnp.trace(x @ y)"


def test_json_context_and_null_fix(cli, tmp_path, monkeypatch):
    write(tmp_path / "slow.py", SUM_SOURCE)
    _, report = scan_json(cli, "slow.py")
    [data] = [f for f in report["findings"] if f["code"] == "GA301"]
    assert data["context"] == "`f` is traced: decorated with @jax.jit at line 5"

    from gradadvisor.rules.base import Rule
    from gradadvisor.rules.ga202_diag_of_matmul import DiagOfMatmul

    original = Rule.report

    def report_without_fix(self, node, message, **fields):
        original(self, node, message, **{**fields, "fix": None})

    monkeypatch.setattr(DiagOfMatmul, "report", report_without_fix)
    write(tmp_path / "diag.py", DIAG_SOURCE)
    _, report = scan_json(cli, "--jobs", "1", "diag.py")
    assert report["findings"][0]["fix"] is None


def test_json_for_a_clean_run(cli, tmp_path):
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    code, report = scan_json(cli, "clean.py")
    assert code == 0
    assert report == {"version": __version__, "files": 1, "findings": [], "errors": []}


def test_format_from_environment_variable(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "slow.py", env={"GRADADVISOR_FORMAT": "json"})
    assert json.loads(result.stdout)["findings"][0]["code"] == "GA202"
    result = cli("scan", "slow.py", env={"GRADADVISOR_FORMAT": "github"})
    assert result.stdout.startswith("::warning file=slow.py,")
    # The option wins over the environment.
    result = cli("scan", "--format", "text", "slow.py", env={"GRADADVISOR_FORMAT": "json"})
    assert result.stdout.startswith("slow.py:3:5: GA202")
    assert cli("scan", "slow.py", env={"GRADADVISOR_FORMAT": "yaml"}).exit_code == 2


def _check_sarif(log: dict) -> None:
    """The parts of SARIF 2.1.0 that consumers (GitHub code scanning) require."""
    assert log["version"] == "2.1.0"
    assert log["$schema"].startswith("https://") and "sarif" in log["$schema"]
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "gradadvisor"
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert rule_ids == [rule.code for rule in all_rules()]
    for rule in driver["rules"]:
        assert rule["help"]["text"].strip()
        assert rule["shortDescription"]["text"].strip()
    for result in run["results"]:
        assert result["ruleId"] in rule_ids
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["message"]["text"].strip()
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"]
        region = location["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert (region["endLine"], region["endColumn"]) >= (region["startLine"], region["startColumn"])


def test_sarif_structure(cli, tmp_path):
    write(tmp_path / "src" / "slow.py", DIAG_SOURCE)
    write(tmp_path / "src" / "sums.py", SUM_SOURCE)
    write(tmp_path / "src" / "broken.py", SYNTAX_ERROR_SOURCE)
    result = cli("scan", "--format", "sarif", "src")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    _check_sarif(log)
    results = log["runs"][0]["results"]
    by_rule = {r["ruleId"]: r for r in results}
    assert {"GA202", "GA301"} <= set(by_rule)
    diag = by_rule["GA202"]
    assert diag["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "src/slow.py"
    assert diag["locations"][0]["physicalLocation"]["region"]["startLine"] == 3
    assert diag["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == 'jnp.einsum("ij,ij->j", a, b)'
    notifications = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert any("syntax-error" in n["message"]["text"] for n in notifications)
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is True


SARIF_SUBSET_SCHEMA = {
    "type": "object",
    "required": ["version", "$schema", "runs"],
    "properties": {
        "version": {"const": "2.1.0"},
        "$schema": {"type": "string", "format": "uri"},
        "runs": {
            "type": "array",
            "minItems": 1,
            "maxItems": 1,
            "items": {
                "type": "object",
                "required": ["tool", "results"],
                "properties": {
                    "tool": {
                        "type": "object",
                        "required": ["driver"],
                        "properties": {
                            "driver": {
                                "type": "object",
                                "required": ["name", "rules"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "rules": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["id", "help"],
                                            "properties": {
                                                "id": {"type": "string"},
                                                "help": {
                                                    "type": "object",
                                                    "required": ["text"],
                                                    "properties": {"text": {"type": "string"}},
                                                },
                                            },
                                        },
                                    },
                                },
                            }
                        },
                    },
                    "results": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["ruleId", "ruleIndex", "message", "locations"],
                            "properties": {
                                "ruleId": {"type": "string"},
                                "ruleIndex": {"type": "integer", "minimum": 0},
                                "level": {"enum": ["none", "note", "warning", "error"]},
                                "message": {"type": "object", "required": ["text"]},
                                "locations": {
                                    "type": "array",
                                    "minItems": 1,
                                    "items": {
                                        "type": "object",
                                        "required": ["physicalLocation"],
                                        "properties": {
                                            "physicalLocation": {
                                                "type": "object",
                                                "required": ["artifactLocation", "region"],
                                                "properties": {
                                                    "artifactLocation": {
                                                        "type": "object",
                                                        "required": ["uri"],
                                                    },
                                                    "region": {
                                                        "type": "object",
                                                        "required": ["startLine"],
                                                        "properties": {
                                                            "startLine": {"type": "integer", "minimum": 1},
                                                            "startColumn": {"type": "integer", "minimum": 1},
                                                        },
                                                    },
                                                },
                                            }
                                        },
                                    },
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}


def test_sarif_against_a_subset_schema(cli, tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "sums.py", SUM_SOURCE)
    log = json.loads(cli("scan", "--format", "sarif", ".").stdout)
    jsonschema.validate(log, SARIF_SUBSET_SCHEMA)
    assert len(log["runs"][0]["results"]) == 2
    # The schema is not vacuous: a zero line number is rejected.
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, SARIF_SUBSET_SCHEMA)


def test_sarif_with_no_findings(cli, tmp_path):
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    result = cli("scan", "--format", "sarif", "clean.py")
    assert result.exit_code == 0
    log = json.loads(result.stdout)
    _check_sarif(log)
    assert log["runs"][0]["results"] == []


GITHUB_LINE = re.compile(
    r"^::(?P<level>warning|error|notice) file=(?P<file>[^,]+),line=(?P<line>\d+),col=(?P<col>\d+)"
    r"(?:,endLine=\d+,endColumn=\d+)?,title=(?P<title>[^:]+)::(?P<message>.+)$"
)


def test_github_format(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "broken.py", SYNTAX_ERROR_SOURCE)
    result = cli("scan", "--format", "github", ".")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    matches = [GITHUB_LINE.match(line) for line in lines]
    assert all(matches), lines
    warning = next(m for m in matches if m["level"] == "warning")
    assert (warning["file"], warning["line"], warning["col"]) == ("slow.py", "3", "5")
    assert warning["title"] == "GA202 diag-of-matmul"
    assert warning["message"].startswith("GA202 `jnp.diag(a.T @ b)`")
    error = next(m for m in matches if m["level"] == "error")
    assert (error["file"], error["line"], error["col"], error["title"]) == ("broken.py", "3", "7", "syntax-error")


def test_github_format_escapes_newlines_in_messages(cli, tmp_path):
    write(tmp_path / "slow.py", "import jax.numpy as jnp\nd = jnp.diag(\n    a.T @ b\n)\n")
    result = cli("scan", "--format", "github", "--min-confidence", "low", "slow.py")
    [line] = result.stdout.splitlines()
    assert GITHUB_LINE.match(line)
    from gradadvisor.report import github
    from gradadvisor.rules.base import Finding

    multi = Finding("GA202", "diag-of-matmul", "first\nsecond", "slow.py", 2, 5, 4, 2)
    assert "first%0Asecond" in github.render([multi], [])


def test_github_format_prints_nothing_when_clean(cli, tmp_path):
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    result = cli("scan", "--format", "github", "clean.py")
    assert result.exit_code == 0
    assert result.stdout == ""


def test_text_format_frame_and_fix(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "--format", "text", "slow.py")
    out = result.stdout
    assert "slow.py:3:5: GA202 [*] `jnp.diag(a.T @ b)`" in out
    assert "3 | d = jnp.diag(a.T @ b)" in out
    assert "^" * len("jnp.diag(a.T @ b)") + " GA202" in out
    assert 'rewrite (safe fix): jnp.einsum("ij,ij->j", a, b)' in out
    assert "[*] 1 fixable with `--fix`." in out


def test_text_escapes_markup_in_paths_and_code(cli, tmp_path):
    write(tmp_path / "[red]x" / "slow.py", "import jax.numpy as jnp\nd = jnp.diag(a[bold].T @ b)\n")
    result = cli("scan", "--min-confidence", "low", ".")
    assert "[red]x/slow.py:2:5: GA202" in result.stdout
    assert "jnp.diag(a[bold].T @ b)" in result.stdout


# -- options ------------------------------------------------------------------------------


@pytest.fixture
def two_rules(tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "sums.py", SUM_SOURCE)
    return tmp_path


def _codes(cli, *args: str) -> set[str]:
    _, report = scan_json(cli, *args)
    return {finding["code"] for finding in report["findings"]}


@pytest.mark.parametrize(
    "options, expected",
    [
        ((), {"GA202", "GA301"}),
        (("--select", "GA202"), {"GA202"}),
        (("--select", "GA3"), {"GA301"}),
        (("--select", "ga202,GA301"), {"GA202", "GA301"}),
        (("--select", "GA202", "--select", "GA301"), {"GA202", "GA301"}),
        (("--select", "ALL"), {"GA202", "GA301"}),
        (("--ignore", "GA202"), {"GA301"}),
        (("--ignore", "GA"), set()),
        (("--ignore", "ALL"), set()),
        (("--select", "GA", "--ignore", "GA3"), {"GA202"}),
        # The most specific prefix wins, as in ruff.
        (("--select", "GA202", "--ignore", "GA2"), {"GA202"}),
        (("--select", "GA2", "--ignore", "GA202"), set()),
    ],
)
def test_select_and_ignore(cli, two_rules, options, expected):
    assert _codes(cli, *options, ".") & {"GA202", "GA301"} == expected


@pytest.mark.parametrize("flag", ["--select", "--ignore"])
def test_unknown_code_is_a_usage_error(cli, two_rules, flag):
    result = cli("scan", flag, "GA999", ".")
    assert result.exit_code == 2
    assert "unknown rule code or prefix 'GA999'" in result.stderr
    assert "Traceback" not in result.output


def test_select_all_enables_rules_that_are_off_by_default(cli, tmp_path):
    write(tmp_path / "stale.py", "import jax.numpy as jnp\nd = jnp.einsum('ij,ij->j', a, b)  # noqa: GA202\n")
    assert "GA900" not in _codes(cli, "stale.py")
    assert "GA900" in _codes(cli, "--select", "ALL", "stale.py")


def test_statistics(cli, tmp_path):
    write(tmp_path / "one.py", DIAG_SOURCE)
    write(tmp_path / "two.py", DIAG_SOURCE + "e = jnp.trace(a @ b)\n")
    write(tmp_path / "sums.py", SUM_SOURCE)
    result = cli("scan", "--statistics", ".")
    assert result.exit_code == 1
    rows = [line.split() for line in result.stdout.splitlines() if re.match(r"^\s*\d+\s+GA\d+", line)]
    assert ["3", "GA202", "[*]", "diag-of-matmul"] in rows
    assert ["1", "GA301", "[*]", "python-sum-over-array"] in rows
    assert "d = jnp.diag" not in result.stdout  # counts, not findings
    assert "Found 4 findings in 3 files scanned." in result.stdout


def test_quiet_prints_findings_without_the_summary(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "-q", "slow.py")
    assert result.exit_code == 1
    assert "slow.py:3:5: GA202" in result.stdout
    assert "Found" not in result.stdout and "fixable" not in result.stdout
    write(tmp_path / "clean.py", CLEAN_SOURCE)
    quiet_clean = cli("scan", "--quiet", "clean.py")
    assert quiet_clean.exit_code == 0
    assert quiet_clean.stdout == ""


def test_no_cache_is_accepted(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "--no-cache", "slow.py")
    assert result.exit_code == 1
    assert "GA202" in result.stdout
    assert not list(tmp_path.glob(".gradadvisor_cache*"))


def test_jobs_1_and_2_give_the_same_findings(cli, tmp_path):
    for index in range(30):
        source = DIAG_SOURCE if index % 3 == 0 else SUM_SOURCE if index % 3 == 1 else CLEAN_SOURCE
        write(tmp_path / "pkg" / f"sub{index % 4}" / f"m{index:02d}.py", source)
    write(tmp_path / "pkg" / "broken.py", SYNTAX_ERROR_SOURCE)
    serial_code, serial = scan_json(cli, "--jobs", "1", "pkg")
    parallel_code, parallel = scan_json(cli, "--jobs", "2", "pkg")
    assert serial_code == parallel_code == 1
    assert serial == parallel
    assert serial["files"] == 31
    assert len(codes_at(serial, "GA202")) == 10
    assert len(codes_at(serial, "GA301")) == 10
    assert [error["kind"] for error in serial["errors"]] == ["syntax-error"]


def test_jobs_2_through_the_process_pool(cli, tmp_path, monkeypatch):
    """The parallel run really goes through the pool (the serial path would not call it)."""
    import concurrent.futures

    used = []
    real_pool = concurrent.futures.ProcessPoolExecutor

    def spy(*args, **kwargs):
        used.append(kwargs.get("max_workers"))
        return real_pool(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", spy)  # the pool imports it when it starts
    for index in range(30):
        write(tmp_path / f"m{index:02d}.py", DIAG_SOURCE)
    code, report = scan_json(cli, "--jobs", "2", ".")
    assert used == [2]
    assert code == 1
    assert [finding["path"] for finding in report["findings"]] == [f"m{index:02d}.py" for index in range(30)]


# -- subcommands --------------------------------------------------------------------------


def test_version(cli):
    result = cli("--version")
    assert result.exit_code == 0
    assert __version__ in result.stdout
    assert cli("-V").stdout == result.stdout


def test_rules_table_lists_every_rule(cli):
    result = cli("rules")
    assert result.exit_code == 0
    for rule in all_rules():
        assert rule.code in result.stdout
        assert rule.name in result.stdout
    assert "GA900" in result.stdout and "off" in result.stdout


def test_rule_prints_its_documentation(cli):
    result = cli("rule", "GA202")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("GA202 diag-of-matmul (fixable)")
    for section in ("What it does", "Why it is slow for gradients", "Example", "Use instead", "When not to apply"):
        assert section in out
    assert 'jnp.einsum("ij,ij->j", y1, y)' in out


def test_rule_by_name_and_lower_case(cli):
    assert cli("rule", "diag-of-matmul").stdout.startswith("GA202 diag-of-matmul")
    assert cli("rule", "ga301").stdout.startswith("GA301 python-sum-over-array")
    assert "off by default" in cli("rule", "GA900").stdout


def test_unknown_rule_is_a_usage_error(cli):
    result = cli("rule", "NOPE")
    assert result.exit_code == 2
    assert "unknown rule 'NOPE'" in result.stderr
    assert "GA202" in result.stderr  # the known codes are listed


def test_help_lists_the_subcommands(cli):
    result = cli("--help")
    assert result.exit_code == 0
    for name in ("scan", "rules", "rule", "bench"):
        assert re.search(rf"^\s+{name}\b", result.stdout, re.MULTILINE), name
    scan_help = cli("scan", "--help").stdout
    assert "GRADADVISOR_FORMAT" in scan_help
    assert "Exit codes" in scan_help


def test_rule_summaries_are_printed_verbatim(cli):
    """Summaries hold brackets (`.at[i]`, `a[:, i]`) that rich must not take for markup."""
    table = cli("rules", env={"COLUMNS": "400"}).stdout
    for rule in all_rules():
        assert rule.summary in table
        shown = " ".join(cli("rule", rule.code).stdout.split())
        assert " ".join(rule.summary.split()) in shown


def test_help_shows_each_command_with_its_whole_summary(cli):
    result = cli("--help", env={"COLUMNS": "80"})
    rows = {}
    for line in result.stdout.split("Commands:", 1)[1].splitlines():
        match = re.match(r"^\s+(\S+)\s+(.*)$", line)
        if match:
            rows[match.group(1)] = match.group(2)
    assert set(rows) == {"bench", "profile", "rule", "rules", "scan", "trace"}
    for name, summary in rows.items():
        assert summary.endswith("."), (name, summary)  # a whole sentence, not cut short
        assert "..." not in summary and not summary.endswith("e.g.")
    assert rows["rule"] == "Explain one rule, by code (GA202) or name (diag-of-matmul)."


def test_help_does_not_import_the_bench_command(run_cli):
    code = "import sys; from gradadvisor.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\nprint('gradadvisor.bench.command' in sys.modules or 'gradadvisor.profile.command' in sys.modules)"
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip().endswith("False"), result.stdout + result.stderr


def test_rule_docs_keep_starred_words_as_code_and_emphasis_as_emphasis():
    from gradadvisor.cli import rule_markdown

    doc = "costs n*n*k and `a*b*c` and *fast*; O(T*B*OUT) work.\n\n```python\nx = a*b*c\n```\n    y = d*e"
    assert rule_markdown(doc) == "costs `n*n*k` and `a*b*c` and *fast*; O(`T*B*OUT`) work.\n\n```python\nx = a*b*c\n```\n    y = d*e"


def test_rule_renders_n_times_n_times_k_as_written(cli):
    out = cli("rule", "GA202", env={"COLUMNS": "200"}).stdout
    assert "n*n*k multiply-adds" in out and "nnk" not in out


def test_rule_points_to_the_projects_own_example(cli):
    from pathlib import Path

    from gradadvisor.cli import RULE_EXAMPLES
    from gradadvisor.engine.runner import Settings, lint_file

    patterns = Path(__file__).resolve().parent.parent / "patterns"
    for code, example in RULE_EXAMPLES.items():
        out = cli("rule", code, env={"COLUMNS": "300"}).stdout
        assert f"patterns/{example}" in out
        result = lint_file(patterns / example, example, Settings(codes=(code,), root=str(patterns)))
        assert [finding.code for finding in result.findings][:1] == [code], example  # the example shows the rule


def test_rule_pages_and_the_rules_list_when_piped_are_not_wrapped_and_have_no_trailing_spaces(cli):
    """Piped (not a terminal), `rule` prints its page as Markdown text, as ruff does, and `rules`
    one line per rule: nothing hard-wrapped at 80 columns, no line ending in spaces."""
    listing = cli("rules", env={"COLUMNS": "80"}).stdout
    lines = listing.splitlines()
    assert lines[0].split() == ["Code", "Name", "Fix", "Default", "Summary"]
    assert len(lines) == 1 + len(all_rules())
    for rule, line in zip(all_rules(), lines[1:]):
        assert line.startswith(rule.code) and line.endswith(rule.summary)
    for rule in all_rules():
        page = cli("rule", rule.code, env={"COLUMNS": "80"}).stdout
        assert all(line == line.rstrip() for line in page.splitlines()), rule.code
        assert rule.documentation() in page  # as written, not re-wrapped
        assert "seed thread" not in page.lower() and "seed 0" not in page.lower()  # words that mean nothing to a user
    assert any(len(line) > 80 and line.startswith("Confidence: ") for line in cli("rule", "GA202", env={"COLUMNS": "80"}).stdout.splitlines())
