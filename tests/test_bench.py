"""gradadvisor bench: equality, exit codes, JSON shape, budgets, and its helpers.

No test asserts a timing: timings are machine-dependent and live in the
README table and the JSON. The command tests run with --quick (few, short
samples); each spawns a worker process, so each takes a couple of seconds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gradadvisor.bench import report, scaling, xla
from gradadvisor.bench.command import JAX_MISSING, bench
from gradadvisor.bench.loader import FunctionRef, UsageError, parse_argnums
from gradadvisor.bench.timing import Ratio, Samples, pairwise_ratio

CASES = Path(__file__).parent / "bench_cases"


def _frame_files(trace: str) -> set[str]:
    """The names of the files a formatted traceback's frames are in."""
    return {Path(name).name for name in re.findall(r'File "([^"]+)"', trace)}


def run_bench(*args: str) -> tuple[int, dict | None, str]:
    """Invoke ``bench ... --quick --format json``: exit code, JSON, stderr."""
    result = CliRunner().invoke(bench, [*args, "--quick", "--quiet", "--format", "json"])
    document = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, document, result.stderr


# -- pure helpers (no jax needed) -----------------------------------------------------


def test_function_ref_parses_paths_and_modules():
    assert FunctionRef.parse("pkg.mod:func") == FunctionRef("pkg.mod", "func")
    ref = FunctionRef.parse("dir/file.py:slow")
    assert ref.is_path and ref.name == "slow"
    with pytest.raises(UsageError):
        FunctionRef.parse("no_function_here")


def test_parse_argnums_forms():
    assert parse_argnums(0) == (0,)
    assert parse_argnums((0, 2)) == (0, 2)
    assert parse_argnums("0,1") == (0, 1)
    with pytest.raises(UsageError):
        parse_argnums("a,b")
    with pytest.raises(UsageError):
        parse_argnums(True)


def test_fit_exponent_recovers_power_law():
    sizes = [100, 1000, 10000]
    k, c = scaling.fit_exponent(sizes, [3e-6 * s**1.5 for s in sizes])
    assert k == pytest.approx(1.5)
    assert c == pytest.approx(3e-6)
    assert scaling.extrapolate((k, c), 100000) == pytest.approx(3e-6 * 100000**1.5)
    assert scaling.fit_exponent([100], [1.0]) is None
    assert scaling.gradient_outgrows_forward(0.1, 1.0)
    assert not scaling.gradient_outgrows_forward(1.0, 1.2)


def test_pairwise_ratio_and_claims():
    base = Samples([4.0, 6.0, 5.0, 5.0, 5.0])
    cand = Samples([2.0, 2.0, 2.0, 2.0, 2.0])
    ratio = pairwise_ratio(base, cand)
    assert ratio.values == [2.0, 3.0, 2.5, 2.5, 2.5]
    assert ratio.median == 2.5 and ratio.low == 2.0 and ratio.claimed
    assert not Ratio([1.4, 3.0, 3.0, 3.0, 3.0]).claimed  # the worst pair decides
    assert not Ratio([3.0, 3.0, 3.0]).claimed  # too few rounds
    assert base.spread == pytest.approx((6.0 - 4.0) / 5.0)


def test_xla_cost_accepts_dict_list_and_missing():
    class Fake:
        def __init__(self, analysis):
            self.analysis = analysis

        def cost_analysis(self):
            if isinstance(self.analysis, Exception):
                raise self.analysis
            return self.analysis

        def memory_analysis(self):
            return None

    as_dict = xla.cost(Fake({"flops": 10.0, "bytes accessed": 40.0}))
    as_list = xla.cost(Fake([{"flops": 4.0, "bytes accessed": 8.0}, {"flops": 6.0}]))
    missing = xla.cost(Fake(NotImplementedError("no cost model")))
    assert as_dict["flops"] == 10.0 and as_dict["bytes_accessed"] == 40.0
    assert as_list["flops"] == 10.0 and as_list["bytes_accessed"] == 8.0
    assert missing == {"flops": None, "transcendentals": None, "bytes_accessed": None}
    assert set(xla.memory(Fake(None)).values()) == {None}
    assert report.count(None) == "n/a"


def test_bench_without_jax_says_how_to_install(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "jax" else real(name, *a))
    result = CliRunner().invoke(bench, [str(CASES / "pytree_params.py")])
    assert result.exit_code == 2
    assert JAX_MISSING in result.stderr


def test_usage_errors_exit_2():
    runner = CliRunner()
    result = runner.invoke(bench, [])
    assert result.exit_code == 2 and "--baseline" in result.output
    result = runner.invoke(bench, ["--baseline", "a.py:f", "--candidate", "a.py"])
    assert result.exit_code == 2


# -- comparison (jax) -----------------------------------------------------------------


def test_compare_trees_tolerance_and_problems():
    pytest.importorskip("jax")
    from gradadvisor.bench.compare import compare_trees

    base = {"w": np.array([1.0, 1e-3], np.float32), "zero": np.zeros(2, np.float32)}
    # summation-order noise: 1e-6 of the leaf's largest magnitude passes even on the
    # tiny entry (where it is 1e-3 relative) and on the all-zero leaf
    near = {"w": np.array([1.0 + 1e-6, 1e-3 + 1e-6], np.float32),
            "zero": np.array([1e-7, 0.0], np.float32)}
    assert compare_trees(base, near).ok
    far = {"w": np.array([1.01, 1e-3], np.float32), "zero": np.zeros(2, np.float32)}
    result = compare_trees(base, far)
    assert not result.ok
    assert result.max_abs_err == pytest.approx(0.01, rel=1e-3)
    assert result.max_rel_err == pytest.approx(0.01, rel=1e-3)
    assert not compare_trees(base, {"w": base["w"]}).ok  # structure
    assert "shape" in compare_trees(np.ones(3), np.ones(4)).problems[0]
    assert "dtype" in compare_trees(np.ones(3), np.ones(3, np.float32)).problems[0]
    nan = compare_trees(np.ones(2), np.array([1.0, np.nan]))
    assert not nan.ok and "NaN" in nan.problems[0]
    both_nan = compare_trees(np.array([np.nan]), np.array([np.nan]))
    assert not both_nan.ok  # never silently equal
    assert compare_trees(np.ones(2), np.ones(2) * 1.5, rtol=0.6).ok


def test_user_traceback_keeps_only_user_frames():
    pytest.importorskip("jax")
    import jax

    from gradadvisor.bench.errors import user_traceback
    from gradadvisor.bench.loader import BenchTarget, load

    loaded = load(BenchTarget.from_file(CASES / "raising_candidate.py"))
    with pytest.raises(ValueError) as info:
        jax.jit(loaded.candidate)(jax.numpy.ones(3))
    text = user_traceback(info.value, loaded.user_files)
    assert "raising_candidate.py" in text and "in helper" in text
    # Only the user's frames: no jax, gradadvisor or standard library file (checked by file, so
    # that a checkout in a folder named gradadvisor or a venv outside site-packages cannot matter).
    assert _frame_files(text) == {"raising_candidate.py", Path(__file__).name}  # this test called it
    assert text.endswith("ValueError: the rewrite is not finished")


# -- the command, end to end (jax, one worker process each) ---------------------------


def test_pytree_match_json_shape():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "pytree_params.py"))
    assert code == 0
    assert doc["jax_version"] and doc["device"].startswith("cpu")
    (run,) = doc["runs"]
    assert run["size"] == 5 and run["jit"] is True
    assert run["match"]["value"] and run["match"]["grad"]
    assert {leaf["path"] for leaf in run["match"]["grad_leaves"]} == {
        "[0]['b']", "[0]['scale']", "[0]['w']"}
    for name in ("baseline", "candidate"):
        fn = run[name]
        for key in ("forward_s", "grad_s", "first_call_s", "compile_s", "grad_to_forward"):
            assert fn[key] > 0, key
        assert fn["flops"]["grad"] is not None
        assert fn["memory"]["grad"]["argument_bytes"] > 0
    assert set(run["speedup"]) >= {"forward", "grad", "first_call", "compile"}
    assert run["match"]["rtol"] == 1e-4 and run["match"]["atol"] == 1e-4


def test_wrong_einsum_axis_is_caught():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "wrong_einsum_axis.py"))
    assert code == 1
    match = doc["runs"][0]["match"]
    assert match["grad"] is False
    assert match["decided_by"] == "float64"  # re-checked: not rounding
    assert match["max_abs_err"] > 0.1
    assert report.verdict(doc).startswith("candidate DIFFERS")


def test_float32_rounding_is_decided_in_float64():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "rounding_float32.py"))
    match = doc["runs"][0]["match"]
    assert match["float32"]["value"] is False  # float32 alone would call it a bug
    assert match["decided_by"] == "float64"
    assert code == 0 and match["value"] and match["grad"]


def test_argnums_tuple_with_python_value():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "argnums_tuple.py"))
    assert code == 0
    assert doc["argnums"] == [0, 2]
    assert [leaf["path"] for leaf in doc["runs"][0]["match"]["grad_leaves"]] == ["[0]", "[1]"]


def test_nonscalar_output_is_summed_and_said():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "nonscalar_output.py"))
    assert code == 0
    run = doc["runs"][0]
    assert run["baseline"]["summed_output"] is True
    assert any("differentiates its sum" in note for note in run["notes"])
    assert run["match"]["value_leaves"][0]["shape"] == [4]


def test_user_code_raising_exits_2_with_trimmed_traceback():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "raising_candidate.py"))
    assert code == 2
    error = doc["runs"][0]["error"]
    assert error["headline"].startswith("candidate")
    assert "ValueError: the rewrite is not finished" in error["headline"]
    assert _frame_files(error["trace"]) == {"raising_candidate.py"}


def test_nan_output_is_reported_not_equal():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "nan_output.py"))
    assert code == 1
    match = doc["runs"][0]["match"]
    assert match["value"] is None  # not compared: neither a match nor a mismatch
    assert any("NaN" in problem for problem in match["problems"])
    assert report.verdict(doc).startswith("not compared: (root): candidate has 1 NaN;")


def test_shape_mismatch_is_reported():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "shape_mismatch.py"))
    assert code == 1
    assert any("shape differs" in problem for problem in doc["runs"][0]["match"]["problems"])


def test_missing_function_exits_2():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "missing_function.py"))
    assert code == 2
    assert doc["runs"][0]["error"]["kind"] == "usage"
    assert "defines no function 'candidate'" in doc["runs"][0]["error"]["headline"]


def test_explicit_form_and_save(tmp_path):
    pytest.importorskip("jax")
    module = CASES / "explicit_functions.py"
    saved = tmp_path / "bench.json"
    code, doc, _ = run_bench(
        "--baseline", f"{module}:slow", "--candidate", f"{module}:fast",
        "--inputs", f"{module}:make_inputs", "--argnums", "0,1", "--save", str(saved),
    )
    assert code == 0
    assert doc["argnums"] == [0, 1]
    assert json.loads(saved.read_text())["runs"][0]["match"] == doc["runs"][0]["match"]


def test_no_jit_measures_eagerly():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "pytree_params.py"), "--no-jit")
    assert code == 0
    run = doc["runs"][0]
    assert run["jit"] is False
    assert run["baseline"]["compile_s"] is None and run["baseline"]["first_call_s"] > 0


def test_budget_exceeded_then_extrapolated():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "slow_baseline.py"), "--scaling", "--timeout", "8")
    sizes = [run["size"] for run in doc["runs"]]
    assert sizes == [10, 20, 40]
    last = doc["runs"][-1]
    assert last["baseline"]["exceeded_budget"] is True
    assert last["baseline"]["extrapolated"] is True and last["baseline"]["grad_s"] > 0
    assert last["candidate"]["grad_s"] > 0 and not last["candidate"]["extrapolated"]
    assert last["match"] is None  # not compared at the size that overran
    assert code == 0  # the sizes that were compared match
    exps = doc["scaling"]["exponents"]
    assert exps["candidate"]["grad"] is not None and exps["baseline"]["grad"] is not None


def test_folder_mode_summarises_every_file():
    pytest.importorskip("jax")
    code, doc, _ = run_bench(str(CASES / "folder"))
    assert code == 0
    assert [b["target"] for b in doc["benches"]] == ["cubes", "squares"]
    rows = [report.summary_row(b) for b in doc["benches"]]
    assert all(row[1] == "yes" for row in rows)


def test_table_output_has_verdict():
    pytest.importorskip("jax")
    result = CliRunner().invoke(bench, [str(CASES / "wrong_einsum_axis.py"), "--quick", "--quiet"])
    assert result.exit_code == 1
    assert "wrong_einsum_axis: candidate DIFFERS from baseline" in result.stdout
    assert "max abs err" in result.stdout


def test_verdict_claims_only_confirmed_speedups():
    def result(pairs: int, grad_range: list[float]) -> dict:
        speed = {"forward": 1.0, "forward_range": [0.9, 1.1], "forward_pairs": pairs,
                 "grad": 4.0, "grad_range": grad_range, "grad_pairs": pairs,
                 "grad_claimed": pairs >= 5 and grad_range[0] >= 1.5,
                 "compile": 12.0, "first_call": 1.1, "lower_bounds": []}
        match = {"value": True, "grad": True, "decided_by": "float32"}
        return {"target": "t", "runs": [{"size": 1, "match": match, "speedup": speed}]}

    text = report.verdict(result(7, [3.0, 5.0]))
    assert text == ("candidate matches; forward no clear difference (0.9-1.1x), "
                    "gradient 4x faster, compile 12x faster")
    assert "gradient ~4x faster (unconfirmed" in report.verdict(result(3, [3.0, 5.0]))
    assert "gradient no clear difference (1.2-5x)" in report.verdict(result(7, [1.2, 5.0]))
    assert report.exit_code(result(7, [3.0, 5.0])) == 0
