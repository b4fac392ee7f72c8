"""What a match proves: NaN/inf is "not compared", a second input draw, vacuous proofs.

The command tests run ``bench --quick`` on tiny cases in tests/bench_cases
(one worker process each, a few seconds).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gradadvisor.bench import report
from gradadvisor.bench.command import bench

CASES = Path(__file__).parent / "bench_cases"

jax = pytest.importorskip("jax")


def run_bench(*args: str) -> tuple[int, dict | None, str]:
    result = CliRunner().invoke(bench, [*args, "--quick", "--quiet", "--format", "json"])
    document = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, document, result.stderr


# -- the rules, on arrays ---------------------------------------------------------------


def test_nonfinite_is_not_compared_unless_finite_entries_differ():
    from gradadvisor.bench.compare import combine, compare_trees

    nan = compare_trees(np.array([1.0, 2.0]), np.array([1.0, np.nan]))
    assert nan.ok is None and nan.leaves[0].ok is None
    assert "candidate has 1 NaN (not compared)" in nan.problems[0]
    inf_baseline = compare_trees(np.array([np.inf, 2.0]), np.array([np.inf, 2.0]))
    assert inf_baseline.ok is None  # equal infinities are never a match
    differs = compare_trees(np.array([1.0, 2.0, 3.0]), np.array([np.nan, 2.0, 30.0]))
    assert differs.ok is False  # the finite entries already differ
    assert combine(True, None) is None and combine(None, False) is False and combine(True, True) is True


def test_uninformative_results():
    from gradadvisor.bench.vacuity import uninformative, verdict

    assert uninformative(np.zeros(3, np.float32)) == "every entry is zero or subnormal"
    denormal = np.array([1e-40, -3e-41], np.float32)  # below float32's smallest normal
    assert uninformative(denormal) == "every entry is zero or subnormal"
    assert uninformative({"w": np.full((2, 2), 0.5), "b": np.full(2, 0.5)}) == "all 6 entries equal 0.5"
    assert uninformative(np.float32(2.5)) is None  # one nonzero number: informative
    assert uninformative(np.array([1.0, 2.0])) is None
    assert "does not depend on them" in uninformative(np.float32(2.5), np.float32(2.5))
    assert uninformative(np.float32(2.5), np.float32(2.6)) is None
    assert uninformative(np.array([np.nan, np.nan])) is None  # reported as not compared instead
    assert verdict("a", "b")["vacuous"] and not verdict("a", None)["vacuous"]


def test_perturbation_changes_floats_only_and_is_repeatable():
    import jax.numpy as jnp

    from gradadvisor.bench.vacuity import perturb

    args = (jnp.ones((3, 2)), jnp.arange(3), {"w": jnp.full(2, -2.0)})
    first, changed = perturb(args)
    again, _ = perturb(args)
    assert changed
    assert np.array_equal(first[1], args[1])  # integers untouched
    assert not np.array_equal(first[0], args[0])
    assert np.all((0.9 <= first[0]) & (first[0] <= 1.1)) and np.all(first[2]["w"] < 0)  # signs kept
    assert all(np.array_equal(a, b) for a, b in zip(jax.tree_util.tree_leaves(first),
                                                    jax.tree_util.tree_leaves(again)))
    assert perturb((jnp.arange(3),))[1] is False  # nothing floating: no second draw


# -- the command ----------------------------------------------------------------------------


def test_vacuous_match_exits_1_unless_allowed():
    code, doc, _ = run_bench(str(CASES / "vacuous_zeros.py"))
    match = doc["runs"][0]["match"]
    assert match["value"] is True and match["grad"] is True  # x**3 "matches" x**2 at zero
    assert match["vacuous"] is True
    assert match["vacuity"] == {"value": "every entry is zero or subnormal",
                                "grad": "every entry is zero or subnormal"}
    assert code == 1
    assert report.verdict(doc).startswith("proof is vacuous: the value: every entry is zero")
    code, doc, _ = run_bench(str(CASES / "vacuous_zeros.py"), "--allow-vacuous")
    assert code == 0 and doc["allow_vacuous"] is True
    assert "candidate matches (vacuously: the value: every entry is zero" in report.verdict(doc)


def test_second_draw_exposes_what_constant_inputs_hide():
    code, doc, _ = run_bench(str(CASES / "symmetric_inputs.py"))
    match = doc["runs"][0]["match"]
    assert all(leaf["ok"] for leaf in match["value_leaves"] + match["grad_leaves"])  # equal at ones
    assert match["vacuity"]["grad"].startswith("all 16 entries equal")
    assert match["second_draw"]["how"].startswith("the inputs with each floating entry multiplied")
    assert match["second_draw"]["ok"] is False and match["value"] is False
    assert code == 1
    assert "differ at a second input draw" in report.verdict(doc)


def test_second_draw_uses_the_seed_when_inputs_takes_one():
    code, doc, _ = run_bench(str(CASES / "wrong_on_other_draws.py"))
    match = doc["runs"][0]["match"]
    assert match["second_draw"]["how"] == "inputs(seed=1)"
    assert all(leaf["ok"] for leaf in match["value_leaves"] + match["grad_leaves"])
    assert match["second_draw"]["ok"] is False and code == 1

    code, doc, _ = run_bench(str(CASES / "seeded_inputs.py"))
    match = doc["runs"][0]["match"]
    assert code == 0 and match["second_draw"]["ok"] is True
    assert match["vacuous"] is False and match["vacuity"] == {"value": None, "grad": None}


def test_missing_function_is_reported_once():
    result = CliRunner().invoke(bench, [str(CASES / "missing_function.py"), "--quick", "--quiet"])
    assert result.exit_code == 2
    assert result.stdout.count("defines no function 'candidate'") == 1
