#!/usr/bin/env python
"""Measure `gradadvisor scan FILE` inside a project (what pre-commit and editors run).

A scan given one file of a project also summarises the project's other files for cross-file
context (README: "Scanning part of a project"). This prints, for one library of the
scan-speed corpus (unpacked by ``benchmarks/scan_speed.py``) copied to a temporary folder,
the wall time of:

- a full scan without a cache, for scale;
- ``scan FILE --no-cache`` (reads the whole project: the cold cost);
- ``scan FILE`` with an empty cache (the same, and fills it);
- ``scan FILE`` again, nothing changed (the last run's results);
- ``scan FILE`` after FILE was edited (FILE's phase 1 again, the project index rebuilt);
- ``scan OTHER`` for another file of the project, nothing changed (context from the cache).

    python benchmarks/scan_speed.py --libs jax          # once, to fetch and unpack the corpus
    python benchmarks/partial_scan.py --lib jax-0.10.2 --file jax/_src/numpy/linalg.py

Nothing is written inside the repository or the corpus.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scan_speed import default_cache_dir, print_table, scanner_env  # noqa: E402


def timed(cmd: list[str], cwd: Path, repeat: int) -> float:
    """The fastest wall time of ``repeat`` runs of ``cmd``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(cmd, cwd=cwd, env=scanner_env(), capture_output=True, text=True)
        best = min(best, time.perf_counter() - start)
        if done.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr[-500:]}")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=default_cache_dir() / "src", help="unpacked libraries (default: %(default)s)")
    parser.add_argument("--lib", default="jax-0.10.2", help="the library folder to use as the project")
    parser.add_argument("--file", default="jax/_src/numpy/linalg.py", help="the file to scan, relative to the library folder")
    parser.add_argument("--other", default="jax/_src/lax/control_flow/loops.py", help="another file of the project")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    source = args.corpus / args.lib
    if not (source / args.file).is_file():
        raise SystemExit(f"{source / args.file} not found: run benchmarks/scan_speed.py --libs {args.lib.split('-')[0]} first")
    scan = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--exit-zero"]
    with tempfile.TemporaryDirectory(prefix="gradadvisor-partial-") as temporary:
        project = Path(temporary) / "project"
        shutil.copytree(source, project)
        cache = Path(temporary) / "cache"
        files = sum(1 for _ in project.rglob("*.py"))
        cached = [*scan, "--cache-dir", str(cache)]
        rows = [
            ("full scan, no cache", timed([*scan, "--no-cache", "."], project, 1)),
            ("scan FILE, no cache", timed([*scan, "--no-cache", args.file], project, 1)),
            ("scan FILE, empty cache", timed([*cached, args.file], project, 1)),
            ("scan FILE, warm, unchanged", timed([*cached, args.file], project, args.repeat)),
        ]
        edited = 0.0
        for _ in range(args.repeat):
            with open(project / args.file, "a", encoding="utf-8") as stream:
                stream.write("\n")
            edited = min(edited or float("inf"), timed([*cached, args.file], project, 1))
        rows.append(("scan FILE, warm, FILE edited", edited))
        if (project / args.other).is_file():
            rows.append(("scan OTHER, warm (context from the cache)", timed([*cached, args.other], project, 1)))
            rows.append(("scan OTHER, warm, unchanged", timed([*cached, args.other], project, args.repeat)))
    print_table(f"{args.lib}: {files} Python files; FILE = {args.file}", ["run", "wall s"], [[name, f"{seconds:.2f}"] for name, seconds in rows])
    print(f"(best of {args.repeat} where repeated; {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
