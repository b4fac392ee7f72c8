"""Scan hostile files through the real command and check what must always hold.

``scan_one(folder, fuzz_file)`` writes the generated file into ``folder`` next to two
normal files with known findings, runs ``python -m gradadvisor scan --format json
--exit-zero --no-cache --jobs 1`` on the folder in a subprocess (memory and time
bounded) and returns an ``Outcome``: the problems found and the time taken.
``scan_together`` scans several generated files in one run (cheaper, coarser timing).

What must hold, whatever the input:
- the scan exits 0 (``--exit-zero``), never 2 (internal error) and never by a signal
  (a crash), prints no traceback, and finishes within the time bound;
- the JSON report parses and counts every file;
- the normal files' findings are all reported, at their lines;
- the generated file gets no internal error; its diagnostic is one of the expected
  kinds when the generator knows them; bytes CPython cannot decode get a diagnostic;
  code CPython accepts gets no syntax or decode error (a false alarm), unless the
  generator expects one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from fuzz_inputs import FuzzFile

#: Files with known findings, scanned next to every generated file: name -> (source, [(code, line)]).
NORMAL_FILES = {
    "normal_diag.py": ("import jax.numpy as jnp\na, b = jnp.ones((100, 8)), jnp.zeros((100, 8))\nd = jnp.diag(a.T @ b)\n", [("GA202", 3)]),
    "normal_sum.py": (
        "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef f(x):\n    return sum(jnp.exp(-xi) for xi in x)\n",
        [("GA301", 7)],
    ),
}
#: Seconds one scan (start-up, two normal files and one generated file) may take.
DEFAULT_TIME_BOUND_S = 10.0
#: Address-space limit of the scan: a runaway read or parse fails the check, not the machine.
MEMORY_LIMIT_BYTES = 4 * 1024**3


@dataclass
class Outcome:
    fuzz_file: FuzzFile
    seconds: float
    problems: list[str] = field(default_factory=list)
    diagnostics: list[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _limit_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))
    except (ImportError, ValueError, OSError):
        pass


def _environment() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("GRADADVISOR_")}
    env.update(NO_COLOR="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def scan_one(folder: Path, fuzz_file: FuzzFile, time_bound: float = DEFAULT_TIME_BOUND_S) -> Outcome:
    """Scan ``fuzz_file`` next to the normal files in ``folder`` (created, must be new) and check it."""
    return scan_together(folder, [fuzz_file], time_bound)[0]


def scan_together(folder: Path, fuzz_files: list[FuzzFile], time_bound: float = DEFAULT_TIME_BOUND_S) -> list[Outcome]:
    """One scan of several generated files (cheaper; ``time_bound`` is per generated file):
    problems of the whole run (exit code, time, normal files) are reported for each."""
    folder.mkdir(parents=True)
    for name, (source, _) in NORMAL_FILES.items():
        (folder / name).write_text(source)
    for fuzz_file in fuzz_files:
        (folder / fuzz_file.name).write_bytes(fuzz_file.data)
    bound = time_bound * len(fuzz_files)
    command = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--exit-zero", "--no-cache", "--jobs", "1", "."]
    start = time.perf_counter()
    try:
        result = subprocess.run(
            command,
            cwd=folder,
            env=_environment(),
            capture_output=True,
            text=True,
            timeout=max(bound * 3, 30.0),
            preexec_fn=_limit_memory if sys.platform.startswith("linux") else None,
        )
    except subprocess.TimeoutExpired as expired:
        seconds = time.perf_counter() - start
        return [Outcome(fuzz_file, seconds, [f"hung: no result after {expired.timeout:.0f} s"]) for fuzz_file in fuzz_files]
    seconds = time.perf_counter() - start
    run_problems = _check_run(result, seconds, bound)
    report = _parse(result, run_problems, len(NORMAL_FILES) + len(fuzz_files))
    outcomes = []
    for fuzz_file in fuzz_files:
        outcome = Outcome(fuzz_file, seconds, list(run_problems))
        if report is not None:
            _check_file(outcome, report)
        outcomes.append(outcome)
    return outcomes


def _check_run(result: subprocess.CompletedProcess, seconds: float, bound: float) -> list[str]:
    problems = []
    if result.returncode < 0:
        problems.append(f"killed by signal {-result.returncode} (a crash)")
    elif result.returncode != 0:
        problems.append(f"exit code {result.returncode}: {result.stderr.strip()[-500:]}")
    if "Traceback" in result.stderr:
        problems.append(f"traceback on stderr: {result.stderr.strip()[-500:]}")
    if seconds > bound:
        problems.append(f"took {seconds:.1f} s, over the {bound:.0f} s bound")
    return problems


def _parse(result: subprocess.CompletedProcess, problems: list[str], files: int) -> dict | None:
    """The JSON report, checked for what concerns the whole run (``problems`` grows)."""
    try:
        report = json.loads(result.stdout)
    except ValueError:
        problems.append(f"output is not JSON: {result.stdout[:200]!r}")
        return None
    if report.get("files") != files:
        problems.append(f"report counts {report.get('files')} files, expected {files}")
    for name, (_, expected) in NORMAL_FILES.items():
        found = sorted((finding["code"], finding["line"]) for finding in report["findings"] if finding["path"] == name)
        if found != sorted(expected):
            problems.append(f"{name}: findings {found}, expected {expected}")
    for error in report["errors"]:
        if error["path"] in NORMAL_FILES:
            problems.append(f"{error['path']}: unexpected {error['kind']}: {error['message']}")
    return report


def _check_file(outcome: Outcome, report: dict) -> None:
    """What the report says about the generated file."""
    problems = outcome.problems
    fuzz_file = outcome.fuzz_file
    diagnostics = [error for error in report["errors"] if error["path"] == fuzz_file.name]
    outcome.diagnostics = diagnostics
    kinds = {error["kind"] for error in diagnostics}
    if "internal-error" in kinds:
        problems.append(f"internal error: {[e['message'][:300] for e in diagnostics if e['kind'] == 'internal-error']}")
    if fuzz_file.expect is not None and not kinds & fuzz_file.expect:
        problems.append(f"expected a diagnostic of kind {sorted(fuzz_file.expect)}, got {sorted(kinds) or 'none'}")
    verdict = fuzz_file.cpython
    if verdict == "decode" and not kinds & {"decode-error", "skipped"}:
        problems.append("CPython cannot decode these bytes, but the scan reported nothing")
    if verdict == "ok" and "syntax-error" in kinds:
        problems.append(f"false alarm: CPython parses this file, the scan says {diagnostics}")
    if verdict == "ok" and "decode-error" in kinds and not (fuzz_file.expect and "decode-error" in fuzz_file.expect):
        problems.append(f"false alarm: CPython decodes this file, the scan says {diagnostics}")
