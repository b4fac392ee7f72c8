"""The scan cache: reuse, invalidation, partial scans, and robustness."""

from __future__ import annotations

import os
import pickle

import pytest

from conftest import DIAG_SOURCE, codes_at, scan_json, write
from gradadvisor.engine import runner


@pytest.fixture(autouse=True)
def _default_cache_place(cli, monkeypatch):
    """These tests look at the cache where it lives by default: the project root."""
    monkeypatch.delenv("GRADADVISOR_CACHE_DIR", raising=False)

MODEL = "import jax.numpy as jnp\n\n\ndef loss(w, xs):\n    return sum(jnp.tanh(w * xi) for xi in xs)\n"
TRAIN = "import jax\nfrom model import loss\n\ngrad_fn = jax.grad(loss)\n"


def _count_phase1(monkeypatch) -> list[str]:
    """Record which files phase 1 actually analyses (cache misses)."""
    seen: list[str] = []
    real = runner.phase1_text

    def phase1_text(display, text, settings):
        seen.append(display)
        return real(display, text, settings)

    monkeypatch.setattr(runner, "phase1_text", phase1_text)
    return seen


def test_a_warm_scan_reuses_phase1_and_an_edit_is_analysed_again(cli, tmp_path, monkeypatch):
    write(tmp_path / "a.py", DIAG_SOURCE)
    write(tmp_path / "b.py", DIAG_SOURCE)
    seen = _count_phase1(monkeypatch)
    first_code, first = scan_json(cli, "--jobs", "1", ".")
    assert sorted(seen) == ["a.py", "b.py"]
    assert (tmp_path / ".gradadvisor_cache" / "index.pickle").is_file()
    seen.clear()
    code, again = scan_json(cli, "--jobs", "1", ".")
    assert seen == [] and (code, again) == (first_code, first)
    write(tmp_path / "b.py", DIAG_SOURCE.replace("d = ", "e = "))
    code, edited = scan_json(cli, "--jobs", "1", ".")
    assert seen == ["b.py"]
    assert codes_at(edited) == codes_at(first)


def test_an_edit_in_one_file_changes_the_findings_of_another(cli, tmp_path, monkeypatch):
    """model.py is unchanged, but whether its loop is differentiated depends on train.py."""
    write(tmp_path / "model.py", MODEL)
    write(tmp_path / "train.py", "import jax\n")
    _, before = scan_json(cli, "--jobs", "1", ".")
    assert [f for f in before["findings"] if f["path"] == "model.py" and f["confidence"] == "high"] == []
    seen = _count_phase1(monkeypatch)
    write(tmp_path / "train.py", TRAIN)
    _, after = scan_json(cli, "--jobs", "1", ".")
    assert seen == ["train.py"]
    [finding] = [f for f in after["findings"] if f["path"] == "model.py"]
    assert finding["confidence"] == "high"
    assert any("train.py" in item for item in finding["evidence"])


def test_a_partial_scan_caches_the_rest_of_the_project_and_reuses_a_full_scan(cli, tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()  # a work tree: its other files are the partial scan's context
    write(tmp_path / "model.py", MODEL)
    write(tmp_path / "train.py", TRAIN)
    seen = _count_phase1(monkeypatch)
    _, cold = scan_json(cli, "--jobs", "1", "model.py")
    assert [f["confidence"] for f in cold["findings"]] == ["high"]
    assert sorted(seen) == ["model.py", "train.py"]  # train.py: its summary, for context
    seen.clear()
    write(tmp_path / "model.py", MODEL + "\n")
    _, warm = scan_json(cli, "--jobs", "1", "model.py")
    assert seen == ["model.py"]  # train.py's summary came from the cache
    assert _essentials(warm) == _essentials(cold)
    seen.clear()
    scan_json(cli, "--jobs", "1", ".")  # a full scan: train.py's full phase 1
    assert seen == ["train.py"]  # model.py's full phase 1 was cached by the partial scans
    seen.clear()
    write(tmp_path / "model.py", MODEL)
    _, after_full = scan_json(cli, "--jobs", "1", "model.py")
    assert seen == ["model.py"]  # train.py's full phase 1 serves as its summary
    assert after_full == cold


def _essentials(report: dict) -> list[tuple]:
    return [(f["path"], f["line"], f["code"], f["confidence"], tuple(f["evidence"])) for f in report["findings"]]


def test_settings_are_part_of_the_key(cli, tmp_path, monkeypatch):
    write(tmp_path / "a.py", DIAG_SOURCE)
    scan_json(cli, ".")
    seen = _count_phase1(monkeypatch)
    _, report = scan_json(cli, "--jobs", "1", "--select", "GA301", ".")
    assert seen == ["a.py"] and report["findings"] == []


def test_no_cache_reads_and_writes_nothing(cli, tmp_path):
    write(tmp_path / "a.py", DIAG_SOURCE)
    scan_json(cli, "--no-cache", ".")
    assert not (tmp_path / ".gradadvisor_cache").exists()


def test_cache_dir_option_and_environment_variable(cli, tmp_path):
    write(tmp_path / "a.py", DIAG_SOURCE)
    scan_json(cli, "--cache-dir", str(tmp_path / "elsewhere"), ".")
    assert (tmp_path / "elsewhere" / "index.pickle").is_file()
    assert not (tmp_path / ".gradadvisor_cache").exists()
    result = cli("scan", ".", env={"GRADADVISOR_CACHE_DIR": str(tmp_path / "from_env")})
    assert result.exit_code == 1
    assert (tmp_path / "from_env" / "index.pickle").is_file()


def test_a_corrupt_or_planted_cache_is_ignored(cli, tmp_path):
    write(tmp_path / "a.py", DIAG_SOURCE)
    _, clean = scan_json(cli, "--no-cache", ".")
    folder = tmp_path / ".gradadvisor_cache"
    folder.mkdir()
    (folder / "index.pickle").write_bytes(b"not a pickle at all")
    (folder / "phase1.pickle").write_bytes(pickle.dumps({"format": 3, "records": os.system}))
    assert scan_json(cli, ".")[1] == clean
    # A pickle naming anything outside the allow-list is refused, never executed.
    planted = pickle.dumps(("format", os.getcwd))
    (folder / "index.pickle").write_bytes(planted)
    assert scan_json(cli, ".")[1] == clean


def test_fixes_are_never_served_from_the_last_run(cli, tmp_path):
    target = write(tmp_path / "a.py", DIAG_SOURCE)
    scan_json(cli, ".")
    assert cli("scan", "--fix", ".").exit_code == 0
    assert "einsum" in target.read_text()
    assert scan_json(cli, ".")[0] == 0


def test_records_are_valid_for_one_build_of_the_tool(tmp_path, monkeypatch):
    # A development checkout edits rules and transforms.toml without bumping the version: the
    # cache's stamp follows the size and modification time of the code phase 1 runs.
    import gradadvisor
    from gradadvisor.engine import cache as cache_module

    package = tmp_path / "gradadvisor"
    (package / "rules").mkdir(parents=True)
    rule = package / "rules" / "ga999.py"
    rule.write_text("x = 1\n")
    monkeypatch.setattr(gradadvisor, "__file__", str(package / "__init__.py"))
    cache_module._stamp.cache_clear()
    try:
        before = cache_module._stamp()
        assert cache_module._stamp() == before  # stable while nothing changes
        os.utime(rule, ns=(1_000_000_000, 2_000_000_000))
        cache_module._stamp.cache_clear()
        edited = cache_module._stamp()
        assert edited != before
        (package / "analysis").mkdir()
        (package / "analysis" / "transforms.toml").write_text("[common]\n")
        cache_module._stamp.cache_clear()
        table = cache_module._stamp()
        assert table not in (before, edited)
        assert table.startswith(gradadvisor.__version__ + "+")
    finally:
        cache_module._stamp.cache_clear()


def test_levels_pickle_by_value_for_the_restricted_unpickler():
    # Python 3.11.0-3.11.4 pickle enum members through ``builtins.getattr``, which the cache's
    # unpickler refuses: every warm scan then redid phase 1. Levels pickle by value everywhere.
    import io
    import pickle

    from gradadvisor.analysis.gradient import Level
    from gradadvisor.engine.cache import _RestrictedUnpickler

    data = pickle.dumps([Level.TRACED, Level.DIFFERENTIATED], protocol=pickle.HIGHEST_PROTOCOL)
    assert b"getattr" not in data
    assert _RestrictedUnpickler(io.BytesIO(data)).load() == [Level.TRACED, Level.DIFFERENTIATED]
