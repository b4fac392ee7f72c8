"""The scanner against hostile files (see fuzz_inputs.py and fuzz_harness.py).

Two parts: fixed cases at the edges of each kind (CPython's limits: 200 nested
brackets, 100 nested blocks; 1,000 and 10,000 terms; a 700 KB line); then a short
time-budgeted random run
(``GRADADVISOR_FUZZ_SECONDS``, default 5; ``GRADADVISOR_FUZZ_SEED``, default 0) over
every kind. ``benchmarks/fuzz.py`` runs the same rounds for as long as
you like.
"""

from __future__ import annotations

import os
import random
import time

import pytest

from fuzz_harness import scan_one, scan_together
from fuzz_inputs import GENERATORS

#: Edge cases that pass today, each (kind, seed).
PASSING = [
    ("deep-brackets", 7),  # 199 nested parentheses (CPython accepts 200)
    ("long-elif", 0),  # if + 999 elif branches
    ("long-elif", 3),  # if + 4,999 elif branches
    ("nested-conditional-expressions", 3),  # 500 nested conditional expressions
    ("long-sum", 3),  # a 1,000-term sum
    ("long-sum", 18),  # a 10,000-term `a0 and a1 and ...` (crashed libcst's native parser)
    ("long-call-chain", 0),  # a chain of 1,000 attribute accesses
    ("long-single-line-list", 0),  # a 689 KB single-line list of 100,000 numbers
    ("deep-brackets", 9),  # 50 nested brackets
    ("deep-brackets", 8),  # 201: CPython's syntax error
    ("deep-brackets", 5),  # 20,000
    ("nested-blocks", 51),  # 99 nested defs
    ("nested-blocks", 70),  # 101: CPython's "too many levels of indentation"
    ("long-elif", 9),  # 100 elif branches
    ("nested-conditional-expressions", 2),  # 3,000: too deep for CPython, skipped
    ("long-sum", 0),  # 10,000 terms: too deep for CPython, skipped
    ("long-call-chain", 5),  # 10,000 attribute accesses
    ("long-single-line-list", 1),  # 10,000 items on one line
]
#: The random run draws from every kind.
RANDOM_KINDS = sorted(GENERATORS)


def _run(kind: str, seed: int, tmp_path):
    [fuzz_file] = GENERATORS[kind](random.Random(f"{kind}:{seed}"))
    return scan_one(tmp_path / f"{kind}-{seed}", fuzz_file)


def _cases():
    for kind, seed in PASSING:
        yield pytest.param(kind, seed, id=f"{kind}:{seed}")


@pytest.mark.parametrize("kind, seed", list(_cases()))
def test_edge_case(kind, seed, tmp_path):
    outcome = _run(kind, seed, tmp_path)
    assert outcome.ok, f"{outcome.fuzz_file.name} ({outcome.fuzz_file.kind}): {outcome.problems}"


def test_every_odd_encoding(tmp_path):
    """Each encoding case once (the generator draws one of them per round)."""
    seen: dict[str, object] = {}
    for seed in range(200):
        [fuzz_file] = GENERATORS["odd-encodings"](random.Random(f"odd-encodings:{seed}"))
        seen.setdefault(fuzz_file.name, fuzz_file)
    assert len(seen) == 13
    outcomes = scan_together(tmp_path / "encodings", list(seen.values()))  # one scan: they are small
    assert {outcome.fuzz_file.name: outcome.problems for outcome in outcomes if not outcome.ok} == {}


def test_random_rounds_for_a_few_seconds(tmp_path):
    budget = float(os.environ.get("GRADADVISOR_FUZZ_SECONDS", "5"))
    seed = int(os.environ.get("GRADADVISOR_FUZZ_SEED", "0"))
    deadline = time.monotonic() + budget
    failures, rounds = {}, 0
    while rounds == 0 or time.monotonic() < deadline:
        kind = RANDOM_KINDS[rounds % len(RANDOM_KINDS)]
        round_seed = seed + rounds // len(RANDOM_KINDS)
        outcome = _run(kind, round_seed, tmp_path)
        if not outcome.ok:
            failures[f"{kind}:{round_seed} ({outcome.fuzz_file.name})"] = outcome.problems
        rounds += 1
    assert failures == {}, f"replay with: python benchmarks/fuzz.py --case KIND:SEED ({rounds} rounds)"
