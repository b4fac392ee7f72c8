"""The pre-commit hooks work as the README writes them, checked with the real ``pre-commit`` client.

Both forms are run offline: the ``repo: local`` hooks exactly as the README shows them (they run
the installed ``gradadvisor``), and the hooks of this repository's ``.pre-commit-hooks.yaml``
from a ``git clone`` of this checkout at its HEAD commit (the README's remote form, with ``repo``
and ``rev`` pointed at the clone). For the latter pre-commit builds a virtual environment and
``pip install``s the clone into it; with no network, pip reads a wheelhouse this test builds from
the distributions installed here (each repacked from its installed files and RECORD) plus the
setuptools wheel that virtualenv bundles, with ``PIP_NO_INDEX`` set.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import CLEAN_SOURCE, DIAG_FIXED, DIAG_SOURCE

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
GIT = ["git", "-c", "safe.directory=*", "-c", "init.defaultBranch=main", "-c", "advice.detachedHead=false"]

pytestmark = [
    pytest.mark.skipif(shutil.which("git") is None, reason="needs git"),
    pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None, reason="needs pre-commit (the test extra)"),
]

NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "execution_count": 1, "id": "a", "metadata": {}, "outputs": [], "source": ["%matplotlib inline\n", "import jax.numpy as jnp\n", "a = b = jnp.ones((9, 9))"]},
        {"cell_type": "code", "execution_count": 2, "id": "b", "metadata": {}, "outputs": [], "source": ["d = jnp.diag(a.T @ b)"]},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def _precommit_blocks() -> list[str]:
    section = README.split("## pre-commit", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", section, re.DOTALL)


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run([*GIT, *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _project(path: Path, config: str) -> Path:
    """A git repository with a slow file, a clean file, a slow notebook and ``config``."""
    path.mkdir()
    _git("init", "-q", cwd=path)
    (path / "slow.py").write_text(DIAG_SOURCE)
    (path / "clean.py").write_text(CLEAN_SOURCE)
    (path / "nb.ipynb").write_text(json.dumps(NOTEBOOK, indent=1) + "\n")
    (path / ".pre-commit-config.yaml").write_text(config)
    _git("add", "-A", cwd=path)
    return path


def _environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GRADADVISOR_", "PIP_", "PRE_COMMIT", "VIRTUALENV_"))}
    env.update(
        PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"),
        VIRTUALENV_OVERRIDE_APP_DATA=str(tmp_path / "virtualenv-data"),
        VIRTUALENV_NO_PERIODIC_UPDATE="1",
        PIP_CONFIG_FILE=os.devnull,
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        NO_COLOR="1",
        # The installed gradadvisor first on PATH: what `language: system` hooks run.
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
    )
    env.update(extra)
    return env


def _pre_commit(project: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--color", "never", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_readme_has_the_local_hooks_and_the_remote_form():
    blocks = _precommit_blocks()
    assert len(blocks) == 3
    local, fix, remote = blocks
    assert "repo: local" in local and "id: gradadvisor\n" in local and "language: system" in local
    assert "id: gradadvisor-fix" in fix and "--fix" in fix
    assert "id: gradadvisor\n" in remote and "rev:" in remote
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text()
    assert hooks.count("types_or: [python, jupyter]") == 2
    assert local.count("types_or: [python, jupyter]") == 1 and fix.count("types_or: [python, jupyter]") == 1


def test_local_hooks_as_written_in_the_readme(tmp_path):
    local, fix, _ = _precommit_blocks()
    env = _environment(tmp_path)
    if shutil.which("gradadvisor", path=env["PATH"]) is None:
        pytest.skip("no gradadvisor script next to this Python")
    project = _project(tmp_path / "project", local + fix)  # pasted as they are

    found = _pre_commit(project, env, "gradadvisor", "--files", "slow.py", "clean.py", "nb.ipynb")
    assert found.returncode == 1, found.stdout + found.stderr
    assert "slow.py:3:5: GA202" in found.stdout
    assert "nb.ipynb:cell 2:1:5: GA202" in found.stdout  # notebooks reach the hook (types_or: jupyter)
    assert "Found 2 findings in 3 files scanned." in found.stdout

    clean = _pre_commit(project, env, "gradadvisor", "--files", "clean.py")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert re.search(r"^gradadvisor\.+Passed$", clean.stdout, re.MULTILINE)

    fixed = _pre_commit(project, env, "gradadvisor-fix", "--files", "slow.py")
    assert fixed.returncode == 1  # pre-commit fails a hook that changed files
    assert "files were modified by this hook" in fixed.stdout
    assert (project / "slow.py").read_text() == DIAG_FIXED


#: A per-sample loop in ``loss`` (GA301 at model.py:5:12), reported only when train.py's
#: ``jax.grad(loss)`` is seen: a scan of model.py alone must read the rest of the project.
LOOP_MODEL = "import jax.numpy as jnp\n\n\ndef loss(w, xs):\n    return sum(jnp.tanh(w * xi) for xi in xs)\n"
VECTOR_MODEL = "import jax.numpy as jnp\n\n\ndef loss(w, xs):\n    return jnp.sum(jnp.tanh(w * xs))\n"
TRAIN = "import jax\nfrom model import loss\n\ngrad_fn = jax.grad(loss)\n"


def test_a_commit_of_one_file_is_checked_against_the_committed_project_in_a_fresh_clone(tmp_path):
    """The hook passes only model.py; with no cache, train.py's jax.grad still counts."""
    local, _, _ = _precommit_blocks()
    env = _environment(tmp_path)
    if shutil.which("gradadvisor", path=env["PATH"]) is None:
        pytest.skip("no gradadvisor script next to this Python")
    project = tmp_path / "fresh"
    project.mkdir()
    _git("init", "-q", cwd=project)
    (project / "model.py").write_text(VECTOR_MODEL)
    (project / "train.py").write_text(TRAIN)
    (project / ".pre-commit-config.yaml").write_text(local)
    identity = ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false"]
    _git(*identity, "add", "-A", cwd=project)
    _git(*identity, "commit", "-q", "-m", "a project with a vectorized loss", cwd=project)
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=project, env=env, check=True, capture_output=True, timeout=120)

    (project / "model.py").write_text(LOOP_MODEL)
    _git("add", "model.py", cwd=project)
    assert not (project / ".gradadvisor_cache").exists()  # a fresh clone: no cache to lean on
    commit = subprocess.run([*GIT, *identity, "commit", "-m", "a loop"], cwd=project, env=env, capture_output=True, text=True, timeout=300)
    output = commit.stdout + commit.stderr
    assert commit.returncode != 0, output  # the hook blocked the commit
    assert "model.py:5:12: GA301" in output
    assert "passed to jax.grad at train.py:4" in output
    assert "Found 1 finding in 1 file scanned." in output
    assert _git("rev-list", "--count", "HEAD", cwd=project) == "1"


def _distributions(name: str) -> list[importlib.metadata.Distribution]:
    """``name``'s installed requirements, recursively (extras left out)."""
    found: dict[str, importlib.metadata.Distribution] = {}
    pending = [name]
    while pending:
        requirement = pending.pop()
        key = re.sub(r"[-_.]+", "-", requirement).lower()
        if key in found:
            continue
        try:
            distribution = importlib.metadata.distribution(requirement)
        except importlib.metadata.PackageNotFoundError:
            continue  # not installed here: a marker excludes it (tomli on Python 3.11+)
        found[key] = distribution
        for spec in distribution.requires or []:
            if re.search(r"""\bextra\s*==""", spec):
                continue
            pending.append(re.match(r"[A-Za-z0-9._-]+", spec).group(0))
    found.pop(re.sub(r"[-_.]+", "-", name).lower(), None)
    return list(found.values())


def _repack(distribution: importlib.metadata.Distribution, folder: Path) -> Path:
    """A wheel of an installed distribution, made from its installed files (as listed in RECORD)."""
    wheel_info = distribution.read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel_info.splitlines() if line.startswith("Tag:")]
    name = re.sub(r"[-_.]+", "_", distribution.metadata["Name"])
    target = folder / f"{name}-{distribution.version}-{tags[0] if tags else 'py3-none-any'}.whl"
    records, info = [], None
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in distribution.files or []:
            relative = file.as_posix()
            if relative.startswith("..") or "__pycache__" in relative:
                continue  # scripts (regenerated by pip) and bytecode
            if file.parent.name.endswith(".dist-info"):
                info = file.parent.name
                if file.name in ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json"):
                    continue
            source = Path(distribution.locate_file(file))
            if not source.is_file():
                continue
            data = source.read_bytes()
            archive.writestr(relative, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{relative},sha256={digest},{len(data)}")
        assert info is not None, distribution.metadata["Name"]
        records.append(f"{info}/RECORD,,")
        archive.writestr(f"{info}/RECORD", "\n".join(records) + "\n")
    return target


def _wheelhouse(folder: Path) -> Path:
    folder.mkdir()
    for distribution in _distributions("gradadvisor"):
        _repack(distribution, folder)
    from virtualenv.seed.wheels.embed import BUNDLE_FOLDER  # pre-commit depends on virtualenv

    bundled = sorted(Path(BUNDLE_FOLDER).glob("setuptools-*.whl"))
    if not bundled:
        pytest.skip("virtualenv bundles no setuptools wheel to build gradadvisor with")
    for wheel in bundled:
        shutil.copy(wheel, folder)
    return folder


def test_remote_hooks_from_a_clone_at_head(tmp_path):
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no commit to clone")
    _, _, remote = _precommit_blocks()
    clone = tmp_path / "gradadvisor-clone"
    subprocess.run([*GIT, "clone", "-q", "--no-hardlinks", str(ROOT), str(clone)], check=True, capture_output=True)
    head = _git("rev-parse", "HEAD", cwd=clone)
    config = re.sub(r"repo: \S+", f"repo: {clone.as_posix()}", remote, count=1)
    config = re.sub(r"rev: \S+", f"rev: {head}", config, count=1)
    assert head in config and clone.as_posix() in config
    project = _project(tmp_path / "project", config)
    env = _environment(tmp_path, PIP_NO_INDEX="1", PIP_FIND_LINKS=str(_wheelhouse(tmp_path / "wheelhouse")))

    found = _pre_commit(project, env, "--files", "slow.py", "clean.py", "nb.ipynb")
    assert found.returncode == 1, found.stdout + found.stderr
    assert "slow.py:3:5: GA202" in found.stdout
    assert "nb.ipynb:cell 2:1:5: GA202" in found.stdout
    # The hook ran the clone's gradadvisor from pre-commit's own environment, not this one.
    environments = list((tmp_path / "pre-commit-home").glob("repo*/py_env-*/bin/gradadvisor"))
    assert environments, found.stdout + found.stderr

    clean = _pre_commit(project, env, "--files", "clean.py")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert re.search(r"^gradadvisor\.+Passed$", clean.stdout, re.MULTILINE)
