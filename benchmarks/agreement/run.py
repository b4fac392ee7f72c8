"""Measure ``scan`` against ``profile``: one table per program and in total.

    python benchmarks/agreement/run.py                 # every program
    python benchmarks/agreement/run.py --only euler    # names containing "euler"
    python benchmarks/agreement/run.py --json out.json

Each program runs twice, plainly and under ``gradadvisor profile --format json``
(which runs ``scan`` on the files the run touched and confirms or refutes its
findings). Columns:

- ``same``: the program's stdout and exit code are identical with and without profile;
- ``sites``: source lines profile diagnoses (any kind);
- ``by scan``: of those, lines where a scan finding predicted a diagnosis (confirmed);
- ``missed``: diagnosed lines where no scan finding predicted any;
- ``refuted``: scan findings on lines the run went through that show none of
  the finding's kinds (unconfirmed);
- ``unreached``: scan findings on lines no equation of the run came from;
- ``cliffs``: the known cliffs diagnosed at their line, of those known;
- ``compile s``: the program's trace + lower + compile seconds (user programs).

The programs: the catalog (``patterns/``) and the bench cases
(``tests/bench_cases/``), each run by ``drive_bench.py`` (jit of the gradient
of ``baseline`` and ``candidate`` at ``inputs()``'s default size), and the
scripts of ``programs/``, each with its cliff marked ``# cliff: KIND``, and
real third-party programs (``thirdparty.toml``: test suites shipped in JAX
packages' wheels, run unchanged with pytest from the unpacked wheel, fetched
into ``~/.cache/gradadvisor/agreement/``; their outputs are compared with
pytest's own timing taken out of the summary line). The
catalog's cliffs are the lines ``tests/test_trace.py`` expects (``CATALOG``
below). Exit status: 1 when a known cliff is not diagnosed at its line or an
output differs, else 0.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PROGRAM_TIMEOUT_S = 300

#: Catalog file -> (diagnosis kind, text of the line it must point at): the cliff of its ``baseline``.
CATALOG = {
    "at_set_recurrence.py": ("unrolled-loop", "trajectory = trajectory.at[i].set(h)"),
    "diag_of_matmul.py": ("diag-of-matmul", "jnp.diag(ys[0].T @ y)"),
    "linear_recurrence.py": ("unrolled-loop", "x = a * x + b * u"),
    "per_example_grads.py": ("unrolled-loop", "squared_norm(jax.grad(loss)(params, x, y))"),
    "per_sample_map.py": ("unrolled-loop", "mlp(params, x[None]) for x in xs"),
    "sum_with_closure.py": ("unrolled-loop", "sum(rho(xi) for xi in x)"),
    "touching_large_array.py": ("dense-table-gradient", "scaled[index]"),
    "view_slicing_loop.py": ("unrolled-loop", "jnp.dot(y1[:, b], y[:, b])"),
    "scatter_loop.py": ("unrolled-loop", "out = out.at[idx[i]].set(v[i] * scale)"),
}
CLIFF = re.compile(r"#\s*cliff:\s*([\w-]+)")
CACHE = Path(os.environ.get("GRADADVISOR_AGREEMENT_CACHE", Path.home() / ".cache" / "gradadvisor" / "agreement"))
#: pytest's summary line ends with the run's duration: the one part of its output that differs.
PYTEST_TIME = re.compile(r" in \d+(\.\d+)?s( \([0-9:]+\))?")


def unpacked(wheel: str) -> Path | str:
    """The unpacked wheel ``NAME==VERSION`` (downloaded on first use), or why it is not there."""
    name, _, version = wheel.partition("==")
    folder = CACHE / f"{name}-{version}"
    if folder.is_dir():
        return folder
    download = CACHE / "wheels"
    download.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                           "-d", str(download), wheel], capture_output=True, text=True)
    files = sorted(download.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
    if done.returncode != 0 or not files:
        return f"pip download {wheel} failed"
    with zipfile.ZipFile(files[0]) as archive:
        archive.extractall(folder)
    return folder


def third_party() -> list[dict]:
    found = []
    for entry in tomllib.loads((HERE / "thirdparty.toml").read_text())["program"]:
        name = f"{entry['wheel']}:{entry['tests']}"
        missing = [m for m in entry.get("needs", []) if importlib.util.find_spec(m) is None]
        if missing:
            found.append({"name": name, "skip": f"needs {', '.join(missing)} installed"})
            continue
        folder = unpacked(entry["wheel"])
        if isinstance(folder, str):
            found.append({"name": name, "skip": folder})
            continue
        found.append({"name": name, "cwd": folder, "normalize": PYTEST_TIME, "cliffs": [],
                      "argv": ["-m", "pytest", entry["tests"], "-q", "-p", "no:cacheprovider"]})
    return found


def programs() -> list[dict]:
    found = []
    for path in sorted((ROOT / "patterns").glob("*.py")):
        cliffs = []
        if path.name in CATALOG:
            kind, text = CATALOG[path.name]
            lines = path.read_text().splitlines()
            start = next((i for i, t in enumerate(lines) if t.startswith("def baseline")), 0)
            line = next((i for i, t in enumerate(lines[start:], start + 1) if text in t), None)
            cliffs.append((str(path), line, kind))
        found.append({"name": f"patterns/{path.name}", "argv": [str(HERE / "drive_bench.py"), str(path)],
                      "cliffs": cliffs})
    for path in sorted((ROOT / "tests" / "bench_cases").glob("*.py")):
        found.append({"name": f"bench_cases/{path.name}", "argv": [str(HERE / "drive_bench.py"), str(path)],
                      "cliffs": []})
    for path in sorted((HERE / "programs").glob("*.py")):
        cliffs = [(str(path), i, m.group(1)) for i, t in enumerate(path.read_text().splitlines(), 1)
                  if (m := CLIFF.search(t))]
        found.append({"name": f"programs/{path.name}", "argv": [str(path)], "cliffs": cliffs})
    return found + third_party()


def _env() -> dict[str, str]:
    env = dict(os.environ, NO_COLOR="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def measure(program: dict) -> dict:
    if "skip" in program:
        return {"name": program["name"], "error": [f"skipped: {program['skip']}"]}
    env = _env()
    cwd = program.get("cwd", ROOT)
    if "cwd" in program:
        env["JAX_PLATFORMS"] = env.get("JAX_PLATFORMS", "cpu")
    plain = subprocess.run([sys.executable, *program["argv"]], cwd=cwd, env=env, capture_output=True, text=True,
                           timeout=PROGRAM_TIMEOUT_S, stdin=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "profile.json"
        start = time.monotonic()
        profiled = subprocess.run(
            [sys.executable, "-m", "gradadvisor", "profile", "--format", "json", "-o", str(out),
             "--timeout", str(PROGRAM_TIMEOUT_S), "--", "python", *program["argv"]],
            cwd=cwd, env=env, capture_output=True, text=True, timeout=PROGRAM_TIMEOUT_S + 120,
            stdin=subprocess.DEVNULL)
        wall = time.monotonic() - start
        if not out.exists():
            return {"name": program["name"], "error": profiled.stderr.strip().splitlines()[-1:] or ["no report"]}
        doc = json.loads(out.read_text())
    confirmation = doc.get("confirmation") or {}
    sites = {(d["path"], d["line"]) for d in doc["diagnoses"]}
    found = set()  # diagnosed lines a finding predicted: on its lines, or at the call of its helper
    for finding in confirmation.get("confirmed", []):
        found |= {(finding["path"], b["line"]) for b in finding["by"]}
        found |= {tuple(via.rsplit(":", 1)) for via in finding.get("via", [])}
    found = {(path, int(line)) for path, line in found}
    missed = sites - found
    diagnosed = {(os.path.realpath(Path(cwd) / d["path"]) if d["path"] else None, d["line"], d["kind"])
                 for d in doc["diagnoses"]}
    cliffs = [(path, line, kind) for path, line, kind in program["cliffs"]]
    hit = [c for c in cliffs if (os.path.realpath(c[0]), c[1], c[2]) in diagnosed]
    return {
        "name": program["name"],
        "same": (normalized(program, plain.stdout) == normalized(program, profiled.stdout)
                 and plain.returncode == profiled.returncode),
        "exit": profiled.returncode,
        "sites": len(sites),
        "by_scan": len(sites - missed),
        "missed": len(missed),
        "refuted": len(confirmation.get("unconfirmed", [])),
        "unreached": len(confirmation.get("not_reached", [])),
        "cliffs": len(cliffs),
        "cliffs_hit": len(hit),
        "cliffs_missed": [f"{Path(p).name}:{line} {kind}" for p, line, kind in cliffs if (p, line, kind) not in hit],
        "compile_s": round(sum(p["total_s"] or 0 for p in doc["programs"]), 2),
        "wall_s": round(wall, 1),
        "scan_error": confirmation.get("error"),
        "diagnoses": [f"{d['path']}:{d['line']} {d['kind']} {d['rule'] or ''}".strip() for d in doc["diagnoses"]],
        "confirmation": confirmation,
    }


def normalized(program: dict, text: str) -> str:
    pattern = program.get("normalize")
    return pattern.sub("", text) if pattern is not None else text


COLUMNS = ("same", "sites", "by_scan", "missed", "refuted", "unreached", "cliffs", "compile_s")


def print_table(rows: list[dict]) -> None:
    width = max(len(r["name"]) for r in rows) + 2
    print(f"{'program':<{width}}" + "".join(f"{c.replace('_', ' '):>11}" for c in COLUMNS))
    for r in rows:
        if "error" in r:
            print(f"{r['name']:<{width}}  profile failed: {r['error'][0]}")
            continue
        cells = {**r, "same": "yes" if r["same"] else "NO", "cliffs": f"{r['cliffs_hit']}/{r['cliffs']}"}
        print(f"{r['name']:<{width}}" + "".join(f"{cells[c]!s:>11}" for c in COLUMNS))
    ok = [r for r in rows if "error" not in r]
    totals = {c: sum(r[c] for r in ok) for c in ("sites", "by_scan", "missed", "refuted", "unreached")}
    totals["same"] = f"{sum(r['same'] for r in ok)}/{len(ok)}"
    totals["cliffs"] = f"{sum(r['cliffs_hit'] for r in ok)}/{sum(r['cliffs'] for r in ok)}"
    totals["compile_s"] = round(sum(r["compile_s"] for r in ok), 2)
    print(f"{'TOTAL':<{width}}" + "".join(f"{totals[c]!s:>11}" for c in COLUMNS))
    for r in ok:
        if r["cliffs_missed"]:
            print(f"  {r['name']}: cliff not diagnosed: {', '.join(r['cliffs_missed'])}")
        if r["scan_error"]:
            print(f"  {r['name']}: scan failed: {r['scan_error']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="run the programs whose name contains this text")
    parser.add_argument("--json", help="also write the rows (with every diagnosis) to this file")
    args = parser.parse_args()
    chosen = [p for p in programs() if not args.only or args.only in p["name"]]
    rows = []
    for program in chosen:
        print(f"... {program['name']}", file=sys.stderr, flush=True)
        rows.append(measure(program))
    print_table(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    bad = [r for r in rows if "error" in r or not r["same"] or r["cliffs_hit"] < r["cliffs"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
