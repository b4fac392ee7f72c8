"""Print the README's pattern table (markdown) from ``gradadvisor bench patterns/``.

    python benchmarks/patterns_table.py               # runs the catalog (a few minutes)
    python benchmarks/patterns_table.py --from r.json # formats a saved --save file

The cells are the ones of the bench summary table: speedups are medians of
interleaved baseline/candidate ratios, with the lowest and highest ratio in
parentheses; "compile" is the gradient's compile time ratio.
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

HEADER = ["pattern", "match", "forward", "gradient", "compile", "candidate grad/fwd"]


def run_catalog(extra: list[str]) -> dict:
    """Run bench on patterns/ and return its JSON document."""
    command = [sys.executable, "-m", "gradadvisor", "bench", str(ROOT / "patterns"),
               "--format", "json", *extra]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if not completed.stdout.strip():
        sys.exit(f"bench produced no JSON (exit {completed.returncode}):\n{completed.stderr}")
    return json.loads(completed.stdout)


def markdown(document: dict) -> str:
    """The table, with the device and jax version it was measured on."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for bench in document["benches"]:
        lines.append("| " + " | ".join(summary_row(bench)) + " |")
    lines.append("")
    lines.append(f"Measured on {document.get('device')} with jax {document.get('jax_version')}.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", help="a JSON file written by bench --save")
    args, extra = parser.parse_known_args()
    document = json.loads(Path(args.source).read_text()) if args.source else run_catalog(extra)
    print(markdown(document))


if __name__ == "__main__":
    main()
