#!/usr/bin/env python
"""GA401 (large captured constants) on real JAX libraries: findings per 10,000 non-test lines.

Fetches the pinned wheels of `scan_speed.py` (flax, optax, numpyro, equinox, diffrax, dm-haiku,
jax) and of further JAX libraries (`EXTRA` below) into the cache outside the repository
(`~/.cache/gradadvisor/corpus`, as `scan_speed.py` does), unpacks them, scans them all as one
project with `--select GA401` at the default confidence and at `--min-confidence low`, and prints
per library: files, lines, non-test lines (test files as the scanner counts them: `test_*.py`,
`*_test.py`, `tests.py`, `conftest.py`), findings at each confidence and per 10,000 non-test lines;
then every finding.

    python benchmarks/ga401_corpus.py                 # everything
    python benchmarks/ga401_corpus.py --extra-only    # only the EXTRA libraries
    python benchmarks/ga401_corpus.py --json out.json

A library that pip cannot fetch as a wheel is reported and skipped. Nothing fetched is ever
written inside the repository.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scan_speed import PINNED, default_cache_dir, fetch_wheel, scanner_env, unpack_wheel  # noqa: E402

#: Further JAX libraries (pure-Python wheels on PyPI when this was written).
EXTRA = {
    "brax": "0.14.2",
    "jaxopt": "0.8.5",
    "blackjax": "1.7.1",
    "chex": "0.1.92",
    "distrax": "0.1.9",
    "dynamax": "1.0.3",
    "jraph": "0.0.6.dev0",
    "objax": "1.8.0",
    "evosax": "0.3.2",
    "ott-jax": "0.6.0",
    "dm-pix": "0.4.5",
    "rlax": "0.1.9",
    "jax-md": "0.2.29",
    "lineax": "0.1.1",
    "optimistix": "0.1.0",
    "gpjax": "1.0.0",
    "tinygp": "0.3.1",
}
TEST_FILE = re.compile(r"(?:^|[\\/])(?:test_[^\\/]*|[^\\/]*_test|tests|conftest)\.py$")
LEVELS = ("medium", "low")


def count(src: Path) -> tuple[int, int, int]:
    """(.py files, lines, lines outside test files) under ``src``."""
    files = lines = non_test = 0
    for path in src.rglob("*.py"):
        if not path.is_file():
            continue
        n = len(path.read_bytes().splitlines())
        files += 1
        lines += n
        if not TEST_FILE.search(path.as_posix()):
            non_test += n
    return files, lines, non_test


def scan(cwd: Path, dirs: list[str], level: str) -> list[dict]:
    cmd = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--exit-zero", "--no-cache",
           "--select", "GA401", "--min-confidence", level, *dirs]
    proc = subprocess.run(cmd, cwd=cwd, env=scanner_env(), capture_output=True, text=True)
    if proc.returncode == 2:
        raise SystemExit(f"scanner error:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout).get("findings", [])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=default_cache_dir())
    parser.add_argument("--extra-only", action="store_true", help="only the EXTRA libraries")
    parser.add_argument("--json", type=Path, metavar="OUT")
    args = parser.parse_args(argv)
    libs = dict(EXTRA) if args.extra_only else {**PINNED, **EXTRA}
    rows, skipped = [], []
    for name, version in libs.items():
        try:
            wheel = fetch_wheel(args.cache / "wheels", name, version)
        except SystemExit as error:
            skipped.append(f"{name}=={version}: {str(error).splitlines()[0]}")
            continue
        src = unpack_wheel(wheel, args.cache / "src" / f"{name}-{version}")
        files, lines, non_test = count(src)
        rows.append({"name": name, "version": version, "dir": src.name, "files": files, "lines": lines, "non_test_lines": non_test})
    dirs = [row["dir"] for row in rows]
    findings = {level: scan(args.cache / "src", dirs, level) for level in LEVELS}
    for row in rows:
        for level in LEVELS:
            row[level] = sum(1 for f in findings[level] if f["path"].split("/")[0] == row["dir"])
    total_lines = sum(row["lines"] for row in rows)
    total_non_test = sum(row["non_test_lines"] for row in rows)
    print(f"{'library':<24} {'files':>6} {'lines':>9} {'non-test':>9} {'default':>8} {'low':>5} {'per 10k':>8}")
    for row in rows:
        rate = 10_000 * row["medium"] / row["non_test_lines"] if row["non_test_lines"] else 0.0
        print(f"{row['dir']:<24} {row['files']:>6} {row['lines']:>9,} {row['non_test_lines']:>9,} {row['medium']:>8} {row['low']:>5} {rate:>8.3f}")
    default, low = len(findings["medium"]), len(findings["low"])
    rate = 10_000 * default / total_non_test if total_non_test else 0.0
    print(f"{'total':<24} {sum(r['files'] for r in rows):>6} {total_lines:>9,} {total_non_test:>9,} {default:>8} {low:>5} {rate:>8.3f}")
    for line in skipped:
        print(f"skipped {line}")
    for level in LEVELS:
        print(f"\nfindings at --min-confidence {level}: {len(findings[level])}")
        for f in findings[level]:
            print(f"  {f['path']}:{f['line']}:{f['column']} ({f['confidence']}) {f['message']}")
    if args.json:
        args.json.write_text(json.dumps({"libraries": rows, "skipped": skipped, "findings": findings}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
