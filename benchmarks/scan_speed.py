#!/usr/bin/env python
"""Measure `gradadvisor scan` on real JAX libraries.

Fetches pinned wheels of well-known JAX libraries into a cache outside the
repository, unpacks them, runs `python -m gradadvisor scan --format json` over
the unpacked sources and prints speed (lines per second) and findings (per
10,000 lines), per library and in total.

    python benchmarks/scan_speed.py                  # all pinned libraries
    python benchmarks/scan_speed.py --libs flax,optax --repeat 3
    python benchmarks/scan_speed.py --jobs 2 --json out.json
    python benchmarks/scan_speed.py -- --some-scan-option   # passed to scan

It also times, on the same directories in the same run, `ruff check --select ALL`
(when ruff is installed: the speed target is a cold scan within 2x of it), the same
with `--statistics` (ruff's checking without printing each of its 100,000+ diagnostics
with a code frame, which is most of the first figure), and a warm re-scan from a
filled cache (target: 0.5 s). `--no-compare` skips them. The scanner runs with
Python's bytecode cache allowed, as an installed tool does.

Nothing fetched is ever written inside the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import time
import zipfile
from collections import Counter
from pathlib import Path

# Pinned corpus: released versions that `pip download` could fetch when this
# was written. Bump them deliberately; numbers are only comparable between
# runs on the same pins.
PINNED = {
    "flax": "0.12.8",
    "optax": "0.2.8",
    "numpyro": "0.22.0",
    "equinox": "0.13.8",
    "diffrax": "0.7.2",
    "dm-haiku": "0.0.17",
    "jax": "0.10.2",
}
# Only scanned with --with-brax (or when named in --libs).
OPTIONAL = {
    "brax": "0.14.2",
}

REPO_ROOT = Path(__file__).resolve().parent.parent
SCAN_EXIT_INTERNAL_ERROR = 2


# --------------------------------------------------------------------------
# Corpus: fetch, unpack, count
# --------------------------------------------------------------------------


def default_cache_dir() -> Path:
    """Return $XDG_CACHE_HOME/gradadvisor/corpus, or ~/.cache/gradadvisor/corpus."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gradadvisor" / "corpus"


def normalize_name(name: str) -> str:
    """Normalise a distribution name the way wheel file names spell it."""
    return re.sub(r"[-_.]+", "_", name).lower()


def find_wheel(wheels_dir: Path, name: str, version: str) -> Path | None:
    """Return an already-downloaded wheel for name==version, if any."""
    if not wheels_dir.is_dir():
        return None
    wanted = (normalize_name(name), version)
    for path in sorted(wheels_dir.glob("*.whl")):
        parts = path.name.split("-")
        if len(parts) >= 2 and (normalize_name(parts[0]), parts[1]) == wanted:
            return path
    return None


def fetch_wheel(wheels_dir: Path, name: str, version: str) -> Path:
    """Download name==version into wheels_dir with pip, unless already there."""
    wheel = find_wheel(wheels_dir, name, version)
    if wheel is not None:
        return wheel
    wheels_dir.mkdir(parents=True, exist_ok=True)
    log(f"fetching {name}=={version} ...")
    cmd = [
        sys.executable, "-m", "pip", "download", "--no-deps",
        "--only-binary=:all:", "-d", str(wheels_dir), f"{name}=={version}",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wheel = find_wheel(wheels_dir, name, version)
    if proc.returncode != 0 or wheel is None:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise SystemExit(
            f"error: could not download {name}=={version} "
            f"(pip exit {proc.returncode}).\n"
            f"command: {shlex.join(cmd)}\n{tail}"
        )
    return wheel


def unpack_wheel(wheel: Path, dest: Path) -> Path:
    """Extract a wheel into dest once; a partial earlier extraction is redone."""
    if dest.is_dir():
        return dest
    tmp = dest.with_name(f".tmp-{dest.name}")
    shutil.rmtree(tmp, ignore_errors=True)
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp)
    tmp.rename(dest)
    return dest


def count_python(src: Path) -> tuple[int, int]:
    """Return (number of .py files, number of lines in them) under src."""
    files = lines = 0
    for path in src.rglob("*.py"):
        if path.is_file():
            files += 1
            lines += len(path.read_bytes().splitlines())
    return files, lines


def prepare_corpus(cache: Path, libs: dict[str, str]) -> list[dict]:
    """Fetch and unpack every library; return one record per library."""
    corpus = []
    for name, version in libs.items():
        wheel = fetch_wheel(cache / "wheels", name, version)
        src = unpack_wheel(wheel, cache / "src" / f"{name}-{version}")
        files, lines = count_python(src)
        corpus.append({"name": name, "version": version, "dir": src.name,
                       "files": files, "lines": lines})
    return corpus


# --------------------------------------------------------------------------
# Scan
# --------------------------------------------------------------------------


def build_scan_command(args: argparse.Namespace, dirs: list[str]) -> list[str]:
    """Assemble the `gradadvisor scan` command line."""
    if args.scanner_cmd:
        cmd = shlex.split(args.scanner_cmd)
    else:
        cmd = [sys.executable, "-m", "gradadvisor"]
    cmd += ["scan", "--format", "json", "--exit-zero", "--no-cache"]
    if args.jobs is not None:
        cmd += ["--jobs", str(args.jobs)]
    if args.select:
        cmd += ["--select", args.select]
    if args.ignore:
        cmd += ["--ignore", args.ignore]
    return cmd + list(args.scan_args) + dirs


def scanner_env() -> dict[str, str]:
    """Environment that makes this checkout's gradadvisor importable, with Python's bytecode
    cache allowed (as after a pip install, which compiles it): a ``PYTHONDONTWRITEBYTECODE``
    in the caller's environment would time compiling the scanner's own modules on every run."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    return env


def children_cpu_seconds() -> float | None:
    """User+system CPU time of all waited-for child processes so far."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_scan_once(cmd: list[str], cwd: Path) -> dict:
    """Run the scanner once; return exit code, wall and CPU seconds, output."""
    cpu_before = children_cpu_seconds()
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=scanner_env(),
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    cpu_after = children_cpu_seconds()
    cpu = cpu_after - cpu_before if cpu_before is not None else None
    return {"rc": proc.returncode, "seconds": seconds, "cpu_seconds": cpu,
            "stdout": proc.stdout, "stderr": proc.stderr}


def parse_report(stdout: str) -> dict | None:
    """Parse the scanner's JSON report; None when stdout is not a JSON object."""
    try:
        report = json.loads(stdout)
    except ValueError:
        return None
    if not isinstance(report, dict):
        return None
    report.setdefault("findings", [])
    report.setdefault("errors", [])
    return report


def run_scan(cmd: list[str], cwd: Path, repeat: int) -> tuple[dict, list[dict], str | None, list[str]]:
    """Run the scan `repeat` times; return the fastest run, all runs, the
    first failure (if any) and other problems."""
    runs = []
    for i in range(repeat):
        log(f"scan run {i + 1}/{repeat} ...")
        run = run_scan_once(cmd, cwd)
        run["report"] = parse_report(run["stdout"])
        run["label"] = f"run {i + 1} of {repeat}"
        runs.append(run)
    failure = next((f for f in (describe_scan_failure(r, cmd) for r in runs) if f), None)
    problems = []
    counts = {len(r["report"]["findings"]) for r in runs if r["report"]}
    if len(counts) > 1:
        problems.append(f"finding counts differ between runs: {sorted(counts)}")
    usable = [r for r in runs if r["report"] is not None] or runs
    best = min(usable, key=lambda r: r["seconds"])
    return best, runs, failure, problems


def ruff_command(dirs: list[str]) -> list[str] | None:
    """`ruff check --select ALL` over the same directories, or None when ruff is not installed."""
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        return None
    return [ruff, "check", "--select", "ALL", "--no-cache", "--exit-zero", "--quiet", *dirs]


def best_of(cmd: list[str], cwd: Path, repeat: int, label: str) -> dict:
    """The fastest of ``repeat`` runs of ``cmd`` (wall and CPU seconds, exit code)."""
    runs = []
    for i in range(repeat):
        log(f"{label} run {i + 1}/{repeat} ...")
        runs.append(run_scan_once(cmd, cwd))
    return min(runs, key=lambda r: r["seconds"])


def compare(cmd: list[str], dirs: list[str], cwd: Path, repeat: int, cold: dict) -> dict:
    """Ruff on the same directories, and a warm re-scan from a filled cache."""
    import tempfile

    result: dict = {"cold_seconds": round(cold["seconds"], 3),
                    "cold_cpu_seconds": round(cold["cpu_seconds"], 3) if cold["cpu_seconds"] is not None else None}
    ruff = ruff_command(dirs)
    if ruff is not None:
        version = subprocess.run([ruff[0], "--version"], capture_output=True, text=True).stdout.strip()
        run = best_of(ruff, cwd, repeat, "ruff")
        result.update(ruff=version, ruff_seconds=round(run["seconds"], 3),
                      ruff_cpu_seconds=round(run["cpu_seconds"], 3) if run["cpu_seconds"] is not None else None,
                      ratio=round(cold["seconds"] / run["seconds"], 2) if run["seconds"] else None)
        # Ruff's default report prints every diagnostic with a code frame (100,000+ of them with
        # ALL on these libraries): most of its time. ``--statistics`` is the same checking with
        # one line per rule: ruff's analysis alone, the stricter comparison.
        quiet = best_of([*ruff, "--statistics"], cwd, repeat, "ruff --statistics")
        result.update(ruff_statistics_seconds=round(quiet["seconds"], 3),
                      ruff_statistics_cpu_seconds=round(quiet["cpu_seconds"], 3) if quiet["cpu_seconds"] is not None else None,
                      ratio_statistics=round(cold["seconds"] / quiet["seconds"], 2) if quiet["seconds"] else None)
    with tempfile.TemporaryDirectory(prefix="gradadvisor-cache-") as cache_dir:
        cached = [item for part in cmd for item in (["--cache-dir", cache_dir] if part == "--no-cache" else [part])]
        log("filling a cache for the warm re-scan ...")
        run_scan_once(cached, cwd)
        warm = best_of(cached, cwd, max(repeat, 3), "warm re-scan")
        result.update(warm_seconds=round(warm["seconds"], 3))
    return result


def print_comparison(numbers: dict) -> None:
    rows = [["gradadvisor scan, cold (--no-cache)", f"{numbers['cold_seconds']:.2f}",
             f"{numbers['cold_cpu_seconds']:.2f}" if numbers.get("cold_cpu_seconds") is not None else "-"]]
    if "ruff_seconds" in numbers:
        rows.append([f"{numbers['ruff']} check --select ALL", f"{numbers['ruff_seconds']:.2f}",
                     f"{numbers['ruff_cpu_seconds']:.2f}" if numbers.get("ruff_cpu_seconds") is not None else "-"])
        if "ruff_statistics_seconds" in numbers:
            rows.append([f"{numbers['ruff']} check --select ALL --statistics", f"{numbers['ruff_statistics_seconds']:.2f}",
                         f"{numbers['ruff_statistics_cpu_seconds']:.2f}" if numbers.get("ruff_statistics_cpu_seconds") is not None else "-"])
    rows.append(["gradadvisor scan, warm re-scan (cache filled)", f"{numbers['warm_seconds']:.2f}", "-"])
    print_table("Compared (same directories, same run)", ["run", "wall s", "CPU s"], rows)
    if numbers.get("ratio") is not None:
        verdict = "within" if numbers["ratio"] <= 2.0 else "NOT within"
        print(f"cold scan / ruff: {numbers['ratio']:.2f}x ({verdict} the 2x target)")
        if numbers.get("ratio_statistics") is not None:
            print(f"cold scan / ruff --statistics (ruff's checking without printing each diagnostic): {numbers['ratio_statistics']:.2f}x")
    else:
        print("ruff is not installed: `pip install ruff` to compare")
    verdict = "within" if numbers["warm_seconds"] <= 0.5 else "NOT within"
    print(f"warm re-scan: {numbers['warm_seconds']:.2f} s ({verdict} the 0.5 s target)")


def describe_scan_failure(run: dict, cmd: list[str]) -> str | None:
    """Explain an internal error or unreadable output; None if the run was fine."""
    if run["rc"] not in (0, 1, SCAN_EXIT_INTERNAL_ERROR):
        what = f"scanner exited with unexpected code {run['rc']}"
    elif run["rc"] == SCAN_EXIT_INTERNAL_ERROR:
        what = ("scanner exited 2 despite --exit-zero: a usage or configuration "
                "error, a missing path, or an INTERNAL ERROR")
    elif run["report"] is None:
        what = f"scanner exited {run['rc']} but stdout is not a JSON object"
    else:
        return None
    text = f"{what} ({run['label']})\ncommand: {shlex.join(cmd)}\n"
    internal = [e for e in (run["report"] or {}).get("errors", [])
                if e.get("kind") == "internal-error"]
    if internal:
        text += f"--- {len(internal)} internal-error(s) in the JSON report ---\n"
        text += "".join(f"{location(e)} {e.get('message')}\n" for e in internal[:10])
    stderr = "\n".join(run["stderr"].strip().splitlines()[-20:]) or "(empty)"
    text += f"--- scanner stderr (tail) ---\n{stderr}"
    if run["report"] is None:
        text += f"\n--- scanner stdout (head) ---\n{run['stdout'].strip()[:500] or '(empty)'}"
    return text


# --------------------------------------------------------------------------
# Summarise and print
# --------------------------------------------------------------------------


def relative_path(path: str, src_root: Path) -> str:
    """Show a reported path relative to the cache's src dir (library-version/...)."""
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.resolve().relative_to(src_root.resolve())
        except ValueError:
            return path
    return p.as_posix()


def library_of(path: str, corpus: list[dict]) -> str:
    """Return the corpus dir a relative path belongs to, or '?'."""
    head = path.split("/", 1)[0]
    return head if any(lib["dir"] == head for lib in corpus) else "?"


def per_10k(count: int, lines: int) -> float:
    """Count per 10,000 lines."""
    return 10_000 * count / lines if lines else 0.0


def summarise(corpus: list[dict], report: dict, best: dict, src_root: Path) -> dict:
    """Attach findings/errors to libraries and compute totals."""
    for item in report["findings"] + report["errors"]:
        item["path"] = relative_path(str(item.get("path", "")), src_root)
    findings_by_lib = Counter(library_of(f["path"], corpus) for f in report["findings"])
    errors_by_lib = Counter(library_of(e["path"], corpus) for e in report["errors"])
    libraries = []
    for lib in corpus:
        n = findings_by_lib.get(lib["dir"], 0)
        libraries.append({**lib, "findings": n,
                          "errors": errors_by_lib.get(lib["dir"], 0),
                          "findings_per_10k_lines": round(per_10k(n, lib["lines"]), 3)})
    lines = sum(lib["lines"] for lib in corpus)
    seconds, cpu = best["seconds"], best["cpu_seconds"]
    totals = {
        "files": sum(lib["files"] for lib in corpus),
        "files_scanned": report.get("files"),
        "lines": lines,
        "seconds": round(seconds, 4),
        "lines_per_second": round(lines / seconds) if seconds else None,
        "cpu_seconds": round(cpu, 4) if cpu is not None else None,
        "lines_per_cpu_second": round(lines / cpu) if cpu else None,
        "findings": len(report["findings"]),
        "findings_per_10k_lines": round(per_10k(len(report["findings"]), lines), 3),
        "findings_by_code": dict(Counter(f.get("code", "?") for f in report["findings"]).most_common()),
        "errors": len(report["errors"]),
        "errors_by_kind": dict(Counter(e.get("kind", "?") for e in report["errors"]).most_common()),
        "unattributed_findings": findings_by_lib.get("?", 0),
    }
    return {"libraries": libraries, "totals": totals}


def print_table(title: str, headers: list[str], rows: list[list[str]]) -> None:
    """Print a table with rich when available, else as aligned plain text."""
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        widths = [max(len(str(c)) for c in col) for col in zip(headers, *rows)]
        print(f"\n{title}")
        for row in [headers, *rows]:
            print("  ".join(str(c).rjust(w) if i else str(c).ljust(w)
                            for i, (c, w) in enumerate(zip(row, widths))))
        return
    table = Table(title=title, title_justify="left")
    for i, header in enumerate(headers):
        numeric = all(re.fullmatch(r"[-+\d.,]*", str(row[i])) for row in rows)
        table.add_column(header, justify="right" if i and numeric else "left")
    for row in rows:
        table.add_row(*[str(c) for c in row])
    # Wide enough for the rows: rich squeezes to 80 columns when not on a terminal.
    width = max(80, sum(max(len(str(c)) for c in col) + 3 for col in zip(headers, *rows)) + 1)
    console = Console(width=width)
    console.print()
    console.print(table, markup=False, highlight=False)


def print_summary(summary: dict, report: dict, runs: list[dict], cmd: list[str]) -> None:
    """Print the per-library table, the totals and the findings by code."""
    libs, t = summary["libraries"], summary["totals"]
    print_table(
        "Findings per library",
        ["library", "version", "files", "lines", "findings", "per 10k lines", "errors"],
        [[l["name"], l["version"], f"{l['files']:,}", f"{l['lines']:,}",
          l["findings"], f"{l['findings_per_10k_lines']:.2f}", l["errors"]] for l in libs]
        + [["total", "", f"{t['files']:,}", f"{t['lines']:,}", t["findings"],
            f"{t['findings_per_10k_lines']:.2f}", t["errors"]]],
    )
    errors = ", ".join(f"{k}: {v}" for k, v in t["errors_by_kind"].items()) or "none"
    scanned = t["files_scanned"]
    rows = [
        ["scanner version", report.get("version", "?")],
        ["files (.py counted)", f"{t['files']:,}"],
        ["files (scanner reported)", f"{scanned:,}" if isinstance(scanned, int) else "?"],
        ["lines", f"{t['lines']:,}"],
        ["wall seconds (best of %d)" % len(runs), f"{t['seconds']:.3f}"],
        ["all runs, wall (s)", ", ".join(f"{r['seconds']:.3f}" for r in runs)],
        ["lines / second", f"{t['lines_per_second']:,}" if t["lines_per_second"] else "?"],
        ["CPU seconds, user+sys (same run)", f"{t['cpu_seconds']:.3f}" if t["cpu_seconds"] is not None else "?"],
        ["lines / CPU second", f"{t['lines_per_cpu_second']:,}" if t["lines_per_cpu_second"] else "?"],
        ["findings", f"{t['findings']:,}"],
        ["findings / 10k lines", f"{t['findings_per_10k_lines']:.2f}"],
        ["errors", f"{t['errors']} ({errors})"],
    ]
    print_table("Totals", ["", "value"], rows)
    if t["findings_by_code"]:
        names = {f.get("code"): f.get("name", "") for f in report["findings"]}
        print_table("Findings by code", ["code", "name", "count"],
                    [[c, names.get(c, ""), n] for c, n in t["findings_by_code"].items()])
    print(f"\ncommand: {shlex.join(cmd)}")


def source_line(src_root: Path, path: str, line: int, cache: dict) -> str | None:
    """Return line `line` (1-based) of src_root/path, or None."""
    if path not in cache:
        try:
            text = (src_root / path).read_text(encoding="utf-8", errors="replace")
            cache[path] = text.splitlines()
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[line - 1] if isinstance(line, int) and 0 < line <= len(lines) else None


def location(item: dict) -> str:
    """`path:line:col`, leaving out a line or column the scanner did not give."""
    parts = [item.get("path", "?")]
    for key in ("line", "column"):
        if item.get(key) is None:
            break
        parts.append(str(item[key]))
    return ":".join(parts)


def print_findings(report: dict, src_root: Path, show_context: bool) -> None:
    """List every finding (and error) as `path:line:col CODE message`."""
    key = lambda f: (f.get("path", ""), f.get("line") or 0, f.get("column") or 0, f.get("code", ""))
    findings = sorted(report["findings"], key=key)
    print(f"\nFindings ({len(findings)}):")
    lines_cache: dict = {}
    for f in findings:
        print(f"{location(f)} {f.get('code')} {f.get('message')}")
        if show_context:
            text = source_line(src_root, f["path"], f.get("line"), lines_cache)
            if text is None:
                text = f.get("context")
            if text:
                print(f"    {text.strip()}")
    if report["errors"]:
        print(f"\nErrors ({len(report['errors'])}):")
        for e in sorted(report["errors"], key=lambda e: (e.get("path", ""), e.get("line") or 0)):
            print(f"{location(e)} {e.get('kind')} {e.get('message')}")


def save_json(out: Path, summary: dict, report: dict, runs: list[dict],
              cmd: list[str], args: argparse.Namespace, problems: list[str]) -> None:
    """Write the numbers (and the findings) to a JSON file."""
    data = {
        "scanner_version": report.get("version"),
        "command": cmd,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "jobs": args.jobs,
        "select": args.select,
        "repeat": args.repeat,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "runs": [{"rc": r["rc"], "seconds": round(r["seconds"], 4),
                  "cpu_seconds": round(r["cpu_seconds"], 4) if r["cpu_seconds"] is not None else None}
                 for r in runs],
        "pinned": {l["name"]: l["version"] for l in summary["libraries"]},
        **summary,
        "problems": problems,
        "findings": [{k: f.get(k) for k in ("path", "line", "column", "code", "message")}
                     for f in report["findings"]],
        "errors": report["errors"],
    }
    out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {out}")


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------


def log(message: str) -> None:
    """Progress messages go to stderr so stdout stays the report."""
    print(message, file=sys.stderr, flush=True)


def warn_if_busy() -> str | None:
    """Return a warning when the machine is already loaded (wall times suffer)."""
    if not hasattr(os, "getloadavg"):
        return None
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    if load <= cores:
        return None
    message = (f"load average {load:.1f} on {cores} cores before scanning: other work "
               "competes for the CPU, so wall-clock times are inflated; compare CPU seconds")
    log(f"warning: {message}")
    return message


def choose_libs(libs_arg: str | None, with_brax: bool) -> dict[str, str]:
    """Return {name: version} for --libs (or all pinned, plus brax if asked)."""
    known = {**PINNED, **OPTIONAL}
    if not libs_arg:
        return {**PINNED, **(OPTIONAL if with_brax else {})}
    names = [n.strip() for n in libs_arg.split(",") if n.strip()]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"error: unknown libraries {unknown}; choose from {sorted(known)}")
    return {n: known[n] for n in names}


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Parse options; anything after `--` is passed to `gradadvisor scan`."""
    scan_args: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, scan_args = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cache", type=Path, default=default_cache_dir(),
                   help="corpus cache dir (default: %(default)s)")
    p.add_argument("--libs", help="comma-separated subset, e.g. flax,optax "
                   f"(known: {', '.join([*PINNED, *OPTIONAL])})")
    p.add_argument("--with-brax", action="store_true", help="also scan brax")
    p.add_argument("--jobs", type=int, help="passed to scan --jobs")
    p.add_argument("--select", help="passed to scan --select")
    p.add_argument("--ignore", help="passed to scan --ignore")
    p.add_argument("--repeat", type=int, default=1, help="time the best of N runs (default 1)")
    p.add_argument("--list", action=argparse.BooleanOptionalAction, default=True,
                   help="list every finding (default: on)")
    p.add_argument("--show-context", action="store_true", help="print the source line of each finding")
    p.add_argument("--json", type=Path, metavar="OUT", help="save the numbers to OUT")
    p.add_argument("--compare", action=argparse.BooleanOptionalAction, default=True,
                   help="also time ruff --select ALL and a warm re-scan (default: on)")
    p.add_argument("--prepare-only", action="store_true",
                   help="fetch, unpack and count the corpus, then stop")
    p.add_argument("--scanner-cmd", help=argparse.SUPPRESS)  # testing: replaces `python -m gradadvisor`
    args = p.parse_args(argv)
    if args.repeat < 1:
        p.error("--repeat must be at least 1")
    args.scan_args = scan_args
    return args


def main(argv: list[str] | None = None) -> int:
    """Prepare the corpus, scan it, print the report; 2 on a scanner failure."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    libs = choose_libs(args.libs, args.with_brax)
    cache = args.cache.expanduser().resolve()
    src_root = cache / "src"
    log(f"corpus cache: {cache}")
    corpus = prepare_corpus(cache, libs)
    if args.prepare_only:
        print_table("Corpus", ["library", "version", "files", "lines"],
                    [[l["name"], l["version"], f"{l['files']:,}", f"{l['lines']:,}"] for l in corpus]
                    + [["total", "", f"{sum(l['files'] for l in corpus):,}",
                        f"{sum(l['lines'] for l in corpus):,}"]])
        return 0

    cmd = build_scan_command(args, [lib["dir"] for lib in corpus])
    busy = warn_if_busy()
    best, runs, failure, problems = run_scan(cmd, src_root, args.repeat)
    if best["report"] is None:
        log(f"\nSCAN FAILED: {failure}")
        return 2
    report = best["report"]
    summary = summarise(corpus, report, best, src_root)
    if args.list:
        print_findings(report, src_root, args.show_context)
    print_summary(summary, report, runs, cmd)
    if args.compare:
        summary["compared"] = compare(cmd, [lib["dir"] for lib in corpus], src_root, args.repeat, best)
        print_comparison(summary["compared"])
    if busy:
        problems.append(busy)
    totals = summary["totals"]
    # The scanner also reads notebooks (flax ships one): they count as files scanned.
    notebooks = sum(1 for lib in corpus for path in (src_root / lib["dir"]).rglob("*.ipynb") if path.is_file())
    if isinstance(totals["files_scanned"], int) and totals["files_scanned"] != totals["files"] + notebooks:
        problems.append(f"scanner reports {totals['files_scanned']} files scanned, "
                        f"the corpus has {totals['files']} .py files and {notebooks} notebooks")
    if best["rc"] == 1:
        problems.append("scanner exited 1 despite --exit-zero")
    if summary["totals"]["unattributed_findings"]:
        problems.append(f"{summary['totals']['unattributed_findings']} findings have "
                        "paths outside the corpus dirs")
    if args.json:
        save_json(args.json, summary, report, runs, cmd, args,
                  ([failure] if failure else []) + problems)
    for problem in problems:
        log(f"\nWARNING: {problem}")
    if failure:
        log(f"\nSCAN ERROR (numbers above may be incomplete): {failure}")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
