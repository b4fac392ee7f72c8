"""gradadvisor trace: per-line equations, diagnoses on the pattern catalog, errors and process handling.

Every trace runs make_jaxpr only (no compile, except the one ``--cost`` test)
at small sizes, in a child process, so each command test takes a few seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from gradadvisor.trace.command import trace
from gradadvisor.trace.confirm import confirm
from gradadvisor.trace.diagnose import (
    CAPTURED_CONSTANT_BYTES,
    Diagnosis,
    Finding,
    loop_rule,
)
from gradadvisor.trace.lines import LineRow, growth

ROOT = Path(__file__).resolve().parent.parent
PATTERNS = ROOT / "patterns"
CASES = Path(__file__).resolve().parent / "trace_cases"

#: Pattern file -> (sizes to trace at, the diagnosis `trace` must report for `baseline`,
#: its rule, and text of the line it must point at). A new pattern needs a row here.
EXPECTED = {
    "at_set_recurrence.py": ("4,8,16", "unrolled-loop", "GA103", "trajectory = trajectory.at[i].set(h)"),
    "diag_of_matmul.py": ("2,4,8", "diag-of-matmul", "GA202", "jnp.diag(ys[0].T @ y)"),
    "linear_recurrence.py": ("4,8,16", "unrolled-loop", "GA103", "x = a * x + b * u"),
    "per_example_grads.py": ("2,4,8", "unrolled-loop", "GA102", "squared_norm(jax.grad(loss)(params, x, y))"),
    "per_sample_map.py": ("2,4,8", "unrolled-loop", "GA101", "mlp(params, x[None]) for x in xs"),
    "sum_with_closure.py": ("8,16,32", "unrolled-loop", "GA301", "sum(rho(xi) for xi in x)"),
    "touching_large_array.py": ("100,1000,10000", "dense-table-gradient", None, "scaled[index]"),
    "view_slicing_loop.py": ("1,2,4", "unrolled-loop", "GA201", "jnp.dot(y1[:, b], y[:, b])"),
    "scatter_loop.py": ("4,8,16", "unrolled-loop", "GA103", "out = out.at[idx[i]].set(v[i] * scale)"),
    "list_recurrence.py": ("8,16,32", "unrolled-loop", "GA103", "T.append(2 * x * T[k - 1] - T[k - 2])"),
    "gather_map.py": ("2,4,8", "unrolled-loop", "GA101", "jnp.stack([table[i] for i in idx])"),
    # The pairs' term grows with n squared; the header's slices transpose into one dense array each.
    "pair_sum.py": ("4,8,16", "slice-backward", "GA302", "for a, b in itertools.combinations(pos, 2)"),
}
#: The loops of these patterns also unroll where the pattern's shape is (not only its main diagnosis).
ALSO_UNROLLED = {"diag_of_matmul.py"}
#: A candidate's equations may grow a little: ``associative_scan`` traces log2(n) levels.
CANDIDATE_GROWTH = {"linear_recurrence.py": 0.6}


def run_trace(*args: str) -> tuple[int, dict | None, str]:
    """Invoke ``trace ... --quiet --format json``: exit code, JSON document, stderr."""
    result = CliRunner().invoke(trace, [*args, "--quiet", "--format", "json"])
    document = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, document, result.stderr


def line_of(document: dict, function: str, path: str | None, line: int) -> dict:
    return next(entry for entry in document["functions"][function]["lines"]
                if entry["path"] == path and entry["line"] == line)


def diagnosed(document: dict, function: str, kind: str, marker: str) -> list[dict]:
    """The function's diagnoses of ``kind`` on a line whose source contains ``marker``."""
    found = []
    for diagnosis in document["functions"][function]["diagnoses"]:
        entry = line_of(document, function, diagnosis["path"], diagnosis["line"])
        if diagnosis["kind"] == kind and marker in entry["source"]:
            found.append(dict(diagnosis, growth=entry["growth"], source=entry["source"]))
    return found


def marker_line(path: Path, marker: str) -> int:
    return next(i for i, text in enumerate(path.read_text().splitlines(), 1) if marker in text)


# -- the pattern catalog -------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in PATTERNS.glob("*.py") if not p.name.startswith("_")))
def test_pattern_baseline_diagnosed_and_candidate_clean(name: str):
    assert name in EXPECTED, f"patterns/{name} has no row in EXPECTED (tests/test_trace.py): add one"
    sizes, kind, rule, marker = EXPECTED[name]
    code, document, stderr = run_trace(str(PATTERNS / name), "--sizes", sizes)
    assert code == 0, stderr
    hits = diagnosed(document, "baseline", kind, marker)
    assert hits, f"no {kind} at `{marker}`: {document['functions']['baseline']['diagnoses']}"
    assert hits[0]["rule"] == rule
    if kind == "unrolled-loop" or name in ALSO_UNROLLED:
        loops = diagnosed(document, "baseline", "unrolled-loop", marker)
        assert loops and 0.75 <= loops[0]["growth"] <= 1.25, loops
    assert document["functions"]["candidate"]["diagnoses"] == []
    assert document["functions"]["candidate"]["totals"]["growth"] < CANDIDATE_GROWTH.get(name, 0.2)
    confirmation = document["confirmation"]
    assert confirmation["unconfirmed"] == [], confirmation  # every scanner finding is borne out
    assert all(f["by"] for f in confirmation["confirmed"])


def test_every_expected_pattern_exists():
    missing = [name for name in EXPECTED if not (PATTERNS / name).is_file()]
    assert not missing, f"EXPECTED names patterns that are gone: {missing}"


# -- nested transforms, helpers in other modules, constants ----------------------------------


def test_loops_inside_jit_scan_and_custom_vjp_are_charged_to_the_calling_line():
    code, document, stderr = run_trace(str(CASES / "nested_transforms.py"))
    assert code == 0, stderr
    path = CASES / "nested_transforms.py"
    for marker, inner in (("marker: calls jit", "marker: jit body loop"),
                          ("marker: calls scan", "marker: scan body loop"),
                          ("marker: custom_vjp loop", None)):
        hits = diagnosed(document, "baseline", "unrolled-loop", marker)
        assert hits and 0.75 <= hits[0]["growth"] <= 1.25, (marker, document["functions"]["baseline"]["diagnoses"])
        if inner:
            entry = line_of(document, "baseline", hits[0]["path"], hits[0]["line"])
            assert marker_line(path, inner) in {frame["line"] for frame in entry["stack"]}
    assert document["functions"]["candidate"]["diagnoses"] == []
    # the jit and the custom_vjp of the candidate hold nested equations, counted once each
    assert document["functions"]["candidate"]["totals"]["growth"] < 0.2
    # the scanner's GA101 inside the jitted helper is confirmed through the call that unrolls it
    via = [f for f in document["confirmation"]["confirmed"] if f.get("via")]
    assert via and via[0]["line"] == marker_line(path, "marker: jit body loop")


@pytest.mark.parametrize("spelling", ["path", "module"])
def test_function_from_another_module(spelling: str, monkeypatch: pytest.MonkeyPatch):
    if spelling == "module":
        monkeypatch.chdir(CASES)
        refs = ["--function", "uses_helper:loss", "--function", "uses_helper:loss_vectorized",
                "--inputs", "uses_helper:make_inputs"]
    else:
        main = str(CASES / "uses_helper.py")
        refs = ["--function", f"{main}:loss", "--function", f"{main}:loss_vectorized",
                "--inputs", f"{main}:make_inputs"]
    code, document, stderr = run_trace(*refs, "--sizes", "4,8,16")
    assert code == 0, stderr
    hits = diagnosed(document, "loss", "unrolled-loop", "marker: calls the helper")
    assert hits and hits[0]["rule"] == "GA301", document["functions"]["loss"]["diagnoses"]
    entry = line_of(document, "loss", hits[0]["path"], hits[0]["line"])
    helper_line = marker_line(CASES / "helpers.py", "marker: helper loop")
    assert any(frame["path"].endswith("helpers.py") and frame["line"] == helper_line
               for frame in entry["stack"])
    assert document["functions"]["loss_vectorized"]["diagnoses"] == []


def test_captured_constant_charged_to_the_line_that_reads_it():
    code, document, stderr = run_trace(str(CASES / "captured_constant.py"))
    assert code == 0, stderr
    hits = diagnosed(document, "baseline", "captured-constant", "marker: captured table")
    assert hits and hits[0]["rule"] == "GA401"
    entry = line_of(document, "baseline", hits[0]["path"], hits[0]["line"])
    assert entry["const_bytes"] >= CAPTURED_CONSTANT_BYTES
    assert document["functions"]["candidate"]["diagnoses"] == []
    assert document["functions"]["candidate"]["totals"]["const_bytes"] < 1024


def test_cost_reports_flops_and_the_cheap_gradient_diagnosis():
    code, document, stderr = run_trace(str(PATTERNS / "sum_with_closure.py"), "--sizes", "8,16,32",
                                       "--cost", "--no-scan")
    assert code == 0, stderr
    baseline = document["functions"]["baseline"]
    flops = baseline["totals"]["flops"]["32"]
    assert flops["grad"] > 5 * flops["forward"]
    assert [d["line"] for d in baseline["diagnoses"] if d["kind"] == "cheap-gradient"] == [
        marker_line(PATTERNS / "sum_with_closure.py", "p = sum(rho(xi) for xi in x)")]
    assert document["functions"]["candidate"]["diagnoses"] == []
    assert document["confirmation"] is None


def test_json_document_shape_and_clean_stdout(tmp_path: Path):
    case = tmp_path / "noisy.py"
    case.write_text(
        "import jax.numpy as jnp\n\n"
        "def inputs(size=4):\n    print('inputs is chatty')\n    return (jnp.ones(size),)\n\n"
        "def baseline(x):\n    print('so is baseline')\n    return jnp.sum(x ** 2)\n"
    )
    code, document, stderr = run_trace(str(case), "--no-scan")
    assert code == 0, stderr
    assert document["sizes"] == [1, 2, 4]  # a quarter, half and all of inputs' default size
    assert list(document["functions"]) == ["baseline"]  # no candidate: baseline alone
    baseline = document["functions"]["baseline"]
    assert set(baseline) >= {"lines", "diagnoses", "totals"}
    entry = baseline["lines"][0]
    assert set(entry) >= {"path", "line", "eqns", "growth", "primitives", "const_bytes", "stack"}
    assert set(entry["eqns"]) == {"1", "2", "4"}
    assert entry["source"] == "return jnp.sum(x ** 2)"


# -- errors, budgets, processes -----------------------------------------------------------------


def test_user_code_that_raises_exits_2_with_its_function_named():
    code, document, stderr = run_trace(str(CASES / "raising.py"))
    assert code == 2
    first = stderr.strip().splitlines()[0]
    assert "baseline" in first and "ValueError: shapes do not line up" in first
    assert "raising.py" in stderr and "site-packages" not in stderr
    assert document["error"]["function"] == "baseline"


def test_module_that_raises_on_import_exits_2(tmp_path: Path):
    case = tmp_path / "broken.py"
    case.write_text("raise RuntimeError('half-written module')\n")
    code, _, stderr = run_trace(str(case))
    assert code == 2
    assert "loading" in stderr and "RuntimeError: half-written module" in stderr


RAISING = str(CASES / "raising.py")


@pytest.mark.parametrize("args, message", [
    ([], "--function"),
    (["--function", "mod.py:f"], "--inputs"),
    ([RAISING, "--timeout", "0"], "greater than 0"),
    ([RAISING, "--timeout", "inf"], "finite"),
    ([RAISING, "--timeout", "nan"], "finite"),
    ([RAISING, "--sizes", "0,4"], "positive"),
])
def test_usage_errors_exit_2(args, message):
    result = CliRunner().invoke(trace, args)
    assert result.exit_code == 2
    assert message in result.output


def test_missing_function_is_a_usage_error():
    code, _, stderr = run_trace(str(CASES / "raising.py"), "--function", "nowhere")
    assert code == 2
    assert "nowhere" in stderr


def test_help_says_it_runs_code_and_lists_exit_codes():
    result = CliRunner().invoke(trace, ["--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "IMPORTS AND RUNS" in text and "child process" in text
    assert "0 the trace ran (with or without diagnoses)" in text and "130" in text


def test_timeout_kills_the_step_and_keeps_what_was_traced():
    code, document, stderr = run_trace(str(CASES / "slow_trace.py"), "--sizes", "8,16", "--timeout", "2",
                                       "--no-scan")
    assert code == 0, stderr
    assert list(document["functions"]["baseline"]["totals"]["eqns"]) == ["8"]
    assert list(document["functions"]["candidate"]["totals"]["eqns"]) == ["8", "16"]
    assert any("baseline at size 16 took over 2 s" in note for note in document["notes"])


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _start_slow_trace() -> tuple[subprocess.Popen, int]:
    """``trace`` of a function that sleeps while traced; returns the process and its tracing child."""
    env = dict(os.environ, NO_COLOR="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "gradadvisor", "trace", str(CASES / "slow_trace.py"), "--sizes", "16",
         "--timeout", "100", "--no-scan"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        children = [c for c in _children(process.pid)
                    if "spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes().decode(errors="replace")]
        if children:
            time.sleep(1.0)
            return process, children[0]
        time.sleep(0.1)
    process.kill()
    pytest.fail("the tracing child never started")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_ctrl_c_exits_130_with_one_line_and_stops_the_child():
    process, child = _start_slow_trace()
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert stderr.strip().splitlines() == ["gradadvisor trace: interrupted"]
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_the_child_dies_with_the_parent():
    process, child = _start_slow_trace()
    process.kill()  # SIGKILL: no cleanup in the parent
    process.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child)


# -- pure parts: attribution, growth, rule choice, confirmation ----------------------------------


def test_equations_are_charged_to_the_outermost_user_line_with_inner_frames_as_stack():
    import jax
    import jax.numpy as jnp

    from gradadvisor.trace.frames import FrameFilter
    from gradadvisor.trace.jaxpr import summarize

    sys.path.insert(0, str(CASES))
    try:
        import helpers
    finally:
        sys.path.remove(str(CASES))
    closed = jax.make_jaxpr(jax.grad(helpers.pair_energy))(jnp.arange(6.0))
    lines = summarize(closed, FrameFilter(caller_files=[__file__]), {(6,): ("x", True)})["lines"]
    sum_line = marker_line(CASES / "helpers.py", "marker: helper loop")
    entry = lines[f"{os.path.realpath(CASES / 'helpers.py')}:{sum_line}"]
    assert entry["eqns"] == sum(line["eqns"] for line in lines.values())  # nothing elsewhere
    assert [(f["function"], f["line"]) for f in entry["frames"]] == [("rho", sum_line - 4)]
    assert {z["primitive"] for z in entry["zero_fills"]} == {"pad"}
    assert sum(z["count"] for z in entry["zero_fills"]) == 6


def test_growth_is_the_log_log_slope():
    assert growth([10, 20, 40], {10: 30, 20: 60, 40: 120}) == pytest.approx(1.0)
    assert growth([10, 20, 40], {10: 7, 20: 7, 40: 7}) == pytest.approx(0.0)
    assert growth([None], {None: 5}) is None


def _row(**fields) -> LineRow:
    row = LineRow(path="/x.py", line=3, function="f", eqns={4: 10, 8: 20})
    for key, value in fields.items():
        setattr(row, key, value)
    return row


def test_loop_rule_prefers_the_finding_then_reads_the_primitives():
    assert loop_rule(_row(), [Finding("GA302", "/x.py", 2, 4)]) == "GA302"
    assert loop_rule(_row(), [Finding("GA202", "/x.py", 3, 3)]) == "GA101"  # not a loop rule
    assert loop_rule(_row(inner_gradient_eqns=12), []) == "GA102"
    assert loop_rule(_row(forward_primitives={"scatter": 8}), []) == "GA103"
    assert loop_rule(_row(source="total = sum(f(v) for v in x)"), []) == "GA301"
    assert loop_rule(_row(source="total += f(v)"), []) == "GA302"


def test_confirmation_sorts_findings_and_diagnoses():
    def display(path):
        return path

    loop = Diagnosis("unrolled-loop", "/a.py", 10, "GA101", "...", "baseline")
    helper_loop = Diagnosis("unrolled-loop", "/a.py", 20, "GA101", "...", "baseline",
                            details={"growing_frames": [("/b.py", 5)]})
    constant = Diagnosis("captured-constant", "/a.py", 30, "GA401", "...", "baseline")
    findings = [
        Finding("GA101", "/a.py", 9, 11),   # its range holds the loop diagnosis
        Finding("GA301", "/b.py", 5, 5),    # in a helper: confirmed via the call at line 20
        Finding("GA202", "/a.py", 10, 10),  # reached, but no diag-of-matmul there
        Finding("GA103", "/c.py", 1, 2),    # never traced
    ]
    result = confirm(findings, [loop, helper_loop, constant], {("/a.py", 10), ("/b.py", 5)}, display)
    assert [(f["code"], f.get("via")) for f in result["confirmed"]] == [("GA101", None), ("GA301", ["/a.py:20"])]
    assert [f["code"] for f in result["unconfirmed"]] == ["GA202"]
    assert [f["code"] for f in result["not_reached"]] == ["GA103"]
    assert [(d["kind"], d["line"]) for d in result["unpredicted"]] == [("captured-constant", 30)]
