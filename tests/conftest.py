"""Shared fixtures for the CLI and engine tests.

``run_cli`` runs the real console script in a subprocess (``python -m gradadvisor``);
``cli`` runs the click command in-process with ``CliRunner`` (fast, and lets a test
monkeypatch the engine). Both run in ``tmp_path`` unless told otherwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gradadvisor.cli import main

#: GA202: a whole matrix product computed to keep its diagonal (safe fix: the operands are matrices).
DIAG_SOURCE = "import jax.numpy as jnp\na, b = jnp.ones((100, 8)), jnp.zeros((100, 8))\nd = jnp.diag(a.T @ b)\n"
DIAG_FIXED = 'import jax.numpy as jnp\na, b = jnp.ones((100, 8)), jnp.zeros((100, 8))\nd = jnp.einsum("ij,ij->j", a, b)\n'
#: GA301: the builtin sum over an array's elements (safe fix: a float array of 32 elements).
SUM_SOURCE = (
    "import jax\nimport jax.numpy as jnp\nX = jnp.ones(32)\n\n@jax.jit\ndef f(w):\n    return w * sum(jnp.exp(-xi) for xi in X)\n"
)
SUM_FIXED = "import jax\nimport jax.numpy as jnp\nX = jnp.ones(32)\n\n@jax.jit\ndef f(w):\n    return w * jnp.sum(jnp.exp(-X), axis=0)\n"
#: GA301 with an unsafe fix (the body calls a function: the rewrite uses jax.vmap).
UNSAFE_SUM_SOURCE = (
    "import jax\nimport jax.numpy as jnp\n\n\ndef rho(r):\n    return jnp.exp(-3 * (r + 1))\n\n\n"
    "def energy(x):\n    return sum(rho(xi) for xi in x)\n\n\ngrad = jax.grad(energy)\n"
)
#: Two GA202 (lines 7 and 8) and one GA301 (line 9) findings, all with safe fixes.
MIXED_SOURCE = (
    "import jax\nimport jax.numpy as jnp\nA, B = jnp.ones((64, 8)), jnp.ones((64, 8))\nX = jnp.ones(32)\n@jax.jit\ndef f(s):\n"
    "    d = jnp.diag(A.T @ B)\n    d = jnp.diag(A @ B.T)\n    return d + s * sum(jnp.exp(-xi) for xi in X)\n"
)
#: JAX code with nothing to report.
CLEAN_SOURCE = 'import jax.numpy as jnp\n\nd = jnp.einsum("ij,ij->j", a, b)\n'


def _clean_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("GRADADVISOR_")}
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # The scan cache of subprocess runs: out of the folders the tests look at.
    env["GRADADVISOR_CACHE_DIR"] = os.path.join(tempfile.gettempdir(), f"gradadvisor-tests-cache-{os.getuid() if hasattr(os, 'getuid') else 0}")
    env.update(extra or {})
    return env


@pytest.fixture
def run_cli(tmp_path: Path):
    """Run ``python -m gradadvisor ARGS`` in a subprocess; returns the CompletedProcess."""

    def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "gradadvisor", *args],
            cwd=cwd or tmp_path,
            env=_clean_env(env),
            capture_output=True,
            text=True,
            timeout=120,
        )

    return run


@pytest.fixture
def cli(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Invoke the click app in-process from ``tmp_path``; returns click's Result. The scan
    cache goes to a folder of its own, so a test sees only the files it wrote (test_cache.py
    puts it back in its default place)."""
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key.startswith("GRADADVISOR_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("GRADADVISOR_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))

    def invoke(*args: str, env: dict[str, str] | None = None) -> Result:
        return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)

    return invoke


def write(path: Path, text: str | bytes) -> Path:
    """Create ``path`` (and its folders) holding ``text``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_bytes(text.encode("utf-8"))
    return path


def scan_json(invoke, *args: str) -> tuple[int, dict]:
    """Run ``scan --format json ARGS`` and parse its output."""
    result = invoke("scan", "--format", "json", *args)
    return result.exit_code, json.loads(result.stdout)


def codes_at(report: dict, code: str | None = None) -> list[tuple[str, str, int]]:
    """``(path, code, line)`` of each finding in a JSON report (of one code, if given)."""
    return [
        (finding["path"], finding["code"], finding["line"])
        for finding in report["findings"]
        if code is None or finding["code"] == code
    ]


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ARG001
    """The per-rule counts of the differential fix suite (tests/differential), when it ran:
    safe fixes (``fixdiff``) and unsafe ones (``unsafediff``)."""
    lines = [line for name in ("fixdiff", "unsafediff") if name in sys.modules for line in sys.modules[name].summary_lines()]
    if lines:
        terminalreporter.section("differential fix tests")
        for line in lines:
            terminalreporter.write_line(line)


def context_at_return(code: str):
    """``(ctx, statement)``: a rule's context standing at the ``return`` of the module's last
    function (for fact-level tests)."""
    import ast
    import textwrap

    from gradadvisor.analysis.facts import Facts
    from gradadvisor.analysis.names import ImportMap
    from gradadvisor.analysis.syntax import Source
    from gradadvisor.engine.context import Context

    text = textwrap.dedent(code)
    tree = ast.parse(text)
    names = ImportMap(tree)
    ctx = Context("case.py", Source(text), tree, names, Facts(tree, Source(text), names))
    function = [node for node in tree.body if isinstance(node, ast.FunctionDef)][-1]
    ctx.enter(function)
    statement = function.body[-1]
    assert isinstance(statement, ast.Return)
    ctx.enter(statement)
    return ctx, statement


def extent_of_first_loop(text: str):
    """How long the first ``for`` loop of the module's first function runs, as a rule asks it."""
    import ast

    from gradadvisor.analysis.facts import Facts
    from gradadvisor.analysis.names import ImportMap
    from gradadvisor.analysis.syntax import Source
    from gradadvisor.engine.context import Context

    tree = ast.parse(text)
    source = Source(text)
    names = ImportMap(tree)
    ctx = Context("case.py", source, tree, names, Facts(tree, source, names))
    function = next(node for node in tree.body if isinstance(node, ast.FunctionDef))
    ctx.enter(function)
    loop = next(node for node in ast.walk(function) if isinstance(node, ast.For))
    ctx.enter(loop)
    return ctx.extent(loop.iter)


def scan_program(root: Path, source: str, *, low: bool = True, name: str = "m.py") -> list[dict]:
    """The findings of ``gradadvisor scan`` (JSON, in a subprocess, as a user runs it) on one
    module ``source`` written into ``root`` as its own project; at every confidence with ``low``."""
    (root / "pyproject.toml").write_text("[tool.gradadvisor]\n")
    (root / name).write_text(source)
    args = [sys.executable, "-m", "gradadvisor", "scan", "--no-cache", "--format", "json", "--exit-zero"]
    done = subprocess.run([*args, *(["--min-confidence", "low"] if low else []), name], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["findings"]


def scan_files(root: Path, files: dict[str, str], codes: tuple[str, ...], min_confidence: str = "low") -> list:
    """The findings (``Finding`` objects, in process) of a scan of ``files`` (name -> source,
    dedented) written into ``root`` as their own project, for the rules ``codes``."""
    import textwrap

    from gradadvisor.engine.runner import Settings, lint_paths

    paths = []
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        paths.append((path, name))
    (root / "pyproject.toml").write_text("[tool.gradadvisor]\n")
    settings = Settings(codes=codes, root=str(root), min_confidence=min_confidence)
    return [finding for result in lint_paths(paths, settings, jobs=1) for finding in result.findings]


def fixed_twin(tmp_path: Path, source: str, codes: tuple[str, ...], min_confidence: str = "medium"):
    """``source`` as a module before and after ``--fix --unsafe-fixes`` with ``codes``: ``(before,
    after, fixed text)``, both modules loaded, for differential tests of values and gradients."""
    import importlib.util

    from gradadvisor.engine.runner import Settings, lint_paths

    for name in ("orig.py", "m.py"):
        (tmp_path / name).write_text(source)
    (tmp_path / "pyproject.toml").write_text("[tool.gradadvisor]\n")
    lint_paths([(tmp_path / "m.py", "m.py")], Settings(codes=codes, root=str(tmp_path), fix_mode="fix", unsafe_fixes=True, min_confidence=min_confidence), jobs=1)
    fixed = (tmp_path / "m.py").read_text()

    def load(name: str):
        spec = importlib.util.spec_from_file_location(f"twin_{tmp_path.name}_{name}", tmp_path / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        return module

    return load("orig"), load("m"), fixed


def same_values_and_gradients(old, new, args: tuple, atol: float = 1e-5) -> None:
    """``old(*args)`` and ``new(*args)`` agree, and so do the gradients of ``sum(sin(.))`` of them
    with respect to every argument."""
    import jax
    import jax.numpy as jnp

    assert jnp.allclose(old(*args), new(*args), atol=atol)
    argnums = tuple(range(len(args)))
    grads = [jax.grad(lambda *xs, g=g: jnp.sum(jnp.sin(g(*xs))), argnums=argnums)(*args) for g in (old, new)]
    for one, two in zip(*grads):
        assert jnp.allclose(one, two, atol=atol)
