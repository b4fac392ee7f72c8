#!/usr/bin/env python
"""Fuzz `gradadvisor scan` with hostile files for a time budget.

Each round generates one file of one kind (deep nesting, 10,000-term expressions,
megabyte single-line lists, random bytes, truncated / mutated / concatenated standard
library modules, odd encodings: see tests/fuzz/fuzz_inputs.py), scans it next to two
normal files through the real command in a subprocess, and checks what must always
hold (tests/fuzz/fuzz_harness.py): exit 0 with --exit-zero (never 2, never a crash),
valid JSON, the normal files' findings, a diagnostic where one is due, no false alarm,
and the time bound.

    python benchmarks/fuzz.py --seconds 60 --seed 1
    python benchmarks/fuzz.py --seconds 300 --kinds long-sum,deep-brackets
    python benchmarks/fuzz.py --case long-sum:7 --keep /tmp/fuzz   # replay one round, keep its files

Every round's seed is printed (``KIND:SEED``) so a failure can be replayed with --case.
Exit code: 0 when every round passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "fuzz"))

from fuzz_harness import DEFAULT_TIME_BOUND_S, Outcome, scan_one  # noqa: E402
from fuzz_inputs import GENERATORS  # noqa: E402


def run_round(kind: str, seed: int, workdir: Path, time_bound: float) -> Outcome:
    [fuzz_file] = GENERATORS[kind](random.Random(f"{kind}:{seed}"))
    return scan_one(workdir / f"{kind}-{seed}", fuzz_file, time_bound)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="time budget (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="first round's seed (default 0)")
    parser.add_argument("--kinds", default="", help=f"comma-separated kinds (default all): {', '.join(GENERATORS)}")
    parser.add_argument("--case", action="append", default=[], metavar="KIND:SEED", help="replay these rounds only")
    parser.add_argument("--time-bound", type=float, default=DEFAULT_TIME_BOUND_S, help="seconds one scan may take")
    parser.add_argument("--keep", type=Path, default=None, help="write the rounds' folders here (default: a temporary folder)")
    args = parser.parse_args()

    kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()] or list(GENERATORS)
    unknown = sorted(set(kinds) - set(GENERATORS))
    if unknown:
        parser.error(f"unknown kinds: {', '.join(unknown)}")
    if args.case:
        rounds = [(case.rpartition(":")[0], int(case.rpartition(":")[2])) for case in args.case]
    else:
        rounds = None

    with tempfile.TemporaryDirectory(prefix="gradadvisor-fuzz-") as temporary:
        workdir = args.keep or Path(temporary)
        workdir.mkdir(parents=True, exist_ok=True)
        outcomes: list[tuple[str, int, Outcome]] = []
        deadline = time.monotonic() + args.seconds
        index = 0
        while (rounds is not None and index < len(rounds)) or (rounds is None and time.monotonic() < deadline):
            kind, seed = rounds[index] if rounds is not None else (kinds[index % len(kinds)], args.seed + index // len(kinds))
            index += 1
            outcome = run_round(kind, seed, workdir, args.time_bound)
            outcomes.append((kind, seed, outcome))
            status = "ok" if outcome.ok else "FAIL"
            diagnostics = ", ".join(sorted({d["kind"] for d in outcome.diagnostics})) or "-"
            print(
                f"{status:4} {kind}:{seed:<5} {outcome.fuzz_file.name:32} {len(outcome.fuzz_file.data):>9,} B "
                f"{outcome.seconds:6.2f} s  cpython={outcome.fuzz_file.cpython:6} diagnostic={diagnostics}",
                flush=True,
            )
            for problem in outcome.problems:
                print(f"       {problem}", flush=True)

    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    for kind, _, outcome in outcomes:
        by_kind[kind].append(outcome)
    print(f"\n{'kind':32} {'rounds':>6} {'failed':>6} {'max s':>7}")
    for kind, items in by_kind.items():
        print(f"{kind:32} {len(items):6} {sum(not o.ok for o in items):6} {max(o.seconds for o in items):7.2f}")
    failed = [f"{kind}:{seed}" for kind, seed, outcome in outcomes if not outcome.ok]
    print(f"\n{len(outcomes)} rounds, {len(failed)} failed" + (f": replay with --case {' --case '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
