"""Every catalog pattern: baseline and candidate agree in value and gradient.

Runs in-process at each pattern's smallest size (no timing), comparing with
the same leaf-wise rule as bench.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gradadvisor.bench.loader import bench_files_in

PATTERNS = Path(__file__).resolve().parent.parent / "patterns"
PATTERN_FILES = bench_files_in(PATTERNS)


def test_catalog_has_the_issue_patterns():
    names = {p.stem for p in PATTERN_FILES}
    assert {"view_slicing_loop", "diag_of_matmul", "sum_with_closure", "touching_large_array",
            "per_sample_map", "per_example_grads", "at_set_recurrence"} <= names


@pytest.mark.parametrize("path", PATTERN_FILES, ids=lambda p: p.stem)
def test_pattern_matches_at_small_size(path):
    jax = pytest.importorskip("jax")
    from gradadvisor.bench.binding import bind_arguments
    from gradadvisor.bench.compare import compare_trees
    from gradadvisor.bench.loader import BenchTarget, load

    loaded = load(BenchTarget.from_file(path))
    assert loaded.baseline.__module__ == loaded.candidate.__module__
    module_doc = __import__("sys").modules[loaded.baseline.__module__].__doc__
    assert module_doc and "Rewrite" in module_doc and "slow" in module_doc
    assert loaded.sizes, "each pattern declares sizes for --scaling"
    binding = bind_arguments(tuple(loaded.inputs(min(loaded.sizes))), loaded.argnums)
    results = {}
    for name in ("baseline", "candidate"):
        bound = binding.bind(getattr(loaded, name))
        results[name] = jax.jit(jax.value_and_grad(bound, argnums=binding.grad_argnums))(
            *binding.traced_args
        )
    value = compare_trees(results["baseline"][0], results["candidate"][0])
    grad = compare_trees(results["baseline"][1], results["candidate"][1])
    assert value.ok, value.to_dict()
    assert grad.ok, grad.to_dict()
    # a leaf whose gradient is (mathematically) zero only compares rounding noise
    magnitudes = [float(jax.numpy.max(jax.numpy.abs(g)))
                  for g in jax.tree_util.tree_leaves(results["baseline"][1])]
    assert min(magnitudes) > 1e-3 * max(magnitudes), magnitudes
