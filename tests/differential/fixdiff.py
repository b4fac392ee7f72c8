"""Differential testing of fixes: run a program before and after ``--fix``, compare.

A *program* is a small module source defining ``f`` and the arguments to call it
with. ``check`` scans it, applies the **safe** fixes only (what ``--fix`` does), and
when the text changed, runs both versions under jax on the CPU and compares:

- whether they raise (both, or neither);
- their values, leaf by leaf, with a tolerance that depends on the dtype;
- their gradients with respect to the float arguments (of the sum of the output).

A safe fix that changes any of these is a failure: "safe" must mean "computes the
same thing". Unsafe fixes are counted, not applied. ``Tally`` keeps the counts per
rule that the suite prints at the end (programs tried, safe fixes applied, fixes
marked unsafe, failures).
"""

from __future__ import annotations

import itertools
import math
import textwrap
import traceback
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from gradadvisor.engine.runner import check_text
from gradadvisor.fixes.apply import apply_fix_rounds
from gradadvisor.rules import rule_by_code

#: Relative tolerances per dtype (of the largest magnitude in the compared leaf).
TOLERANCE = {"float64": 1e-9, "float32": 2e-5, "float16": 2e-2, "bfloat16": 5e-2, "complex64": 2e-5, "complex128": 1e-9}


@dataclass
class Program:
    """A module defining ``f``; ``args`` builds the arguments (called with jax.numpy, numpy)."""

    source: str
    args: object  # callable (jnp, np) -> tuple
    description: str = ""
    #: Differentiate with respect to these positional arguments (float arrays only).
    argnums: tuple[int, ...] = (0,)
    #: State the caller: the scanned source gets a call of ``f`` with arguments of the very
    #: shapes and dtypes the harness passes (``with_call_site``), as a project's callers would.
    stated_caller: bool = False


@dataclass
class Outcome:
    kind: str  # "no-finding" | "no-fix" | "unsafe" | "safe-applied"
    ok: bool = True
    detail: str = ""
    fixed_source: str = ""


@dataclass
class Tally:
    tried: int = 0
    applied: int = 0
    unsafe: int = 0
    no_fix: int = 0
    failures: list[str] = field(default_factory=list)


TALLIES: dict[str, Tally] = defaultdict(Tally)


def with_call_site(source: str, program: Program) -> str:
    """``source`` and, under ``if __name__ == "__main__":`` (never run here), a call of ``f``
    with arrays of the shapes and dtypes ``program.args`` gives: the program's only caller,
    stated, so that the scanner can prove preconditions from it (and only truthfully)."""
    import jax.numpy as jnp

    parts = []
    for arg in program.args(jnp, np):
        if isinstance(arg, np.ndarray):
            parts.append(f"numpy.zeros({tuple(arg.shape)!r}, dtype='{arg.dtype}')")
        elif hasattr(arg, "shape") and hasattr(arg, "dtype"):
            parts.append(f"jax.numpy.zeros({tuple(arg.shape)!r}, dtype='{arg.dtype}')")
        else:
            parts.append(repr(arg))
    call = f"f({', '.join(parts)})"
    return f"{source.rstrip()}\n\n\nif __name__ == '__main__':\n    import jax.numpy\n    import numpy\n\n    {call}\n"


def fix_safe(source: str, code: str) -> tuple[str, list]:
    """``source`` after applying the safe fixes of rule ``code`` (as ``--fix`` would), and the findings."""
    rule = rule_by_code(code)
    checked = check_text("program.py", source, [rule])
    findings = [finding for finding in checked.findings if finding.code == code]
    outcome = apply_fix_rounds(
        source,
        findings,
        rescan=lambda text: [f for f in check_text("program.py", text, [rule]).findings if f.code == code],
        applies=lambda fix: fix.applicability == "safe",
    )
    return outcome.text, findings


def _execute(source: str, program: Program):
    """Run ``f`` from ``source``: (value, gradients) or the exception it raised."""
    import jax
    import jax.numpy as jnp

    namespace: dict = {"__name__": "program"}
    try:
        exec(compile(source, "program.py", "exec"), namespace)  # noqa: S102 - the test's own programs
        args = program.args(jnp, np)
        value = namespace["f"](*args)
        grads = None
        differentiable = [i for i in program.argnums if i < len(args) and _is_float(args[i])]
        if differentiable:
            def scalar(*a):
                out = namespace["f"](*a)
                leaves = jax.tree_util.tree_leaves(out)
                return sum(jnp.sum(jnp.real(leaf)).astype(jnp.float32) for leaf in leaves)

            grads = jax.grad(scalar, argnums=tuple(differentiable))(*args)
        return ("ok", value, grads)
    except Exception as error:  # noqa: BLE001 - compared, not raised
        return ("raised", type(error).__name__, "".join(traceback.format_exception_only(type(error), error)).strip())


def _is_float(value) -> bool:
    dtype = getattr(value, "dtype", None)
    return dtype is not None and np.issubdtype(np.dtype(str(dtype)) if str(dtype) != "bfloat16" else np.float32, np.floating)


def _compare(left, right, what: str) -> str | None:
    import jax

    left_leaves, left_tree = jax.tree_util.tree_flatten(left)
    right_leaves, right_tree = jax.tree_util.tree_flatten(right)
    if len(left_leaves) != len(right_leaves):
        return f"{what}: different structure ({left_tree} vs {right_tree})"
    for a, b in zip(left_leaves, right_leaves):
        a_arr, b_arr = np.asarray(a), np.asarray(b)
        if a_arr.shape != b_arr.shape:
            return f"{what}: shape {a_arr.shape} became {b_arr.shape}"
        dtype = str(getattr(a, "dtype", a_arr.dtype))
        if str(getattr(b, "dtype", b_arr.dtype)) != dtype and not (isinstance(a, (int, float)) or isinstance(b, (int, float))):
            return f"{what}: dtype {dtype} became {getattr(b, 'dtype', b_arr.dtype)}"
        if a_arr.dtype.kind in "biu" and b_arr.dtype.kind in "biu":
            if not np.array_equal(a_arr, b_arr):
                return f"{what}: {a_arr!r} became {b_arr!r}"
            continue
        a64 = a_arr.astype(np.complex128 if a_arr.dtype.kind == "c" else np.float64)
        b64 = b_arr.astype(np.complex128 if b_arr.dtype.kind == "c" else np.float64)
        if not np.array_equal(np.isnan(a64), np.isnan(b64)):
            return f"{what}: NaNs differ"
        finite = np.isfinite(a64) & np.isfinite(b64)
        if not np.array_equal(np.isfinite(a64), np.isfinite(b64)) or not np.array_equal(a64[~finite & ~np.isnan(a64)], b64[~finite & ~np.isnan(b64)]):
            return f"{what}: infinities differ"
        scale = float(np.max(np.abs(a64[finite]), initial=0.0))
        tolerance = TOLERANCE.get(dtype, 2e-5) * max(scale, 1.0)
        error = float(np.max(np.abs(a64[finite] - b64[finite]), initial=0.0))
        if error > tolerance:
            return f"{what}: differs by {error:.3g} (tolerance {tolerance:.3g})"
    return None


def check(program: Program, code: str) -> Outcome:
    """Scan, apply safe fixes, and compare the two programs. Records the outcome in ``TALLIES``."""
    tally = TALLIES[code]
    tally.tried += 1
    source = textwrap.dedent(program.source)
    if program.stated_caller:
        source = with_call_site(source, program)
    fixed, findings = fix_safe(source, code)
    if not findings:
        return Outcome("no-finding")
    if fixed == source:
        if any(f.fix is not None and f.fix.applicability == "unsafe" for f in findings):
            tally.unsafe += 1
            return Outcome("unsafe")
        tally.no_fix += 1
        return Outcome("no-fix")
    tally.applied += 1
    before = _execute(source, program)
    after = _execute(fixed, program)
    problem = None
    if before[0] != after[0]:
        problem = f"original {'raised ' + before[2] if before[0] == 'raised' else 'ran'}, fixed {'raised ' + after[2] if after[0] == 'raised' else 'ran'}"
    elif before[0] == "ok":
        problem = _compare(before[1], after[1], "value") or (_compare(before[2], after[2], "gradient") if before[2] is not None else None)
    if problem is not None:
        detail = f"{program.description}: {problem}\n--- original\n{source}--- fixed\n{fixed}"
        tally.failures.append(detail)
        return Outcome("safe-applied", False, detail, fixed)
    return Outcome("safe-applied", True, "", fixed)


def grid(**axes):
    """Every combination of the given axes, as dicts (``grid(a=[1, 2], b="xy")``)."""
    keys = list(axes)
    for values in itertools.product(*(axes[key] for key in keys)):
        yield dict(zip(keys, values))


def summary_lines() -> list[str]:
    lines = []
    for code, tally in sorted(TALLIES.items()):
        lines.append(
            f"{code}: {tally.tried} programs, {tally.applied} safe fixes applied and compared, "
            f"{tally.unsafe} fixes marked unsafe, {tally.no_fix} findings without a fix, {len(tally.failures)} failures"
        )
    return lines


def finite_or_nan(x: float) -> bool:
    return math.isfinite(x) or math.isnan(x)
