"""Print the README's pattern table (markdown) from ``gradadvisor bench patterns/``.

    python benchmarks/patterns_table.py               # runs the catalog (a few minutes)
    python benchmarks/patterns_table.py --from r.json # formats a saved --save file

The cells are the ones of the bench summary table: speedups are medians of
interleaved baseline/candidate ratios, with the lowest and highest ratio in
parentheses; "compile" is the gradient's compile time ratio. The last column
adds XLA's flop count of the candidate's value_and_grad over its forward's,
the noise-free counterpart of the measured gradient/forward ratio.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gradadvisor.bench.report import summary_row  # noqa: E402

HEADER = ["pattern", "match", "forward", "gradient", "compile", "candidate grad/fwd",
          "candidate grad/fwd flops (XLA)"]


def run_catalog(extra: list[str]) -> dict:
    """Run bench on patterns/ and return its JSON document."""
    command = [sys.executable, "-m", "gradadvisor", "bench", str(ROOT / "patterns"),
               "--format", "json", *extra]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if not completed.stdout.strip():
        sys.exit(f"bench produced no JSON (exit {completed.returncode}):\n{completed.stderr}")
    return json.loads(completed.stdout)


def flop_ratio(bench: dict) -> str:
    """XLA's flop count of the candidate's value_and_grad over its forward's."""
    flops = ((bench.get("runs") or [{}])[-1].get("candidate") or {}).get("flops") or {}
    if not flops.get("forward") or flops.get("grad") is None:
        return "n/a"
    return f"{flops['grad'] / flops['forward']:.2f}x"


def markdown(document: dict) -> str:
    """The table, with the device and jax version it was measured on."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for bench in document["benches"]:
        lines.append("| " + " | ".join(summary_row(bench) + [flop_ratio(bench)]) + " |")
    lines.append("")
    load = document.get("load_average_at_start")
    lines.append(f"Measured on {document.get('device')} with jax {document.get('jax_version')}"
                 + (f", load average {load:.1f} at start." if load is not None else "."))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", help="a JSON file written by bench --save")
    args, extra = parser.parse_known_args()
    document = json.loads(Path(args.source).read_text()) if args.source else run_catalog(extra)
    print(markdown(document))


if __name__ == "__main__":
    main()
