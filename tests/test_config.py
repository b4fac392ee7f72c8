"""``[tool.gradadvisor]`` configuration and file discovery."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import DIAG_SOURCE, MIXED_SOURCE, SUM_SOURCE, UNSAFE_SUM_SOURCE, codes_at, scan_json, write
from gradadvisor.config import ConfigError, find_config_file, load_config


def _pyproject(folder: Path, body: str) -> Path:
    return write(folder / "pyproject.toml", body)


def _paths(report: dict) -> list[str]:
    return sorted({finding["path"] for finding in report["findings"]})


# -- keys ---------------------------------------------------------------------------------


def test_select_and_ignore_from_the_config(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "sums.py", SUM_SOURCE)
    _pyproject(tmp_path, '[tool.gradadvisor]\nselect = ["GA3"]\n')
    _, report = scan_json(cli, ".")
    assert {f["code"] for f in report["findings"]} == {"GA301"}
    _pyproject(tmp_path, '[tool.gradadvisor]\nignore = ["GA301"]\n')
    _, report = scan_json(cli, ".")
    assert {f["code"] for f in report["findings"]} == {"GA202"}


def test_command_line_overrides_the_config(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "sums.py", SUM_SOURCE)
    _pyproject(tmp_path, '[tool.gradadvisor]\nselect = ["GA3"]\nignore = ["GA202"]\nunsafe-fixes = true\n')
    _, report = scan_json(cli, "--select", "GA2", ".")
    assert {f["code"] for f in report["findings"]} == {"GA202"}
    _, report = scan_json(cli, "--select", "ALL", "--ignore", "GA301", ".")
    assert {f["code"] for f in report["findings"]} == {"GA202"}


def test_command_line_ignore_adds_to_the_config(cli, tmp_path):
    """As in ruff: --ignore extends the configured rule set; --select starts a new one."""
    write(tmp_path / "mixed.py", MIXED_SOURCE)
    _pyproject(tmp_path, '[tool.gradadvisor]\nignore = ["GA202"]\n')
    _, report = scan_json(cli, "--ignore", "GA301", ".")
    assert report["findings"] == []
    _, report = scan_json(cli, "--select", "GA202", ".")
    assert {f["code"] for f in report["findings"]} == {"GA202"}


def test_exclude_from_the_config(cli, tmp_path):
    write(tmp_path / "src" / "slow.py", DIAG_SOURCE)
    write(tmp_path / "generated" / "slow.py", DIAG_SOURCE)
    write(tmp_path / "src" / "skip_me.py", DIAG_SOURCE)
    write(tmp_path / "src" / "deep" / "data" / "slow.py", DIAG_SOURCE)
    _pyproject(tmp_path, '[tool.gradadvisor]\nexclude = ["generated", "skip_*.py", "src/deep/data/"]\n')
    _, report = scan_json(cli, ".")
    assert _paths(report) == ["src/slow.py"]
    assert report["files"] == 1


def test_explicit_files_are_scanned_even_if_excluded(cli, tmp_path):
    write(tmp_path / "generated" / "slow.py", DIAG_SOURCE)
    _pyproject(tmp_path, '[tool.gradadvisor]\nexclude = ["generated"]\n')
    code, report = scan_json(cli, "generated/slow.py")
    assert code == 1
    assert _paths(report) == ["generated/slow.py"]


def test_force_exclude_applies_to_explicit_files(cli, tmp_path):
    write(tmp_path / "generated" / "slow.py", DIAG_SOURCE)
    write(tmp_path / "src" / "slow.py", DIAG_SOURCE)
    _pyproject(tmp_path, '[tool.gradadvisor]\nexclude = ["generated"]\nforce-exclude = true\n')
    code, report = scan_json(cli, "generated/slow.py", "src/slow.py")
    assert code == 1
    assert _paths(report) == ["src/slow.py"]
    code, report = scan_json(cli, "generated/slow.py")
    assert (code, report["files"]) == (0, 0)


def test_per_file_ignores(cli, tmp_path):
    write(tmp_path / "src" / "slow.py", DIAG_SOURCE)
    write(tmp_path / "tests" / "helpers.py", MIXED_SOURCE)
    write(tmp_path / "scripts" / "plot.py", DIAG_SOURCE)
    _pyproject(
        tmp_path,
        '[tool.gradadvisor]\n[tool.gradadvisor.per-file-ignores]\n"tests/*" = ["GA202"]\n"plot.py" = ["GA"]\n',
    )
    _, report = scan_json(cli, ".")
    assert sorted((path, code) for path, code, _ in codes_at(report)) == [
        ("src/slow.py", "GA202"),
        ("tests/helpers.py", "GA301"),
    ]


def test_per_file_ignores_are_relative_to_the_config_not_the_cwd(cli, tmp_path, monkeypatch):
    project = tmp_path / "project"
    write(project / "tests" / "helpers.py", DIAG_SOURCE)
    _pyproject(project, '[tool.gradadvisor.per-file-ignores]\n"tests/*" = ["GA202"]\n')
    monkeypatch.chdir(project / "tests")
    code, report = scan_json(cli, ".")
    assert (code, report["findings"]) == (0, [])


def test_unsafe_fixes_from_the_config(cli, tmp_path):
    target = write(tmp_path / "energy.py", UNSAFE_SUM_SOURCE)
    assert cli("scan", "--fix", "energy.py").exit_code == 1
    assert target.read_text() == UNSAFE_SUM_SOURCE
    _pyproject(tmp_path, "[tool.gradadvisor]\nunsafe-fixes = true\n")
    # --no-unsafe-fixes on the command line wins over the file.
    assert cli("scan", "--fix", "--no-unsafe-fixes", "energy.py").exit_code == 1
    assert target.read_text() == UNSAFE_SUM_SOURCE
    assert cli("scan", "--fix", "energy.py").exit_code == 0
    assert "jnp.sum(jax.vmap(rho)(x), axis=0)" in target.read_text()


def test_max_file_size_from_the_config(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    _pyproject(tmp_path, "[tool.gradadvisor]\nmax-file-size = 10\n")
    code, report = scan_json(cli, "slow.py")
    assert code == 0
    assert report["findings"] == []
    [error] = report["errors"]
    assert error["kind"] == "skipped" and "max-file-size" in error["message"]


# -- which file ---------------------------------------------------------------------------


def test_nearest_config_above_the_scanned_paths_wins(cli, tmp_path, monkeypatch):
    outer = tmp_path / "outer"
    inner = outer / "inner"
    write(inner / "slow.py", MIXED_SOURCE)
    _pyproject(outer, '[tool.gradadvisor]\nselect = ["GA301"]\n')
    _pyproject(inner, '[tool.gradadvisor]\nselect = ["GA202"]\n')
    # A pyproject.toml without the table is passed over.
    _pyproject(inner / "pkg", '[project]\nname = "pkg"\n')
    write(inner / "pkg" / "m.py", DIAG_SOURCE)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # found from the paths, not from the working directory
    _, report = scan_json(cli, str(inner))
    assert {f["code"] for f in report["findings"]} == {"GA202"}
    _, report = scan_json(cli, str(inner / "pkg"))
    assert {f["code"] for f in report["findings"]} == {"GA202"}
    assert find_config_file(inner / "pkg" / "m.py") == inner / "pyproject.toml"


def test_explicit_config_option(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "sums.py", SUM_SOURCE)
    write(tmp_path / "ci" / "lint.toml", '[tool.gradadvisor]\nselect = ["GA301"]\n')
    _, report = scan_json(cli, "--config", "ci/lint.toml", ".")
    assert {f["code"] for f in report["findings"]} == {"GA301"}


def test_no_config_means_defaults():
    config = load_config(None)
    assert (config.select, config.ignore, config.exclude, config.unsafe_fixes) == (None, (), (), False)


# -- bad configuration --------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, expected",
    [
        ('[tool.gradadvisor]\nselectt = ["GA202"]\n', "unknown key(s) in [tool.gradadvisor]: 'selectt' (did you mean 'select'?)"),
        ("[tool.gradadvisor]\nselect = [1]\n", "`select` must be a list of rule codes"),
        # a string where a list is expected is a wrong type, as in ruff (every list-typed key)
        ('[tool.gradadvisor]\nselect = "GA3"\n', "`select` must be a list of rule codes, got 'GA3' (write [\"GA3\"])"),
        ('[tool.gradadvisor]\nignore = "GA401"\n', "`ignore` must be a list of rule codes, got 'GA401'"),
        ('[tool.gradadvisor]\nextend-include = "*.pyw"\n', "`extend-include` must be a list of glob patterns, got '*.pyw' (write [\"*.pyw\"])"),
        ('[tool.gradadvisor.per-file-ignores]\n"tests/*" = "GA101"\n', "`per-file-ignores.tests/*` must be a list of rule codes, got 'GA101'"),
        ('[tool.gradadvisor]\nunsafe-fixes = "yes"\n', "`unsafe-fixes` must be true or false"),
        ('[tool.gradadvisor]\nforce-exclude = 1\n', "`force-exclude` must be true or false"),
        ('[tool.gradadvisor]\nexclude = "build"\n', "`exclude` must be a list of glob patterns"),
        ('[tool.gradadvisor]\ninclude = "*.py"\n', "`include` must be a list of glob patterns"),
        ('[tool.gradadvisor]\nextend-include = [1]\n', "`extend-include` must be a list of glob patterns"),
        ('[tool.gradadvisor]\nextend_include = ["*.pyw"]\n', "did you mean 'extend-include'?"),
        ('[tool.gradadvisor]\nmax-file-size = "big"\n', "`max-file-size` must be a number of bytes"),
        ('[tool.gradadvisor]\nper-file-ignores = ["x"]\n', "`per-file-ignores` must be a table"),
        ('[tool.gradadvisor.per-file-ignores]\n"tests/*" = [3]\n', "`per-file-ignores.tests/*` must be a list of rule codes"),
        ('[tool.gradadvisor]\nselect = ["GA999"]\n', "unknown rule code or prefix 'GA999'"),
        ('[tool.gradadvisor]\nignore = ["XY1"]\n', "unknown rule code or prefix 'XY1'"),
        ('[tool.gradadvisor\nselect = ["GA202"]\n', "is not valid TOML"),
    ],
)
def test_bad_configuration_is_a_clear_error(cli, tmp_path, body, expected):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    _pyproject(tmp_path, body)
    result = cli("scan", "slow.py")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "pyproject.toml" in result.stderr
    assert expected in result.stderr
    assert "Traceback" not in result.output


def test_bad_configuration_through_the_console_script(run_cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    _pyproject(tmp_path, "[tool.gradadvisor]\nselect = 3\n")
    result = run_cli("scan", "slow.py")
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")
    assert "`select` must be a list of rule codes" in result.stderr
    assert "Traceback" not in result.stderr


def test_config_option_pointing_at_a_file_without_the_table(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    write(tmp_path / "other.toml", '[tool.black]\nline-length = 100\n')
    result = cli("scan", "--config", "other.toml", "slow.py")
    assert result.exit_code == 2
    assert "other.toml has no [tool.gradadvisor] table" in result.stderr


def test_config_option_pointing_at_a_missing_file(cli, tmp_path):
    write(tmp_path / "slow.py", DIAG_SOURCE)
    result = cli("scan", "--config", "missing.toml", "slow.py")
    assert result.exit_code == 2
    assert "cannot read missing.toml" in result.stderr


def test_unrelated_invalid_pyproject_is_passed_over(cli, tmp_path):
    """A broken pyproject.toml that is not about gradadvisor is another tool's problem."""
    write(tmp_path / "slow.py", DIAG_SOURCE)
    _pyproject(tmp_path, "[project\nname = 'x'\n")
    assert cli("scan", "slow.py").exit_code == 1


def test_load_config_raises_config_error(tmp_path):
    path = _pyproject(tmp_path, "[tool.gradadvisor]\nselect = {}\n")
    with pytest.raises(ConfigError, match="must be a list of rule codes"):
        load_config(path)


# -- discovery ----------------------------------------------------------------------------


def test_discovery_walks_python_files_and_skips_tool_folders(cli, tmp_path):
    keep = ["pkg/a.py", "pkg/sub/b.py", "scripts/c.py", "builder/d.py", "distance.py"]
    skip = [
        ".git/hooks/e.py",
        ".venv/lib/f.py",
        "venv/lib/g.py",
        "env-3.11/lib/h.py",  # a virtual environment under any name: it has a pyvenv.cfg
        "pkg/__pycache__/i.py",
        "build/lib/j.py",
        "dist/k.py",
        "pkg.egg-info/l.py",
        ".tox/py311/m.py",
        "node_modules/n.py",
    ]
    for name in keep + skip:
        write(tmp_path / name, DIAG_SOURCE)
    write(tmp_path / "env-3.11" / "pyvenv.cfg", "home = /usr/bin\n")
    write(tmp_path / "pkg" / "notes.txt", DIAG_SOURCE)
    write(tmp_path / "pkg" / "stub.pyi", DIAG_SOURCE)
    _, report = scan_json(cli, ".")
    assert _paths(report) == sorted(keep)
    assert report["files"] == len(keep)


def test_files_are_scanned_once_and_in_a_stable_order(cli, tmp_path):
    for name in ("b.py", "a.py", "sub/c.py"):
        write(tmp_path / name, DIAG_SOURCE)
    _, report = scan_json(cli, "b.py", ".", "sub", "./a.py")
    assert [f["path"] for f in report["findings"]] == ["b.py", "a.py", "sub/c.py"]
    assert report["files"] == 3


def test_a_file_without_py_suffix_named_explicitly_is_scanned(cli, tmp_path):
    write(tmp_path / "tool", DIAG_SOURCE)
    _, report = scan_json(cli, "tool")
    assert _paths(report) == ["tool"]


def test_symlinked_folder_is_not_followed(cli, tmp_path):
    write(tmp_path / "pkg" / "a.py", DIAG_SOURCE)
    os.symlink(tmp_path / "pkg", tmp_path / "pkg" / "again")
    code, report = scan_json(cli, ".")
    assert code == 1
    assert _paths(report) == ["pkg/a.py"]


def test_a_folder_that_cannot_be_listed_is_an_io_error(cli, tmp_path, monkeypatch):
    write(tmp_path / "good.py", DIAG_SOURCE)
    write(tmp_path / "locked" / "hidden.py", DIAG_SOURCE)
    real_scandir = os.scandir

    def scandir(path="."):
        if os.path.basename(os.fspath(path)) == "locked":
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, report = scan_json(cli, "--jobs", "1", ".")
    assert code == 1
    assert _paths(report) == ["good.py"]
    assert report["errors"] == [
        {"path": "locked", "cell": None, "line": None, "column": None, "kind": "io-error", "message": "cannot list folder: Permission denied"}
    ]
    text = cli("scan", "--jobs", "1", "locked")
    assert text.exit_code == 1
    assert "locked: io-error: cannot list folder: Permission denied" in text.stdout


def test_include_and_extend_include(tmp_path):
    config = load_config(_pyproject(tmp_path, '[tool.gradadvisor]\nextend-include = ["*.pyw"]\n'))
    assert config.include == ("*.py", "*.ipynb", "*.pyw")
    config = load_config(_pyproject(tmp_path, '[tool.gradadvisor]\ninclude = ["src/*.py"]\nextend-include = ["*.pyw"]\n'))
    assert config.include == ("src/*.py", "*.pyw")
    assert load_config(None).include == ("*.py", "*.ipynb")


def test_include_globs_match_relative_paths_too(cli, tmp_path):
    write(tmp_path / "src" / "a.py", DIAG_SOURCE)
    write(tmp_path / "other" / "b.py", DIAG_SOURCE)
    _pyproject(tmp_path, '[tool.gradadvisor]\ninclude = ["src/*.py"]\n')
    _, report = scan_json(cli, ".")
    assert _paths(report) == ["src/a.py"]
