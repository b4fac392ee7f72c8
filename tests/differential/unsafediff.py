"""Differential testing of unsafe fixes: what ``--fix --unsafe-fixes`` does, on programs that
satisfy the preconditions each fix states it could not prove.

An unsafe fix lists what it could not prove (``Fix.unproven``). On a program that satisfies
every item of that list, the fix must keep the program's meaning just as a safe fix must. A
*case* is a program together with the preconditions it satisfies by construction (phrases
matched against the unproven items: "`x` is a jax array", "is not empty", ...). ``check``
scans it, applies in rounds every fix whose unproven items are all satisfied (safe fixes
included), and runs both versions under jax (``fixdiff``): raising behaviour, values and
their dtypes, and gradients must agree. A fix with an unproven item the case does not
satisfy is not applied and counted as *outside* (the program does not meet its stated
preconditions, so it may change the meaning: that is what the list warns of).

``TALLIES`` keeps the counts per rule that the suite prints at the end.
"""

from __future__ import annotations

import textwrap
from collections import defaultdict
from dataclasses import dataclass, field

from fixdiff import Program, _compare, _execute

from gradadvisor.engine.runner import check_text
from gradadvisor.fixes.apply import apply_fix_rounds, parses
from gradadvisor.rules import rule_by_code


@dataclass
class Tally:
    programs: int = 0
    #: Programs changed by the fixes, compared under jax.
    compared: int = 0
    applied_safe: int = 0
    applied_unsafe: int = 0
    #: Fixes not applied: an unproven item the program does not satisfy.
    outside: int = 0
    failures: list[str] = field(default_factory=list)


TALLIES: dict[str, Tally] = defaultdict(Tally)


@dataclass
class Outcome:
    ok: bool
    applied_safe: int = 0
    applied_unsafe: int = 0
    outside: list[tuple[str, ...]] = field(default_factory=list)
    detail: str = ""
    fixed_source: str = ""

    @property
    def applied(self) -> int:
        return self.applied_safe + self.applied_unsafe


def satisfied(unproven: tuple[str, ...], phrases: tuple[str, ...]) -> bool:
    """Every unproven item names a precondition the program satisfies."""
    return all(any(phrase in item for phrase in phrases) for item in unproven)


def check(program: Program, code: str, phrases: tuple[str, ...]) -> Outcome:
    """Apply rule ``code``'s fixes whose unproven items ``phrases`` all satisfy, and compare."""
    tally = TALLIES[code]
    tally.programs += 1
    rule = rule_by_code(code)
    source = textwrap.dedent(program.source)

    def scan(text: str) -> list:
        return [finding for finding in check_text("program.py", text, [rule]).findings if finding.code == code]

    chosen: dict[tuple, str] = {}
    outside: list[tuple[str, ...]] = []

    def applies(fix) -> bool:  # noqa: ANN001
        if satisfied(fix.unproven, phrases):
            chosen[tuple(fix.edits)] = fix.applicability
            return True
        outside.append(fix.unproven)
        return False

    result = apply_fix_rounds(source, scan(source), rescan=scan, applies=applies)
    # Fixes wait for a later round only when they overlap, and are then seen again: the
    # distinct unsafe fixes accepted bound the unsafe ones applied.
    applied_unsafe = min(sum(kind == "unsafe" for kind in chosen.values()), result.applied)
    outcome = Outcome(True, result.applied - applied_unsafe, applied_unsafe, list(dict.fromkeys(outside)), fixed_source=result.text)
    tally.applied_safe += outcome.applied_safe
    tally.applied_unsafe += outcome.applied_unsafe
    tally.outside += len(outcome.outside)
    problem = None
    if result.errors:
        problem = f"fix errors: {result.errors}"
    elif result.text != source:
        tally.compared += 1
        if not parses(result.text):
            problem = "the fixed program does not parse"
        else:
            before = _execute(source, program)
            after = _execute(result.text, program)
            if before[0] != after[0]:
                problem = f"original {'raised ' + before[2] if before[0] == 'raised' else 'ran'}, fixed {'raised ' + after[2] if after[0] == 'raised' else 'ran'}"
            elif before[0] == "ok":
                problem = _compare(before[1], after[1], "value") or (_compare(before[2], after[2], "gradient") if before[2] is not None else None)
    if problem is not None:
        outcome.ok = False
        outcome.detail = f"{program.description}: {problem}\n--- original\n{source}--- fixed\n{result.text}"
        tally.failures.append(outcome.detail)
    return outcome


def summary_lines() -> list[str]:
    return [
        f"{code} (--unsafe-fixes): {tally.programs} programs, {tally.compared} changed and compared, "
        f"{tally.applied_unsafe} unsafe and {tally.applied_safe} safe fixes applied, "
        f"{tally.outside} fixes outside the programs' preconditions (not applied), {len(tally.failures)} failures"
        for code, tally in sorted(TALLIES.items())
    ]
