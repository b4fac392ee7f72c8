#!/usr/bin/env python
"""Time and peak memory of `gradadvisor scan` on huge single files.

Generates each input in a temporary folder, scans it alone with
`python -m gradadvisor scan --format json --no-cache --jobs 1` (max-file-size raised
so nothing is skipped for size) and prints wall time, CPU time, the scan process's
peak resident memory, and what the scan reported.

    python benchmarks/huge_inputs.py                 # every input
    python benchmarks/huge_inputs.py --only list-1mb --timeout 300

Inputs:
  jax-200k-lines   200,000 lines of jitted JAX functions, one GA202 finding
  plain-200k-lines 200,000 lines of plain Python (no jax: not parsed)
  jax-4mb          a 4 MB JAX module (one GA202 finding)
  list-1mb         a 1 MB single-line list of numbers in a JAX module
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FINDING = "import jax\nimport jax.numpy as jnp\n\nd = jnp.diag(a.T @ b)\n"
JAX_BLOCK = "\n\n@jax.jit\ndef f{i}(a, b, x):\n    y = jnp.dot(a, b) + x * {i}\n    return jnp.sum(y ** 2)\n"  # 6 lines
PLAIN_BLOCK = "\n\ndef g{i}(a, b):\n    c = a + b * {i}\n    return c\n"  # 5 lines


def jax_lines(lines: int) -> str:
    return FINDING + "".join(JAX_BLOCK.format(i=i) for i in range((lines - 4) // 6))


def jax_bytes(size: int) -> str:
    parts, total, index = [FINDING], len(FINDING), 0
    while total < size:
        block = JAX_BLOCK.format(i=index)
        parts.append(block)
        total += len(block)
        index += 1
    return "".join(parts)


def plain_lines(lines: int) -> str:
    return "".join(PLAIN_BLOCK.format(i=i) for i in range(lines // 5))


def single_line_list(size: int) -> str:
    items, total, index = [], 0, 0
    while total < size:
        item = str(index)
        items.append(item)
        total += len(item) + 2
        index += 1
    return FINDING + "table = [" + ", ".join(items) + "]\n"


INPUTS = {
    "jax-200k-lines": lambda: jax_lines(200_000),
    "plain-200k-lines": lambda: plain_lines(200_000),
    "jax-4mb": lambda: jax_bytes(4_000_000),
    "list-1mb": lambda: single_line_list(1_000_000),
}


def measure(name: str, text: str, timeout: float, memory_limit: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="gradadvisor-huge-") as folder:
        root = Path(folder)
        (root / "pyproject.toml").write_text("[tool.gradadvisor]\nmax-file-size = 67108864\n")
        path = root / f"{name.replace('-', '_')}.py"
        path.write_text(text)
        command = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--no-cache", "--jobs", "1", path.name]

        def limit() -> None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

        env = {key: value for key, value in os.environ.items() if not key.startswith("GRADADVISOR_")}
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limit)
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            return {"input": name, "bytes": len(text.encode()), "lines": text.count("\n") + 1, "result": f"timeout after {timeout:.0f} s"}
        wall = time.perf_counter() - start
        # os.wait4 is gone once communicate() reaped the child; the children's rusage holds its peak.
        import resource

        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        row = {
            "input": name,
            "bytes": len(text.encode()),
            "lines": text.count("\n") + 1,
            "exit": process.returncode,
            "wall_s": round(wall, 2),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "peak_rss_mib": round(usage.ru_maxrss / 1024, 1),
        }
        try:
            report = json.loads(stdout)
            row["findings"] = len(report["findings"])
            row["diagnostics"] = [f"{e['kind']}: {e['message'][:120]}" for e in report["errors"]]
        except ValueError:
            row["result"] = f"no JSON; stderr: {stderr.decode(errors='replace')[-300:]}"
        return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help=f"comma-separated inputs: {', '.join(INPUTS)}")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per scan (default 600)")
    parser.add_argument("--memory-limit-gib", type=float, default=8.0, help="address-space limit of the scan (default 8)")
    args = parser.parse_args()
    names = [name.strip() for name in args.only.split(",") if name.strip()] or list(INPUTS)
    for name in names:
        # One measuring process per input, so that the children's peak memory is this scan's alone.
        if len(names) > 1:
            subprocess.run([sys.executable, __file__, "--only", name, "--timeout", str(args.timeout), "--memory-limit-gib", str(args.memory_limit_gib)], check=False)
            continue
        row = measure(name, INPUTS[name](), args.timeout, int(args.memory_limit_gib * 1024**3))
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
