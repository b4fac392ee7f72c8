"""The engine: suppression comments, the per-file run, the pool, decoding."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DIAG_SOURCE, MIXED_SOURCE, SUM_SOURCE, codes_at, scan_json, write
from gradadvisor.engine.noqa import file_is_suppressed, find_suppressions
from gradadvisor.engine.runner import Settings, check_text, lint_file, lint_paths
from gradadvisor.engine.source import decode_source
from gradadvisor.rules import all_rules, rule_by_code

GA202 = rule_by_code("GA202")
GA301 = rule_by_code("GA301")
GA900 = rule_by_code("GA900")
HEADER = "import jax\nimport jax.numpy as jnp\n"


def _found(source: str, rules=None) -> list[tuple[str, int]]:
    # The engine's mechanics (noqa, positions) on module-level code: every confidence counts.
    checked = check_text("case.py", source, list(rules or all_rules()), min_confidence="low")
    assert checked.errors == []
    return [(finding.code, finding.line) for finding in checked.findings]


# -- noqa ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "comment",
    ["  # noqa: GA202", "  # noqa", "  #noqa:GA202", "  # NOQA: ga202", "  # noqa: GA2", "  # noqa: E501, GA202", "  # noqa: GA202 explained"],
)
def test_noqa_on_the_reported_line_suppresses(comment):
    assert _found(HEADER + "d = jnp.diag(a.T @ b)" + comment + "\n", [GA202]) == []


@pytest.mark.parametrize("comment", ["  # noqa: GA301", "  # noqa: GA3", "  # noqa: E501", "  # noqa: GA2021", "  # noqa : GA301"])
def test_noqa_for_another_code_does_not_suppress(comment):
    assert _found(HEADER + "d = jnp.diag(a.T @ b)" + comment + "\n", [GA202]) == [("GA202", 3)]


def test_noqa_inside_a_string_does_not_count():
    source = HEADER + 'd = jnp.diag(a.T @ b); s = "# noqa"\ne = jnp.diag(a.T @ b); t = """\n# noqa\n"""\n'
    assert _found(source, [GA202]) == [("GA202", 3), ("GA202", 4)]


def test_noqa_on_another_line_does_not_count():
    source = HEADER + "# noqa: GA202\nd = jnp.diag(a.T @ b)\nx = 1  # noqa: GA202\n"
    assert _found(source, [GA202]) == [("GA202", 4)]


def test_noqa_goes_on_the_first_line_of_a_multiline_finding():
    first = HEADER + "d = jnp.diag(  # noqa: GA202\n    a.T @ b\n)\n"
    last = HEADER + "d = jnp.diag(\n    a.T @ b\n)  # noqa: GA202\n"
    assert _found(first, [GA202]) == []
    assert _found(last, [GA202]) == [("GA202", 3)]


def test_noqa_suppresses_only_the_named_rule_on_a_shared_line():
    source = HEADER + "\n\n@jax.jit\ndef f(a, b, x):\n    return jnp.diag(a.T @ b) + sum(jnp.exp(-xi) for xi in x)  # noqa: GA301\n"
    assert _found(source, [GA202, GA301]) == [("GA202", 7)]


@pytest.mark.parametrize("line", ["# gradadvisor: noqa", "#gradadvisor:noqa", "    # GRADADVISOR: NOQA"])
def test_file_level_noqa_skips_the_file(line):
    source = MIXED_SOURCE + line + "\n"
    assert file_is_suppressed(source)
    assert _found(source) == []


@pytest.mark.parametrize(
    "source",
    [
        MIXED_SOURCE + "x = 1  # gradadvisor: noqa\n",  # not on a line of its own
        MIXED_SOURCE + "# gradadvisor: noqa: GA202 is not a thing\n",
        '"""Skip a file with:\n\n    # gradadvisor: noqa\n"""\n' + MIXED_SOURCE,  # inside a docstring
    ],
    ids=["trailing", "with-codes", "in-a-docstring"],
)
def test_file_level_noqa_must_be_a_comment_line_of_its_own(source):
    assert not file_is_suppressed(source)
    assert "GA202" in {code for code, _ in _found(source)}


def test_file_level_noqa_through_the_cli(cli, tmp_path):
    write(tmp_path / "skipped.py", "# gradadvisor: noqa\n" + DIAG_SOURCE)
    write(tmp_path / "slow.py", DIAG_SOURCE)
    code, report = scan_json(cli, ".")
    assert code == 1
    assert codes_at(report) == [("slow.py", "GA202", 3)]
    assert report["files"] == 2


def test_find_suppressions_reads_codes_and_columns():
    source = "x = 1  # noqa: GA202, ga301\ny = 2  # noqa\nz = '# noqa: GA202'\n"
    found = find_suppressions(source)
    assert sorted(found) == [1, 2]
    assert found[1].codes == ("GA202", "GA301")
    assert found[1].column == 8
    assert found[2].codes == ()


def test_find_suppressions_survives_untokenizable_text():
    assert find_suppressions('s = """unterminated  # noqa\n') == {}
    assert file_is_suppressed('# gradadvisor: noqa\ns = """unterminated\n')


# -- GA900 unused noqa ----------------------------------------------------------------------


def test_unused_noqa_is_off_by_default(cli, tmp_path):
    write(tmp_path / "stale.py", HEADER + 'd = jnp.einsum("ij,ij->j", a, b)  # noqa: GA202\n')
    code, report = scan_json(cli, "stale.py")
    assert (code, report["findings"]) == (0, [])


def test_unused_noqa_when_selected(cli, tmp_path):
    write(
        tmp_path / "stale.py",
        HEADER
        + 'd = jnp.einsum("ij,ij->j", a, b)  # noqa: GA202\n'  # nothing to suppress
        + "e = jnp.diag(a.T @ b)  # noqa: GA202\n"  # used
        + "f = jnp.diag(a.T @ b)  # noqa: GA202, GA301\n"  # half used
        + "g = 1  # noqa\n"  # bare: not judged
        + "h = 2  # noqa: E501\n",  # another tool's code: not judged
    )
    code, report = scan_json(cli, "--select", "GA2,GA900", "stale.py")
    assert code == 1
    assert [(f["code"], f["line"], f["column"]) for f in report["findings"]] == [("GA900", 3, 35), ("GA900", 5, 24)]
    messages = [f["message"] for f in report["findings"]]
    assert "GA202" in messages[0] and "GA301" in messages[1] and "GA202" not in messages[1]
    assert report["findings"][0]["severity"] == "info"


def test_unused_noqa_in_a_file_without_jax(cli, tmp_path):
    write(tmp_path / "plain.py", "x = 1  # noqa: GA301\n")
    code, report = scan_json(cli, "--select", "GA900", "plain.py")
    assert code == 1
    assert codes_at(report) == [("plain.py", "GA900", 1)]


def test_unused_noqa_is_itself_suppressible(cli, tmp_path):
    write(tmp_path / "plain.py", "x = 1  # noqa: GA301, GA900\ny = 2  # noqa: GA\nz = 3  # noqa: GA301\n")
    code, report = scan_json(cli, "--select", "ALL", "plain.py")
    assert code == 1
    assert codes_at(report) == [("plain.py", "GA900", 3)]


# -- per-file run -------------------------------------------------------------------------


def test_findings_are_sorted_and_positions_one_based():
    checked = check_text("case.py", MIXED_SOURCE, list(all_rules()))
    positions = [(f.line, f.column) for f in checked.findings]
    assert positions == sorted(positions)
    assert ("GA202", 7, 9) in [(f.code, f.line, f.column) for f in checked.findings]


def test_files_without_jax_are_not_parsed():
    checked = check_text("plain.py", "import numpy as np\nd = np.diag(a.T @ b)\n", list(all_rules()))
    assert (checked.findings, checked.errors, checked.parsed) == ([], [], False)


def test_numpy_diag_is_not_reported_even_in_a_jax_file():
    assert _found("import jax\nimport numpy as np\nd = np.diag(a.T @ b)\n") == []


def test_lint_file_reports_lines(tmp_path):
    path = write(tmp_path / "slow.py", DIAG_SOURCE)
    settings = Settings(codes=("GA202",), root=str(tmp_path))
    result = lint_file(path, "slow.py", settings)
    assert result.lines == 3
    assert [f.code for f in result.findings] == ["GA202"]
    assert result.parsed


def test_settings_per_file_ignores(tmp_path):
    settings = Settings(
        codes=("GA202", "GA301"),
        root=str(tmp_path),
        per_file_ignores=(("gen/*", ("GA2",)), ("legacy.py", ("ALL",))),
    )
    assert [rule.code for rule in settings.rules_for(str(tmp_path / "gen" / "m.py"))] == ["GA301"]
    assert settings.rules_for(str(tmp_path / "deep" / "legacy.py")) == []
    assert [rule.code for rule in settings.rules_for(str(tmp_path / "src" / "m.py"))] == ["GA202", "GA301"]


def test_lint_paths_keeps_input_order_in_the_pool(tmp_path):
    files = []
    for index in range(24):
        path = write(tmp_path / f"m{index:02d}.py", DIAG_SOURCE if index % 2 else SUM_SOURCE)
        files.append((path, path.name))
    settings = Settings(codes=("GA202", "GA301"), root=str(tmp_path))
    seen = []
    serial = lint_paths(files, settings, jobs=1)
    parallel = lint_paths(files, settings, jobs=2, on_result=lambda result: seen.append(result.path))
    assert [r.path for r in parallel] == [r.path for r in serial] == seen == [name for _, name in files]
    assert [[f.code for f in r.findings] for r in parallel] == [[f.code for f in r.findings] for r in serial]


# -- decoding -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, encoding, bom",
    [
        (b"x = 1\n", "utf-8", False),
        (b"\xef\xbb\xbfx = 1\n", "utf-8", True),
        ("# coding: latin-1\nx = 'é'\n".encode("latin-1"), "iso-8859-1", False),
        ("#!/usr/bin/env python\n# -*- coding: cp1252 -*-\nx = '€'\n".encode("cp1252"), "cp1252", False),
    ],
)
def test_decode_source_follows_pep_263(data, encoding, bom):
    source = decode_source("m.py", data)
    assert (source.encoding, source.bom) == (encoding, bom)
    assert source.encode(source.text) == data


def test_decode_source_rejects_a_bom_with_another_cookie():
    error = decode_source("m.py", b"\xef\xbb\xbf# coding: latin-1\nx = 1\n")
    assert error.kind == "decode-error"


def test_windows_line_endings_keep_positions(tmp_path):
    path = write(tmp_path / "dos.py", DIAG_SOURCE.replace("\n", "\r\n").encode())
    result = lint_file(path, "dos.py", Settings(codes=("GA202",), root=str(tmp_path)))
    [finding] = result.findings
    assert (finding.line, finding.column, finding.end_column) == (3, 5, 22)


def test_findings_carry_the_display_path_not_the_real_one(tmp_path):
    path = write(tmp_path / "slow.py", DIAG_SOURCE)
    result = lint_file(Path(path), "pkg/slow.py", Settings(codes=("GA202",), root=str(tmp_path)))
    assert result.path == result.findings[0].path == "pkg/slow.py"


def _die_on_killer(item):
    """Stands in for a worker that dies (a crash in native code, the OOM killer)."""
    import os as _os

    from gradadvisor.engine import runner

    if item[1] == "killer.py":
        _os._exit(3)
    return runner._safe_phase1(Path(item[0]), item[1], runner._worker_settings)


@pytest.mark.skipif(
    __import__("multiprocessing").get_start_method() != "fork", reason="the patched worker reaches the pool only by fork"
)
def test_a_dead_worker_is_an_internal_error_not_a_traceback(cli, tmp_path, monkeypatch):
    from gradadvisor.engine import runner

    monkeypatch.setattr(runner, "_phase1_in_worker", _die_on_killer)
    for index in range(12):
        write(tmp_path / f"m{index:02d}.py", DIAG_SOURCE)
    write(tmp_path / "killer.py", DIAG_SOURCE)
    result = cli("scan", "--jobs", "2", "--format", "json", ".")
    assert result.exit_code == 2
    report = __import__("json").loads(result.stdout)
    assert report["files"] == 13
    unchecked = [error for error in report["errors"] if error["kind"] == "internal-error"]
    assert unchecked and all("worker process" in error["message"] for error in unchecked)
    assert {error["path"] for error in unchecked} <= {f"m{index:02d}.py" for index in range(12)} | {"killer.py"}
    assert len(codes_at(report, "GA202")) + len(unchecked) == 13


def test_a_noqa_for_a_rule_not_selected_is_non_enabled_not_unused(cli, tmp_path):
    """ruff's RUF100 sorts a noqa code as unused, non-enabled or unknown. A ``# noqa: GA202`` that
    hides a real GA202 finding is not "unused" when GA202 was not selected: GA900 says so and
    does not ask to remove it."""
    write(
        tmp_path / "hidden.py",
        HEADER + "d = jnp.diag(a.T @ b)  # noqa: GA202\n" + "e = 1  # noqa: GA202, GA999\n",
    )
    code, report = scan_json(cli, "--select", "GA900", "hidden.py")
    assert code == 1
    first, second = (finding["message"] for finding in report["findings"])
    assert first.startswith("unused `noqa` directive (non-enabled: GA202): GA202 is not selected for this file")
    assert "remove" not in first
    assert second.startswith("unused `noqa` directive (non-enabled: GA202; unknown: GA999)")
    code, report = scan_json(cli, "--select", "GA900,GA202", "hidden.py")
    assert [(f["line"], f["message"]) for f in report["findings"]] == [(4, "unused `noqa` directive (unused: GA202; unknown: GA999)")]
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\nselect = ["GA2", "GA900"]\nper-file-ignores = {"hidden.py" = ["GA202"]}\n')
    code, report = scan_json(cli, "hidden.py")
    assert "non-enabled: GA202" in report["findings"][0]["message"]  # ignored for the file: not judged either
