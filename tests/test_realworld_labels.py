"""The real-world evaluation set's labels agree with its case folders (no scanner is run)."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 only
    import tomli as tomllib

REALWORLD = Path(__file__).resolve().parent.parent / "benchmarks" / "realworld"
CASES_DIR = REALWORLD / "cases"
FAMILIES = {"P1", "P2", "P3", "P4", "P5", "P6"}
#: A URL, or owner/repo followed by a path.
SOURCE = re.compile(r"^# Source: (https?://\S+|[\w.-]+/[\w.-]+/\S+)")

MIN_CASES = 70
MIN_SITES = 45
MIN_SITES_PER_FAMILY = 6
MIN_NEGATIVE_CASES = 25
MIN_MULTI_FILE_CASES = 4


def load_cases() -> list[dict]:
    return tomllib.loads((REALWORLD / "labels.toml").read_text(encoding="utf-8"))["case"]


CASES = load_cases()
CASE_IDS = [case["name"] for case in CASES]


def case_files(name: str) -> list[Path]:
    return sorted(p for p in (CASES_DIR / name).rglob("*.py"))


def test_every_case_folder_is_labelled_and_every_label_has_a_folder():
    folders = {p.name for p in CASES_DIR.iterdir() if p.is_dir() and not p.name.startswith((".", "__"))}
    names = [case["name"] for case in CASES]
    assert len(names) == len(set(names)), "duplicate case names in labels.toml"
    assert folders == set(names), (
        f"folders without labels: {sorted(folders - set(names))}; labels without folders: {sorted(set(names) - folders)}"
    )


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_case_entry_is_well_formed(case):
    assert case.get("source"), "every case names its source"
    assert isinstance(case.get("negative"), bool)
    sites = case.get("site", [])
    if case["negative"]:
        assert not sites, "a negative case has no sites: any finding in it is a false alarm"
    else:
        assert sites, "a positive case labels at least one site"
    assert case_files(case["name"]), "a case folder holds at least one .py file"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_sites_point_at_existing_lines_with_a_known_family(case):
    for site in case.get("site", []):
        path = CASES_DIR / case["name"] / site["file"]
        assert path.is_file(), f"{site['file']} does not exist"
        n_lines = len(path.read_text(encoding="utf-8").splitlines())
        line, end_line = site["line"], site.get("end_line", site["line"])
        assert 1 <= line <= end_line <= n_lines, f"{site['file']}:{line}-{end_line} outside 1..{n_lines}"
        text = path.read_text(encoding="utf-8").splitlines()[line - 1]
        assert text.strip() and not text.lstrip().startswith("#"), f"{site['file']}:{line} is blank or a comment"
        assert site["family"] in FAMILIES, f"unknown family {site['family']!r}"
        assert site.get("note"), "every site says why it is slow"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_every_file_starts_by_naming_its_source(case):
    for path in case_files(case["name"]):
        head = path.read_text(encoding="utf-8").splitlines()[:8]
        assert head and SOURCE.match(head[0]), f"{path.name}: first line is not '# Source: <url or owner/repo/path>'"
        assert any(line.startswith("# Title: ") for line in head), f"{path.name}: no '# Title:' line"
        assert any(line.startswith("# Cut: ") for line in head), f"{path.name}: no '# Cut:' line saying what was cut"
        assert case["source"] in head[0], f"{path.name}: its Source line differs from the label's source"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_case_files_are_valid_python(case):
    for path in case_files(case["name"]):
        ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_the_set_meets_its_minimum_sizes():
    sites = [site for case in CASES for site in case.get("site", [])]
    per_family = {family: sum(1 for site in sites if site["family"] == family) for family in FAMILIES}
    negatives = [case for case in CASES if case["negative"]]
    multi_file = [case for case in CASES if len(case_files(case["name"])) > 1]
    assert len(CASES) >= MIN_CASES
    assert len(sites) >= MIN_SITES
    assert min(per_family.values()) >= MIN_SITES_PER_FAMILY, per_family
    assert len(negatives) >= MIN_NEGATIVE_CASES
    assert len(multi_file) >= MIN_MULTI_FILE_CASES


def test_some_positive_cases_are_autograd_code():
    autograd_positive = [
        case["name"] for case in CASES if not case["negative"]
        and any("import autograd" in p.read_text(encoding="utf-8") for p in case_files(case["name"]))
    ]
    assert len(autograd_positive) >= 3, autograd_positive


def test_the_set_has_its_own_empty_config_and_is_excluded_from_the_project_scan():
    config = tomllib.loads((REALWORLD / "pyproject.toml").read_text(encoding="utf-8"))
    assert config == {"tool": {"gradadvisor": {}}}
    root = tomllib.loads((REALWORLD.parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "benchmarks/realworld" in root["tool"]["gradadvisor"]["exclude"]


def test_every_source_of_the_set_is_registered_in_sources_md():
    # SOURCES.md is the registry a blind set is built against: it must list every source used.
    registry = (REALWORLD / "SOURCES.md").read_text(encoding="utf-8")
    missing = sorted({case["source"] for case in CASES if f"<{case['source']}>" not in registry})
    assert not missing, f"sources not in benchmarks/realworld/SOURCES.md: {missing}"


def test_blind_md_has_a_measurement_table():
    text = (REALWORLD / "BLIND.md").read_text(encoding="utf-8")
    header = "| date | who built it | files (negatives) | sites | recall | negatives flagged | notes |"
    assert header in text
    rows = [line for line in text.split(header, 1)[1].splitlines()[2:] if line.startswith("|")]
    assert rows and all(line.count("|") == header.count("|") for line in rows)


def test_every_source_of_a_kept_round_is_registered_in_sources_md():
    # The rounds kept as development sets (rounds/<SET>/) were blind sets: their sources must stay
    # registered, so that no later blind set draws on them again.
    registry = (REALWORLD / "SOURCES.md").read_text(encoding="utf-8")
    rounds = sorted((REALWORLD / "rounds").glob("*/labels.toml"))
    assert rounds, "no kept rounds"
    missing = sorted({
        f"{labels.parent.name}: {case['source']}"
        for labels in rounds
        for case in tomllib.loads(labels.read_text(encoding="utf-8")).get("case", [])
        if f"<{case['source']}>" not in registry
    })
    assert not missing, f"sources not in benchmarks/realworld/SOURCES.md: {missing}"
