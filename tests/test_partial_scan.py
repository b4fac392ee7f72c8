"""Partial scans: ``scan FILE`` (pre-commit, editors) sees the rest of its project.

A scan given some of a project's files summarises the others (their phase 1, summaries only)
so that cross-file facts are the ones a whole-project scan has, and reports findings for the
files asked for only. The result does not depend on whether a cache exists or what filled it.
Module identity comes from the path relative to the project root, so files of the same name in
different folders never stand for each other (issue 17, items 1-3).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import DIAG_SOURCE, scan_json, write
from gradadvisor.cli import main

#: A per-sample loop in ``loss`` (GA301 at 5:12): high confidence only when a transform reaches it.
MODEL = "import jax.numpy as jnp\n\n\ndef loss(w, xs):\n    return sum(jnp.tanh(w * xi) for xi in xs)\n"
#: What differentiates it, in another file.
TRAIN = "import jax\nfrom model import loss\n\ngrad_fn = jax.grad(loss)\n"
#: The issue's recipe for item 2.
GOOD = "import jax\nimport jax.numpy as jnp\n\n\ndef f(A, B, k=0):\n    return jnp.trace(A @ B)\n\n\ng = jax.grad(f)\n"
BROKEN = GOOD.replace("jnp.trace(A @ B)", "jnp.trace(A @ B) +")
LONGER = GOOD.replace("    return", "    k = k + 1\n    return")


@pytest.fixture
def default_cache(cli, monkeypatch):
    """The cache where it lives by default: ``.gradadvisor_cache/`` at the project root."""
    monkeypatch.delenv("GRADADVISOR_CACHE_DIR", raising=False)
    return cli


def _project(root: Path, train: str = TRAIN, work_tree: bool = True) -> None:
    """A loss and the script that differentiates it; by default the root is a git work tree
    (marked by its ``.git`` folder: the scanner never runs git). Inside a configured project,
    ``work_tree=False``."""
    write(root / "model.py", MODEL)
    write(root / "train.py", train)
    if work_tree:
        (root / ".git").mkdir(exist_ok=True)


def _model_findings(report: dict) -> list[tuple]:
    return [(f["path"], f["line"], f["column"], f["code"], f["confidence"], tuple(f["evidence"])) for f in report["findings"]]


# -- item 1: a file scanned alone sees its project ---------------------------------------------


SCENARIOS = {
    "cold, no cache": [("--no-cache", "model.py")],
    "cold cache": [("model.py",)],
    "warm cache": [("model.py",), ("model.py",)],
    "cache from a full scan": [(".",), ("model.py",)],
    "cache from a scan of another file": [("train.py",), ("model.py",)],
    "no cache after a full scan": [(".",), ("--no-cache", "model.py")],
}


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_scan_file_is_the_same_with_and_without_a_cache(default_cache, tmp_path, scenario):
    _project(tmp_path)
    runs = [default_cache("scan", "--format", "json", *args) for args in SCENARIOS[scenario]]
    last = runs[-1]
    assert last.exit_code == 1, last.output
    report = json.loads(last.stdout)
    [finding] = report["findings"]
    assert (finding["path"], finding["line"], finding["code"], finding["confidence"]) == ("model.py", 5, "GA301", "high")
    assert "`loss` is differentiated: passed to jax.grad at train.py:4" in finding["evidence"]
    # Byte for byte what a cold scan without a cache prints, in the text format too.
    assert last.stdout == default_cache("scan", "--format", "json", "--no-cache", "model.py").stdout
    text = default_cache("scan", "model.py").stdout
    assert text == default_cache("scan", "--no-cache", "model.py").stdout
    assert "passed to jax.grad at train.py:4" in text


def test_a_partial_scan_reports_what_a_full_scan_reports_for_its_files(cli, tmp_path):
    _project(tmp_path, TRAIN + "a, b = jnp.ones((100, 8)), jnp.zeros((100, 8))\nd = jnp.diag(a.T @ b)\n")
    write(tmp_path / "train.py", "import jax.numpy as jnp\n" + (tmp_path / "train.py").read_text())
    _, full = scan_json(cli, "--no-cache", ".")
    assert {f["path"] for f in full["findings"]} == {"model.py", "train.py"}
    code, partial = scan_json(cli, "--no-cache", "model.py")
    assert code == 1
    assert partial["findings"] == [f for f in full["findings"] if f["path"] == "model.py"]  # train.py's GA202 is not reported
    assert "Found 1 finding in 1 file scanned." in cli("scan", "--no-cache", "model.py").stdout


def test_without_a_configuration_or_a_work_tree_a_scan_reads_only_its_paths(cli, tmp_path):
    # No boundary a user drew (no configuring pyproject.toml, no git work tree): the rest of the
    # working directory is not read for context, as a scan started in a home folder or in a
    # folder of unrelated checkouts must not read all of it. The loss is then not known to be
    # differentiated, and the finding is not reported at the default confidence.
    write(tmp_path / "model.py", MODEL)
    write(tmp_path / "train.py", TRAIN)
    _, alone = scan_json(cli, "--no-cache", "model.py")
    assert alone["findings"] == []
    _, both = scan_json(cli, "--no-cache", "model.py", "train.py")
    assert [(f["path"], f["confidence"]) for f in both["findings"]] == [("model.py", "high")]
    (tmp_path / ".git").mkdir()
    _, bounded = scan_json(cli, "--no-cache", "model.py")
    assert [(f["path"], f["confidence"]) for f in bounded["findings"]] == [("model.py", "high")]


def test_a_subfolder_scan_sees_the_rest_of_the_project(cli, tmp_path):
    (tmp_path / ".git").mkdir()
    write(tmp_path / "pkg" / "__init__.py", "")
    write(tmp_path / "pkg" / "model.py", MODEL)
    write(tmp_path / "scripts" / "train.py", TRAIN.replace("from model import", "from pkg.model import"))
    _, report = scan_json(cli, "--no-cache", "pkg")
    assert _model_findings(report)[0][:5] == ("pkg/model.py", 5, 12, "GA301", "high")
    assert any("scripts/train.py:4" in item for item in report["findings"][0]["evidence"])


def test_without_a_configuration_the_project_is_the_git_work_tree(default_cache, tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()  # what marks a work tree for the scanner (it never runs git)
    write(tmp_path / "lib" / "model.py", MODEL)
    write(tmp_path / "train.py", TRAIN.replace("from model import", "from lib.model import"))
    monkeypatch.chdir(tmp_path / "lib")
    _, report = scan_json(default_cache, "--no-cache", "model.py")
    [finding] = report["findings"]
    assert finding["confidence"] == "high" and "`loss` is differentiated: passed to jax.grad at ../train.py:4" in finding["evidence"]


def test_the_context_follows_exclude(cli, tmp_path):
    _project(tmp_path)
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\nexclude = ["train.py"]\n')
    code, report = scan_json(cli, "--no-cache", "model.py")
    assert (code, report["findings"]) == (0, [])  # without train.py, loss is not shown to be differentiated
    write(tmp_path / "pyproject.toml", "[tool.gradadvisor]\n")
    assert scan_json(cli, "--no-cache", "model.py")[0] == 1


def test_a_file_outside_the_project_is_scanned_on_its_own(cli, tmp_path):
    """An excluded file named on the command line belongs to no project: no context is read."""
    _project(tmp_path / "examples", work_tree=False)
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\nexclude = ["examples"]\n')
    code, report = scan_json(cli, "--no-cache", "examples/model.py")
    assert (code, report["findings"]) == (0, [])


def test_context_that_cannot_be_read_is_named_and_does_not_fail_the_scan(cli, tmp_path):
    _project(tmp_path)
    write(tmp_path / "broken.py", "import jax\ndef oops(:\n")
    result = cli("scan", "--no-cache", "--format", "json", "model.py")
    assert result.exit_code == 1  # the finding, not the broken context
    report = json.loads(result.stdout)
    assert report["errors"] == [] and [f["confidence"] for f in report["findings"]] == ["high"]
    assert "note: 1 other file of the project could not be read for cross-file context" in result.stderr
    assert "broken.py:2:" in result.stderr and "SyntaxError" in result.stderr
    # The same with a cache, cold and warm (the note comes back with the last run's results).
    for _ in range(2):
        again = cli("scan", "--format", "json", "model.py")
        assert (again.stdout, again.stderr) == (result.stdout, result.stderr)
    assert "note:" not in cli("scan", "--no-cache", "--quiet", "model.py").stderr


def test_stdin_with_a_filename_sees_the_project(cli, tmp_path):
    _project(tmp_path)
    result = CliRunner().invoke(main, ["scan", "--format", "json", "--no-cache", "--stdin-filename", "model.py", "-"], input=MODEL)
    [finding] = json.loads(result.stdout)["findings"]
    assert (finding["path"], finding["confidence"]) == ("model.py", "high")


# -- item 2: same-named modules in different folders -------------------------------------------


def _recipe(root: Path) -> None:
    write(root / "pyproject.toml", "[tool.gradadvisor]\n")
    write(root / "x" / "good.py", GOOD)
    write(root / "x" / "bad.py", BROKEN)
    write(root / "y" / "good.py", GOOD)
    write(root / "y" / "bad.py", LONGER)


def test_the_issue_recipe_a_sibling_folder_scan_loses_no_finding(default_cache, tmp_path, monkeypatch):
    _recipe(tmp_path)
    monkeypatch.chdir(tmp_path / "x")
    first = default_cache("scan", ".")
    assert "bad.py:6:30: syntax-error" in first.stdout and "good.py:6:12: GA202" in first.stdout
    monkeypatch.chdir(tmp_path / "y")
    second = default_cache("scan", ".")
    assert "bad.py:7:12: GA202" in second.stdout
    assert "good.py:6:12: GA202" in second.stdout
    assert "Found 2 findings in 2 files scanned." in second.stdout
    assert second.stdout == default_cache("scan", "--no-cache", ".").stdout
    # x/bad.py cannot be read: the scan of y says so, and goes on.
    assert "../x/bad.py:6:30: SyntaxError" in second.stderr


def test_module_identity_is_the_path_from_the_project_root(default_cache, tmp_path, monkeypatch):
    """``from lib.helpers import loss`` names lib/helpers.py whatever folder the scan runs from."""
    write(tmp_path / "pyproject.toml", "[tool.gradadvisor]\n")
    write(tmp_path / "lib" / "helpers.py", MODEL)
    write(tmp_path / "apps" / "fit.py", TRAIN.replace("from model import", "from lib.helpers import"))
    reports = []
    for folder, target in ((tmp_path / "lib", "helpers.py"), (tmp_path, "lib/helpers.py"), (tmp_path / "lib", "helpers.py")):
        monkeypatch.chdir(folder)
        _, report = scan_json(default_cache, target)
        reports.append([(f["line"], f["code"], f["confidence"]) for f in report["findings"]])
    assert reports == [[(5, "GA301", "high")]] * 3


def test_an_import_resolves_to_the_nearest_module_whatever_the_working_directory(default_cache, tmp_path, monkeypatch):
    """y/use.py's ``from helpers import step`` is y/helpers.py (which calls use.loss), not x/helpers.py."""
    write(tmp_path / "pyproject.toml", "[tool.gradadvisor]\n")
    write(tmp_path / "x" / "helpers.py", "import jax\n\n\ndef step(w, xs):\n    return w\n")
    write(tmp_path / "y" / "helpers.py", "import jax\nfrom use import loss\n\n\ndef step(w, xs):\n    return loss(w, xs)\n")
    write(tmp_path / "y" / "use.py", MODEL.replace("import jax.numpy as jnp\n", "import jax\nimport jax.numpy as jnp\nfrom helpers import step\n") + "\ng = jax.grad(step)\n")
    for folder, target in ((tmp_path / "y", "use.py"), (tmp_path, "y/use.py")):
        monkeypatch.chdir(folder)
        _, report = scan_json(default_cache, "--no-cache", target)
        assert [(f["line"], f["code"], f["confidence"]) for f in report["findings"]] == [(7, "GA301", "high")], folder


def test_same_named_files_in_example_folders_keep_their_own_context(default_cache, tmp_path, monkeypatch):
    """examples/a/train.py differentiates examples/a/model.py's loss; examples/b's is not differentiated."""
    write(tmp_path / "pyproject.toml", "[tool.gradadvisor]\n")
    _project(tmp_path / "examples" / "a", work_tree=False)
    _project(tmp_path / "examples" / "b", "import jax\nfrom model import loss\n\nvalue = loss(1.0, [1.0])\n", work_tree=False)
    for order in (("a", "b"), ("b", "a"), ("a", "b")):
        for name in order:
            monkeypatch.chdir(tmp_path / "examples" / name)
            _, report = scan_json(default_cache, "model.py")
            expected = [("model.py", 5, "GA301", "high")] if name == "a" else []
            assert [(f["path"], f["line"], f["code"], f["confidence"]) for f in report["findings"]] == expected, (order, name)


# -- item 3: bench --init and trace see the finding scan reports --------------------------------

needs_jax = pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax (the bench extra)")


def test_bench_init_finds_a_cross_file_finding(cli, tmp_path):
    _project(tmp_path)
    assert scan_json(cli, "model.py")[1]["findings"][0]["line"] == 5
    result = cli("bench", "--init", "model.py:5")
    assert result.exit_code == 0, result.output
    written = (tmp_path / "model_bench.py").read_text()
    assert "GA301" in written and "sum(jnp.tanh(w * xi) for xi in xs)" in written


@needs_jax
def test_trace_confirms_a_cross_file_finding(cli, tmp_path):
    _project(tmp_path)
    write(tmp_path / "data.py", "import jax.numpy as jnp\n\n\ndef inputs(size=4):\n    return jnp.ones(()), jnp.ones((size,))\n")
    result = cli("trace", "--function", "model.py:loss", "--inputs", "data.py:inputs", "--sizes", "2,4", "--quiet", "--format", "json")
    assert result.exit_code == 0, result.output
    confirmation = json.loads(result.stdout)["confirmation"]
    assert [(item["code"], item["line"]) for item in confirmation["confirmed"]] == [("GA301", 5)]
    assert confirmation["unpredicted"] == []


def test_a_diag_file_alone_still_scans_alone(cli, tmp_path):
    """A folder with one file: nothing else to read, the scan is what it was."""
    write(tmp_path / "only.py", DIAG_SOURCE)
    code, report = scan_json(cli, "--no-cache", "only.py")
    assert code == 1 and [f["code"] for f in report["findings"]] == ["GA202"]
