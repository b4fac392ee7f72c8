#!/usr/bin/env python
"""Findings on JAX packages this project had never scanned (issue 16), joined with a verdict per finding.

Fetches the pinned wheels of `PACKAGES` below with `pip download --no-deps` into a cache outside
the repository (`~/.cache/gradadvisor/new_packages`, or under $XDG_CACHE_HOME), unpacks them,
counts the non-blank lines of the non-test Python files of each package (test files: anything
under a `tests` or `test` folder, `test_*.py`, `*_test.py`, `conftest.py`), scans each package
with every rule at `--min-confidence low`, and prints per package: lines, findings at each
confidence (the JSON `confidence` field) and findings per 10,000 non-test lines at the default
level (medium and high). Findings in test files are counted apart and left out of the rates.

Each finding outside test files is joined with `new_packages_verdicts.toml` (beside this file):
one `[[finding]]` per finding, keyed by `package`, `path` (relative to the unpacked package),
`line` and `code`, with `verdict` = "real" | "real-small" | "wrong" and a one-line `reason`.
The script prints precision per level (real / judged; "real-small" is a true shape at sizes too
small to matter, so it does not count as real), every finding with no verdict yet as
"unjudged", and every verdict that no longer matches a finding as "stale". It always exits 0.

    python benchmarks/new_packages.py                  # everything
    python benchmarks/new_packages.py --only netket    # names that contain "netket"
    python benchmarks/new_packages.py --markdown       # also the verdict table as Markdown
    python benchmarks/new_packages.py --json out.json

A package that pip cannot fetch as a wheel is reported and skipped. Nothing fetched is ever
written inside the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scan_speed import fetch_wheel, print_table, scanner_env, unpack_wheel  # noqa: E402

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

#: JAX packages never scanned before by this project (pure-Python wheels on PyPI).
PACKAGES = {
    "jaxley": "0.14.0",
    "pgx": "2.6.0",
    "mctx": "0.0.71",
    "jumanji": "1.1.2",
    "gymnax": "1.0.1",
    "flowjax": "19.1.2",
    "netket": "3.23.0",
    "neural-tangents": "0.6.5",
    "kfac-jax": "0.0.8",
    "jax-cfd": "0.2.1",
    "scico": "0.0.7",
    "jaxns": "3.0.0",
    "interpax": "0.3.16",
    "quadax": "0.3.1",
    "jaxlie": "1.5.0",
}
VERDICTS = Path(__file__).resolve().parent / "new_packages_verdicts.toml"
LEVELS = ("low", "medium", "high")
DEFAULT_LEVELS = ("medium", "high")  # what `scan` reports without --min-confidence
TEST_DIR = {"tests", "test"}
TEST_NAME = re.compile(r"^(?:test_.*|.*_test|conftest)\.py$")


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gradadvisor" / "new_packages"


def is_test(rel: str) -> bool:
    parts = rel.split("/")
    return bool(TEST_DIR.intersection(parts[:-1])) or bool(TEST_NAME.match(parts[-1]))


def count(src: Path) -> tuple[int, int]:
    """(.py files outside tests, their non-blank lines) under ``src``."""
    files = lines = 0
    for path in src.rglob("*.py"):
        if not path.is_file() or is_test(path.relative_to(src).as_posix()):
            continue
        files += 1
        lines += sum(1 for line in path.read_bytes().splitlines() if line.strip())
    return files, lines


def scan(src: Path) -> list[dict]:
    cmd = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--exit-zero", "--no-cache",
           "--min-confidence", "low", "."]
    proc = subprocess.run(cmd, cwd=src, env=scanner_env(), capture_output=True, text=True)
    if proc.returncode == 2:
        raise SystemExit(f"scanner error on {src}:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout).get("findings", [])


def load_verdicts(path: Path) -> dict[tuple, dict]:
    if not path.is_file():
        return {}
    entries = tomllib.loads(path.read_text(encoding="utf-8")).get("finding", [])
    return {(e["package"], e["path"], int(e["line"]), e["code"]): e for e in entries}


def percent(num: int, den: int) -> str:
    return f"{num}/{den} = {100 * num / den:.0f}%" if den else "-"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=default_cache_dir())
    parser.add_argument("--only", metavar="TEXT", help="only the packages whose name contains TEXT")
    parser.add_argument("--markdown", action="store_true", help="also print the verdict table as Markdown")
    parser.add_argument("--json", type=Path, metavar="OUT")
    args = parser.parse_args(argv)
    verdicts = load_verdicts(VERDICTS)
    rows, skipped, findings, in_tests = [], [], [], []
    for name, version in PACKAGES.items():
        if args.only and args.only not in name:
            continue
        try:
            wheel = fetch_wheel(args.cache / "wheels", name, version)
        except SystemExit as error:
            skipped.append(f"{name}=={version}: {str(error).splitlines()[0]}")
            continue
        src = unpack_wheel(wheel, args.cache / "src" / f"{name}-{version}")
        files, lines = count(src)
        row = {"name": name, "version": version, "files": files, "lines": lines, "tests": 0,
               **{level: 0 for level in LEVELS}}
        for f in scan(src):
            rel = f["path"].removeprefix("./")
            if is_test(rel):
                row["tests"] += 1
                in_tests.append(f)
                continue
            row[f["confidence"]] += 1
            key = (name, rel, f["line"], f["code"])
            findings.append({**f, "package": name, "path": rel, "verdict": verdicts.get(key)})
        rows.append(row)

    def rate(n: int, lines: int) -> str:
        return f"{10_000 * n / lines:.2f}" if lines else "-"

    total = {k: sum(r[k] for r in rows) for k in ("files", "lines", "tests", *LEVELS)}
    table = [[r["name"], r["version"], f"{r['files']:,}", f"{r['lines']:,}", r["low"], r["medium"], r["high"],
              rate(r["medium"] + r["high"], r["lines"]), r["tests"]] for r in rows]
    table.append(["total", "", f"{total['files']:,}", f"{total['lines']:,}", total["low"], total["medium"],
                  total["high"], rate(total["medium"] + total["high"], total["lines"]), total["tests"]])
    print_table("Findings per package (lines: non-blank, non-test)",
                ["package", "version", "files", "lines", "low", "medium", "high", "per 10k (default)", "in tests"],
                table)

    prec = []
    for level in (*LEVELS, "default (medium+high)", "all"):
        chosen = {"default (medium+high)": DEFAULT_LEVELS, "all": LEVELS}.get(level, (level,))
        group = [f for f in findings if f["confidence"] in chosen]
        judged = [f["verdict"]["verdict"] for f in group if f["verdict"]]
        prec.append([level, len(group), len(judged), judged.count("real"), judged.count("real-small"),
                     judged.count("wrong"), percent(judged.count("real"), len(judged)),
                     percent(judged.count("real") + judged.count("real-small"), len(judged))])
    print_table("Precision per confidence level (real / judged; true shape = real + real-small)",
                ["level", "findings", "judged", "real", "real-small", "wrong", "precision", "true shape"], prec)

    order = {"high": 0, "medium": 1, "low": 2}
    findings.sort(key=lambda f: (f["package"], order[f["confidence"]], f["path"], f["line"]))
    print_table("Findings and verdicts",
                ["package", "file:line", "code", "confidence", "verdict", "reason"],
                [[f["package"], f"{f['path']}:{f['line']}", f["code"], f["confidence"],
                  f["verdict"]["verdict"] if f["verdict"] else "UNJUDGED",
                  f["verdict"]["reason"] if f["verdict"] else f["message"]] for f in findings])
    unjudged = [f for f in findings if not f["verdict"]]
    print(f"\nunjudged: {len(unjudged)}")
    for f in unjudged:
        print(f"  unjudged {f['package']} {f['path']}:{f['line']} {f['code']} ({f['confidence']}) {f['message']}")
    scanned = {r["name"] for r in rows}
    seen = {(f["package"], f["path"], f["line"], f["code"]) for f in findings}
    stale = [k for k in verdicts if k[0] in scanned and k not in seen]
    print(f"stale verdicts (no such finding now): {len(stale)}")
    for key in stale:
        print(f"  stale {key[0]} {key[1]}:{key[2]} {key[3]}")
    if in_tests:
        print(f"findings in test files (not counted): {len(in_tests)}")
    for line in skipped:
        print(f"skipped {line}")
    if args.markdown:
        print("\n| package | file:line | code | confidence | verdict | reason |\n| --- | --- | --- | --- | --- | --- |")
        for f in findings:
            v = f["verdict"] or {"verdict": "unjudged", "reason": f["message"]}
            print(f"| {f['package']} | `{f['path']}:{f['line']}` | {f['code']} | {f['confidence']} | "
                  f"{v['verdict']} | {v['reason'].replace('|', '/')} |")
    if args.json:
        args.json.write_text(json.dumps({"packages": rows, "skipped": skipped, "findings": findings,
                                         "in_tests": in_tests}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
