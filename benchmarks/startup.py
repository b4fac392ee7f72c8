#!/usr/bin/env python
"""Measure how long `gradadvisor` takes to start: what pre-commit and editors pay per call.

Times, as separate processes, N runs each of

    python -m gradadvisor --version
    python -m gradadvisor scan one_file.py --no-cache

(one_file.py: a small JAX module with one finding) and prints, for each, the median and
the minimum of the wall-clock time and of the CPU time (user + system, steadier than wall
time on a busy machine). Python's bytecode cache is allowed, as for an installed tool, and
one untimed run first fills it. With ``--imports`` it also prints the modules that take
longest to import in the scan run (``python -X importtime``, cumulative microseconds).

    python benchmarks/startup.py                     # 15 runs each
    python benchmarks/startup.py --runs 31 --imports
    python benchmarks/startup.py --source /path/to/other/checkout   # e.g. a baseline
    python benchmarks/startup.py --baseline /path/to/other/checkout # both, runs interleaved

``--source`` puts another checkout's package first on ``PYTHONPATH`` (default: this one).
``--baseline`` times another checkout too, alternating runs with ``--source``'s, so that a
busy machine slows both alike.
Nothing is written inside the repository except Python's ``__pycache__`` folders.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ONE_FILE = '''"""A small training step: one slow-gradient shape (GA202)."""
import jax
import jax.numpy as jnp


def init(key, n_in, n_out):
    w_key, b_key = jax.random.split(key)
    return {"w": jax.random.normal(w_key, (n_in, n_out)) * 0.1, "b": jnp.zeros(n_out)}


def scores(params, x, y):
    h = jnp.tanh(x @ params["w"] + params["b"])
    return jnp.diag(h.T @ y)


def loss(params, x, y):
    return jnp.mean(scores(params, x, y) ** 2)


@jax.jit
def step(params, x, y, lr=1e-2):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
'''


def _environment(source: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("GRADADVISOR_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed tool has its bytecode compiled
    env["PYTHONPATH"] = os.pathsep.join([str(source), *filter(None, [env.get("PYTHONPATH")])])
    env["NO_COLOR"] = "1"
    return env


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited {result.returncode}:\n{result.stderr.decode(errors='replace')}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _imports(command: list[str], cwd: Path, env: dict[str, str], top: int) -> list[tuple[int, str]]:
    """The ``top`` imports with the largest cumulative time (microseconds), outermost first among equals."""
    result = subprocess.run([command[0], "-X", "importtime", *command[1:]], cwd=cwd, env=env, capture_output=True, text=True)
    rows = []
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = line[len("import time:") :].split("|")
        rows.append((int(cumulative), name.rstrip()))
    return sorted(rows, key=lambda row: -row[0])[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command (default 15)")
    parser.add_argument("--source", type=Path, default=Path(__file__).resolve().parent.parent, help="the checkout whose package is timed")
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout, timed in alternation with --source")
    parser.add_argument("--imports", action="store_true", help="also list the slowest imports of the scan run")
    args = parser.parse_args()
    sources = {"": args.source.resolve()}
    if args.baseline is not None:
        sources = {"baseline: ": args.baseline.resolve(), "this: ": args.source.resolve()}
    envs = {label: _environment(source) for label, source in sources.items()}
    env = envs[list(envs)[-1]]
    with tempfile.TemporaryDirectory(prefix="gradadvisor-startup-") as folder:
        cwd = Path(folder)
        (cwd / "one_file.py").write_text(ONE_FILE)
        commands = {
            "gradadvisor --version": [sys.executable, "-m", "gradadvisor", "--version"],
            "gradadvisor scan one_file.py --no-cache": [sys.executable, "-m", "gradadvisor", "scan", "one_file.py", "--no-cache"],
        }
        where = ", ".join(f"{label}{source}" for label, source in sources.items())
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, package from {where}")
        if os.getloadavg()[0] > (os.cpu_count() or 1):
            print("warning: the machine is busy (load above the core count): wall times are inflated, CPU times less so")
        baseline = _run([sys.executable, "-c", "pass"], cwd, env)  # the interpreter alone, for reference
        for name, command in commands.items():
            times: dict[str, list[tuple[float, float]]] = {label: [] for label in envs}
            for label, run_env in envs.items():
                _run(command, cwd, run_env)  # fills the bytecode cache
            for _ in range(args.runs):
                for label, run_env in envs.items():
                    times[label].append(_run(command, cwd, run_env))
            for label, runs in times.items():
                walls, cpus = zip(*runs)
                print(
                    f"{label + name:<52} wall median {statistics.median(walls):.3f} s (min {min(walls):.3f}), "
                    f"CPU median {statistics.median(cpus):.3f} s (min {min(cpus):.3f}), {args.runs} runs"
                )
        print(f"{'python -c pass (reference)':<52} wall {baseline[0]:.3f} s, CPU {baseline[1]:.3f} s")
        if args.imports:
            print("\nslowest imports of the scan run (cumulative, ms):")
            for cumulative, name in _imports(commands["gradadvisor scan one_file.py --no-cache"], cwd, env, 25):
                print(f"{cumulative / 1000:8.1f}  {name}")


if __name__ == "__main__":
    main()
