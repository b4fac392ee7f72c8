"""``--format text|json|markdown`` and ``--compare OLD.json``.

The rendering and the comparison rule are tested on hand-written results;
one command test runs a tiny bench twice (save, then compare as markdown).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gradadvisor.bench import markdown, saved_run
from gradadvisor.bench.command import bench

CASES = Path(__file__).parent / "bench_cases"


def timed(median: float, low: float, spread: float, samples: int = 7) -> dict:
    """A function's report with the fields a comparison reads."""
    report = {}
    for kind in ("forward", "grad"):
        report.update({f"{kind}_s": median, f"{kind}_min_s": low, f"{kind}_spread": spread,
                       f"{kind}_samples": samples})
    report.update({"compile_s": 0.5, "first_call_s": 0.7, "extrapolated": False})
    return report


def result(target: str, base: dict, cand: dict, size: int = 10, device: str = "cpu:0") -> dict:
    match = {"value": True, "grad": True, "decided_by": "float32", "vacuous": False,
             "vacuity": {"value": None, "grad": None}, "problems": []}
    speed = {"forward": 1.0, "forward_range": [0.9, 1.2], "forward_pairs": 7, "grad": 4.0,
             "grad_range": [3.1, 5.0], "grad_pairs": 7, "compile": 12.0, "first_call": 10.0,
             "lower_bounds": []}
    return {"target": target, "device": device, "jax_version": "0.10.2",
            "runs": [{"size": size, "jit": True, "match": match, "speedup": speed,
                      "baseline": base, "candidate": cand}]}


# -- markdown --------------------------------------------------------------------------------


def test_markdown_table_has_one_row_per_size():
    first = result("sum|closure", timed(1e-3, 9e-4, 0.2), timed(2e-4, 1.9e-4, 0.1))
    second = result("diag", timed(1e-3, 9e-4, 0.2), timed(2e-4, 1.9e-4, 0.1))
    second["runs"][0]["match"]["grad"] = False
    second["runs"][0]["match"]["problems"] = ["(root): shape differs"]
    lines = markdown.render([first, second]).splitlines()
    assert lines[0] == "| pattern | size | match | forward | gradient | compile | verdict |"
    assert lines[2] == ("| sum\\|closure | 10 | yes | 1x (0.9-1.2) | 4x (3.1-5) | 12x | "
                        "forward no clear difference (0.9-1.2x), gradient 4x faster, compile 12x faster, "
                        "first call 10x faster |")
    assert lines[3].startswith("| diag | 10 | NO |")
    assert lines[3].endswith("candidate DIFFERS from baseline: gradient differ ((root): shape differs) |")
    assert "Measured on cpu:0 with jax 0.10.2." in lines[5]


# -- comparing with a saved run ------------------------------------------------------------------


def test_regression_needs_every_pairing_to_be_slower():
    old = result("t", timed(1.0, 0.9, 0.2), timed(1.0, 0.9, 0.2))  # samples 0.9 .. 1.1
    new = result("t", timed(2.0, 1.7, 0.2), timed(1.2, 1.0, 0.3))
    rows = {(r["function"], r["measure"]): r for r in saved_run.compare_runs(old, [new], "old.json")["rows"]}
    slower = rows[("baseline", "forward")]
    assert slower["ratio"] == pytest.approx(2.0)
    assert slower["range"][0] == pytest.approx(1.7 / 1.1)  # fastest new / slowest old
    assert slower["flag"] == "slower" and slower["confirmed"]
    assert rows[("candidate", "gradient")]["flag"] is None  # overlapping: noise
    assert rows[("baseline", "compile")]["range"] is None and rows[("baseline", "compile")]["flag"] is None
    comparison = saved_run.compare_runs(old, [new], "old.json")
    assert comparison["regressions"] == 2  # forward and gradient of the baseline
    faster = saved_run.compare_runs(new, [old], "new.json")
    assert {r["flag"] for r in faster["rows"] if r["function"] == "baseline" and r["range"]} == {"faster"}
    assert faster["regressions"] == 0


def test_few_samples_flag_without_confirming():
    old = result("t", timed(1.0, 0.9, 0.2, samples=3), timed(1.0, 0.9, 0.2, samples=3))
    new = result("t", timed(3.0, 2.9, 0.1, samples=3), timed(1.0, 0.9, 0.2, samples=3))
    comparison = saved_run.compare_runs(old, [new])
    row = next(r for r in comparison["rows"] if r["function"] == "baseline")
    assert row["flag"] == "slower" and not row["confirmed"] and comparison["regressions"] == 0
    assert saved_run.flag_text(row) == "slower? (fewer than 5 samples)"


def test_comparison_notes_what_it_cannot_pair():
    old = {"device": "gpu:0", "benches": [result("a", timed(1, 1, 0), timed(1, 1, 0), size=10)]}
    new = [result("a", timed(1, 1, 0), timed(1, 1, 0), size=20), result("b", timed(1, 1, 0), timed(1, 1, 0))]
    comparison = saved_run.compare_runs(old, new, "old.json")
    assert comparison["rows"] == []
    assert comparison["notes"] == ["device differs: gpu:0 then, cpu:0 now",
                                   "a: size 20 not in the saved run", "b: not in old.json"]


def test_compare_rejects_a_file_that_is_not_a_saved_run(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"findings": []}')
    result = CliRunner().invoke(bench, [str(CASES / "pytree_params.py"), "--compare", str(bad)])
    assert result.exit_code == 2
    assert "is not a saved bench run (no 'runs' or 'benches')" in result.stderr
    bad.write_text("not json")
    result = CliRunner().invoke(bench, [str(CASES / "pytree_params.py"), "--compare", str(bad)])
    assert result.exit_code == 2 and "not JSON" in result.stderr


def test_save_then_compare_as_markdown(tmp_path):
    pytest.importorskip("jax")
    saved = tmp_path / "old.json"
    first = CliRunner().invoke(bench, [str(CASES / "folder" / "cubes.py"), "--quick", "--quiet",
                                       "--format", "table", "--save", str(saved)])  # "table": old name of text
    assert first.exit_code == 0, first.output
    assert "cubes: candidate matches" in first.stdout
    second = CliRunner().invoke(bench, [str(CASES / "folder" / "cubes.py"), "--quick", "--quiet",
                                        "--format", "markdown", "--compare", str(saved)])
    assert second.exit_code == 0, second.output  # --quick: 3 samples never confirm a regression
    lines = second.stdout.splitlines()
    assert lines[0] == "| pattern | size | match | forward | gradient | compile | verdict |"
    assert lines[2].startswith("| cubes | 8 | yes |")
    header = lines.index("| pattern | size | function | measure | old | new | new/old | flag |")
    rows = [line for line in lines[header + 2:] if line.startswith("| cubes")]
    assert len(rows) == 8  # 2 functions x forward, gradient, compile, first call
    assert json.loads(saved.read_text())["runs"][0]["match"]["value"] is True


def test_a_speedup_is_never_shown_outside_its_own_range():
    """The median and its range are rounded alike (3 significant digits): a median of 1.07
    between 1.05 and 10.9 is `1.07x (1.05-10.9)`, never `1.07x (1.1-11)`."""
    from gradadvisor.bench.report import factor, factor_range, speed_cell

    run = {"speedup": {"grad": 1.0712, "grad_range": [1.0549, 10.93], "lower_bounds": []}}
    assert speed_cell(run, "grad") == "1.07x (1.05-10.9)"
    for median, low, high in [(1.0712, 1.0549, 10.93), (0.9996, 0.9994, 1.2), (9.996, 9.95, 10.04), (1.25, 1.25, 1.25)]:
        text = factor(median) + factor_range([low, high])
        shown_median = float(text.split("x")[0])
        shown_low, shown_high = (float(part) for part in text.split("(")[1].rstrip(")").split("-"))
        assert shown_low <= shown_median <= shown_high, text
    row = result("diag", timed(1e-3, 9e-4, 0.2), timed(2e-4, 1.9e-4, 0.1))
    row["runs"][0]["speedup"].update(grad=1.0712, grad_range=[1.0549, 10.93])
    assert "| 1.07x (1.05-10.9) |" in markdown.render([row])
