"""Diagnoses: the slow-gradient shapes a trace shows, each tied to a line and a rule.

- ``unrolled-loop``: the line's equation count grows with the size (a Python
  loop unrolled into the program). Rule: the scanner's loop finding at that
  line when there is one, else read from the primitives (see ``loop_rule``).
- ``slice-backward``: the backward fills a zero array and writes a small part
  of it (``pad``, ``dynamic_update_slice`` or ``scatter-add`` into zeros: the
  transpose of a slice or lookup), more times as the size grows. Rule: the
  scanner's finding at that line, else GA201 when the slices feed dot
  products, else the loop's rule (an array iterated element by element).
- ``dense-table-gradient``: once per call, the backward fills a zero array
  the shape of a big input that is not differentiated (it grows with the
  size, or is big) and writes a small part of it, where the forward reads
  only that part: the gradient pays for the whole array, the forward does not.
  (The gradient of a differentiated input is dense by definition: not flagged.)
- ``captured-constant``: the line embeds closed-over arrays of at least
  ``CAPTURED_CONSTANT_BYTES`` as constants of the program. GA401.
- ``diag-of-matmul``: the line takes the diagonal of a square matrix product. GA202.
- ``cheap-gradient``: the gradient program has more than ``CHEAP_GRADIENT_RATIO``
  times the forward's equations (or, with ``--cost``, XLA's flops); tied to
  the line adding the most backward equations.

The thresholds are the constants below; false alarms cost more than misses,
so a loop must add equations with the size, not merely have many.

At one size (``profile`` sees each program as the run built it),
``diagnose_one_size`` adds the criteria a single program can show:
``unrolled-loop`` when a line's equations are many copies of one body (each
primitive counted a multiple of the copies, and the copies match a dimension
of the program's inputs or are many), and ``slice-backward`` when a line fills
many zero arrays of one shape and writes a small part of each.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

# Embedded constant bytes from which a line is diagnosed: GA401's threshold (one measured constant,
# defined next to the scanner's capture analysis so that the scan path never imports jax).
from gradadvisor.analysis.captures import CAPTURED_CONSTANT_BYTES
from gradadvisor.trace.lines import FunctionTrace, LineRow, growth, source_line

#: A line "grows with the size" from this exponent of its equation count ...
GROWTH_EXPONENT = 0.5
#: ... when it also gains at least this many equations between the smallest and largest size.
GROWTH_MIN_NEW_EQNS = 4
#: A gradient program this many times its forward's equations (or flops) is not a cheap gradient.
CHEAP_GRADIENT_RATIO = 5.0
#: ... and it must add at least this many equations, so a tiny function is not judged by a ratio.
CHEAP_GRADIENT_MIN_EXTRA_EQNS = 20
#: A zero-filled input-shaped array is "dense" when at most 1/this of it is written.
DENSE_TABLE_WRITE_RATIO = 8
#: ... and it is big from this many bytes when a single size cannot show it grow.
DENSE_TABLE_MIN_BYTES = 1024 * 1024
#: A diagonal of an m x m product from this m.
DIAGONAL_MIN_SIDE = 4

#: One size: a line whose equations are at least this many copies of one body is an unrolled loop ...
REPEAT_MIN = 8
#: ... when the primitives counted k times the copies (give or take k) make up this share ...
REPEAT_SHARE = 0.75
#: ... and the copies match a dimension of the program's inputs, or are at least this many.
REPEAT_MIN_UNSIZED = 32
#: One size: a line filling at least this many zero arrays of one shape, writing at most
#: 1/ZERO_FILL_WRITE_RATIO of each (a slice per iteration; not the halves of an associative scan).
ZERO_FILLS_MIN = 8
ZERO_FILL_WRITE_RATIO = 8

LOOP_RULES = ("GA101", "GA102", "GA103", "GA201", "GA301", "GA302")
#: The diagnosis kinds that confirm a finding of each rule.
RULE_KINDS: dict[str, frozenset[str]] = {
    "GA101": frozenset({"unrolled-loop", "slice-backward"}),
    "GA102": frozenset({"unrolled-loop"}),
    "GA103": frozenset({"unrolled-loop", "slice-backward"}),
    "GA201": frozenset({"unrolled-loop", "slice-backward"}),
    "GA202": frozenset({"diag-of-matmul", "slice-backward"}),
    "GA301": frozenset({"unrolled-loop", "slice-backward"}),
    "GA302": frozenset({"unrolled-loop", "slice-backward"}),
    "GA401": frozenset({"captured-constant", "dense-table-gradient"}),
}

_BUILTIN_SUM = re.compile(r"(?<![\w.])sum\(")
_ACCUMULATION = re.compile(r"(\w+)\s*(\+=|=\s*\1\s*\+)")


@dataclass
class Diagnosis:
    kind: str
    path: str | None
    line: int | None
    rule: str | None
    evidence: str
    function: str = ""
    details: dict = field(default_factory=dict)

    def to_dict(self, display) -> dict:
        return {"kind": self.kind, "path": display(self.path), "line": self.line, "rule": self.rule,
                "evidence": self.evidence}


@dataclass(frozen=True)
class Finding:
    """A scanner finding, with its path resolved."""

    code: str
    path: str
    line: int
    end_line: int
    message: str = ""

    def covers(self, path: str | None, line: int | None) -> bool:
        return path == self.path and line is not None and self.line <= line <= max(self.end_line, self.line)


def _fmt_bytes(n: float) -> str:
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{int(n)} B"


def _top(primitives: dict[str, int], n: int = 3) -> str:
    return ", ".join(f"{name} x{count}" for name, count in list(primitives.items())[:n])


def _finding_rule(row: LineRow, findings: list[Finding], kind: str) -> str | None:
    for finding in findings:
        if finding.covers(row.path, row.line) and kind in RULE_KINDS.get(finding.code, ()):
            return finding.code
    return None


def loop_rule(row: LineRow, findings: list[Finding]) -> str:
    """The rule of an unrolled loop: the scanner's at this line, else from the primitives.

    A gradient taken inside the loop: GA102; ``dynamic_update_slice``/``scatter``
    in the forward (``.at[i].set``): GA103; dot products whose backward pads
    (slices contracted): GA201; builtin ``sum(`` on the line or on a growing
    line of its stack: GA301; ``acc += ...``: GA302; otherwise a function
    applied per element: GA101.
    """
    for finding in findings:
        if finding.covers(row.path, row.line) and finding.code in LOOP_RULES:
            return finding.code
    forward = row.forward_primitives
    largest = max(row.eqns, key=lambda s: -1 if s is None else s, default=None)
    if row.inner_gradient_eqns * 4 >= max(row.at(largest), 1):
        return "GA102"  # a gradient taken per iteration
    if forward.get("dynamic_update_slice", 0) + forward.get("scatter", 0) >= 2:
        return "GA103"  # .at[i].set writes in the loop
    if forward.get("dot_general") and any(z["primitive"] == "pad" for zs in row.zero_fills.values() for z in zs):
        return "GA201"  # dot products of slices whose backward pads
    sources = [row.source] + [source_line(f["path"], f["line"]) for f in row.stack
                              if f.get("growth") is not None and f["growth"] >= GROWTH_EXPONENT]
    if any(_BUILTIN_SUM.search(text) for text in sources):
        return "GA301"  # builtin sum() over an array, here or in a helper that grows
    if any(_ACCUMULATION.search(text) for text in sources):
        return "GA302"
    return "GA101"


def _grows(sizes: list, counts: dict, min_new: int) -> tuple[bool, float | None]:
    sized = [s for s in sizes if s is not None]
    if len(sized) < 2:
        return False, None
    k = growth(sized, counts)
    first, last = counts.get(sized[0], 0), counts.get(sized[-1], 0)
    return (k is not None and k >= GROWTH_EXPONENT and last - first >= min_new), k


def diagnose(fn: FunctionTrace, findings: list[Finding], use_cost: bool) -> list[Diagnosis]:
    """Every diagnosis of one traced function, in line order."""
    found: list[Diagnosis] = []
    sizes = fn.sizes
    sized = [s for s in sizes if s is not None]
    for row in fn.rows:
        if row.path is None:
            continue
        found += _unrolled_loop(row, sizes, sized, findings)
        found += _slice_backward(row, sizes, sized, findings)
        found += _dense_table(row, sizes, sized)
        found += _captured_constant(row)
        found += _diagonal_product(row)
    found += _cheap_gradient(fn, use_cost)
    for diagnosis in found:
        diagnosis.function = fn.name
    return sorted(found, key=lambda d: (d.path or "", d.line or 0, d.kind))


def _unrolled_loop(row: LineRow, sizes, sized, findings) -> list[Diagnosis]:
    grows, k = _grows(sizes, row.eqns, GROWTH_MIN_NEW_EQNS)
    if not grows:
        return []
    first, last = sized[0], sized[-1]
    evidence = (f"{row.at(first)} -> {row.at(last)} equations in the gradient from size {first} to "
                f"{last} (grows as size^{k:.2f}): a Python loop unrolled into the program; "
                f"mostly {_top(row.primitives)}")
    if row.inner_gradient_eqns:
        evidence += f"; {row.inner_gradient_eqns} equations come from a gradient taken inside the loop"
    inner = [f for f in row.stack if _grows(sizes, f.get("eqns_by_size", {}), GROWTH_MIN_NEW_EQNS)[0]]
    if inner:
        evidence += "; growing inside: " + ", ".join(
            f"{f['function']} line {f['line']}" for f in inner[:3])
    return [Diagnosis("unrolled-loop", row.path, row.line, loop_rule(row, findings), evidence,
                      details={"growth": k, "growing_frames": [(f["path"], f["line"]) for f in inner]})]


def _slice_backward(row: LineRow, sizes, sized, findings) -> list[Diagnosis]:
    grows, k = _grows(sizes, row.zero_fill_counts, 2)
    if not grows:
        return []
    last = sized[-1]
    fills = row.zero_fills.get(last, [])
    biggest = max(fills, key=lambda z: z["count"])
    shape = tuple(biggest["shape"])
    evidence = (f"the backward fills {row.zero_fill_counts.get(last, 0)} zero arrays at size {last} "
                f"(from {row.zero_fill_counts.get(sized[0], 0)} at size {sized[0]}), e.g. "
                f"{biggest['count']} x {biggest['primitive']} into a {shape} array of zeros, "
                f"writing {biggest['written']} element(s) each: the transpose of a slice or lookup, "
                f"once per iteration")
    rule = _finding_rule(row, findings, "slice-backward")
    if rule is None:  # dot products of slices: GA201; else the elements of an array iterated over
        rule = "GA201" if row.forward_primitives.get("dot_general") else loop_rule(row, findings)
    inner = [f for f in row.stack if _grows(sizes, f.get("zero_fills_by_size", f.get("eqns_by_size", {})), 2)[0]]
    return [Diagnosis("slice-backward", row.path, row.line, rule, evidence,
                      details={"growth": k, "growing_frames": [(f["path"], f["line"]) for f in inner]})]


def _dense_table(row: LineRow, sizes, sized) -> list[Diagnosis]:
    if not row.small_reads or not sizes:
        return []
    last = sizes[-1]
    out = []
    for fill in row.zero_fills.get(last, []):
        if fill["input"] is None or fill.get("differentiated"):
            continue  # not input-shaped, or the gradient of that input itself (it is dense anyway)
        shape = tuple(fill["shape"])
        elements = math.prod(shape)
        if fill["written"] * DENSE_TABLE_WRITE_RATIO > elements:
            continue
        same = {s: math.prod(z["shape"]) for s in sizes for z in row.zero_fills.get(s, [])
                if z["input"] == fill["input"] and z["primitive"] == fill["primitive"]}
        counts = {s: sum(z["count"] for z in row.zero_fills.get(s, []) if z["input"] == fill["input"])
                  for s in sizes}
        if len(sized) >= 2 and counts.get(sized[-1], 0) > counts.get(sized[0], 0):
            continue  # more fills with the size: slice-backward's business
        itemsize = _itemsize(fill["dtype"])
        grows = len(sized) >= 2 and (_grows(sizes, same, 1)[0])
        if not grows and elements * itemsize < DENSE_TABLE_MIN_BYTES:
            continue
        read = next((r for r in row.small_reads if tuple(r["operand_shape"]) == shape), row.small_reads[0])
        made = ""
        if read.get("operand_line"):
            text = source_line(read["operand_path"], read["operand_line"])
            made = f" computed at line {read['operand_line']}" + (f" (`{text}`)" if text else "")
        evidence = (f"the backward fills a zero {shape} {fill['dtype']} array "
                    f"({_fmt_bytes(elements * itemsize)}, the shape of input `{fill['input']}`) and writes "
                    f"{fill['written']} of its {elements} elements ({fill['primitive']}), while the forward "
                    f"reads here only {tuple(read['shape'])} of a {tuple(read['operand_shape'])} array{made}"
                    + (": the gradient's cost grows with the array, the forward's does not" if grows else ""))
        out.append(Diagnosis("dense-table-gradient", row.path, row.line, None, evidence))
        break
    return out


def _itemsize(dtype: str) -> int:
    digits = "".join(c for c in dtype if c.isdigit())
    if dtype == "bool" or not digits:
        return 1
    return max(int(digits) // 8, 1)


def _captured_constant(row: LineRow) -> list[Diagnosis]:
    if row.const_bytes < CAPTURED_CONSTANT_BYTES:
        return []
    evidence = (f"embeds {_fmt_bytes(row.const_bytes)} of closed-over arrays as constants of the "
                f"program (threshold {_fmt_bytes(CAPTURED_CONSTANT_BYTES)}): pass them as arguments")
    return [Diagnosis("captured-constant", row.path, row.line, "GA401", evidence)]


def _diagonal_product(row: LineRow) -> list[Diagnosis]:
    products = [p for p in row.diagonal_products if p["shape"][-1] >= DIAGONAL_MIN_SIDE]
    if not products:
        return []
    shape = tuple(products[0]["shape"])
    count = sum(p["count"] for p in products)
    evidence = (f"takes the diagonal of a {shape} matrix product ({count} time(s) at the largest size): "
                f"computes {shape[-1]}x the entries it keeps, and the backward scatters into a "
                f"{shape[-2:]} zero matrix")
    return [Diagnosis("diag-of-matmul", row.path, row.line, "GA202", evidence)]


def _cheap_gradient(fn: FunctionTrace, use_cost: bool) -> list[Diagnosis]:
    size = fn.largest
    reasons = []
    grad, forward = fn.eqns.get(size, 0), fn.forward_eqns.get(size, 0)
    if forward and grad / forward > CHEAP_GRADIENT_RATIO and grad - forward >= CHEAP_GRADIENT_MIN_EXTRA_EQNS:
        reasons.append(f"the gradient program has {grad} equations, {grad / forward:.1f}x the "
                       f"forward's {forward}")
    if use_cost and fn.flops and fn.flops.get(size):
        flops = fn.flops[size]
        if flops.get("forward") and flops.get("grad") and flops["grad"] / flops["forward"] > CHEAP_GRADIENT_RATIO:
            reasons.append(f"XLA counts {flops['grad']:.3g} flops for the gradient, "
                           f"{flops['grad'] / flops['forward']:.1f}x the forward's {flops['forward']:.3g}")
    if not reasons:
        return []
    rows = [r for r in fn.rows if r.path is not None]
    if not rows:
        return []
    culprit = max(rows, key=lambda r: (r.backward_eqns.get(size, 0), r.at(size)))  # gradient minus forward
    where = "default size" if size is None else f"size {size}"
    evidence = (f"at {where}, " + " and ".join(reasons)
                + f" (a cheap gradient costs a small constant times the forward); this line adds the most "
                f"backward equations ({culprit.backward_eqns.get(size, 0)})")
    return [Diagnosis("cheap-gradient", culprit.path, culprit.line, None, evidence)]


def repeats(primitives: dict[str, int], eqns: int, dims: set[int]) -> tuple[int, bool]:
    """How many copies of one body a line's equations are (0: none), and whether that is an input dimension.

    A candidate count r is an input dimension from ``REPEAT_MIN``, or a primitive's
    count from ``REPEAT_MIN_UNSIZED``; it holds when the primitives counted k times r,
    give or take k (``sum`` adds one fewer than it reads, a carried value skips its first
    step), make up ``REPEAT_SHARE`` of the line's equations, and the line has at least
    two equations per copy.
    """
    counts = [c for c in primitives.values() if c > 0]
    candidates = {(d, True) for d in dims if d >= REPEAT_MIN}
    candidates |= {(c, c in dims) for c in counts if c >= REPEAT_MIN_UNSIZED}
    best = (0, False)
    for r, sized in candidates:
        if eqns < 2 * r or max(counts, default=0) < r - 1:
            continue
        covered = sum(c for c in counts if round(c / r) >= 1 and abs(c - round(c / r) * r) <= round(c / r))
        if covered >= REPEAT_SHARE * eqns and (sized, r) > (best[1], best[0]):
            best = (r, sized)
    return best


def diagnose_one_size(fn: FunctionTrace, findings: list[Finding], dims: set[int]) -> list[Diagnosis]:
    """The diagnoses of one program seen at one size (``profile``): ``diagnose``'s, and the
    repeated-body and zero-fill criteria (see the module docstring). ``fn`` is the program
    merged with itself as its forward, so the rows' ``forward_primitives`` count every primitive."""
    found = [d for d in diagnose(fn, findings, False) if d.kind not in ("unrolled-loop", "slice-backward")]
    size = fn.largest
    for row in fn.rows:
        if row.path is None:
            continue
        count, sized = repeats(row.forward_primitives, row.at(size), dims)
        if count:
            inner = ", ".join(f"{f['function']} line {f['line']}" for f in row.stack[:3])
            evidence = (f"{row.at(size)} equations from this line are {count} copies of one body"
                        + (f" ({count} is a dimension of the program's inputs)" if sized else "")
                        + f": a Python loop unrolled into the program; mostly {_top(row.primitives)}"
                        + (f"; the body runs through {inner}" if inner else ""))
            if row.inner_gradient_eqns:
                evidence += f"; {row.inner_gradient_eqns} equations come from a gradient taken inside the loop"
            found.append(Diagnosis("unrolled-loop", row.path, row.line, loop_rule(row, findings), evidence,
                                   details={"repeats": count, "sized": sized,
                                            "growing_frames": [(f["path"], f["line"]) for f in row.stack]}))
        fills = [z for z in row.zero_fills.get(size, [])
                 if z["written"] * ZERO_FILL_WRITE_RATIO <= math.prod(z["shape"])]
        biggest = max(fills, key=lambda z: z["count"], default=None)
        if biggest is not None and biggest["count"] >= ZERO_FILLS_MIN:
            total = sum(z["count"] for z in fills)
            evidence = (f"fills {total} zero arrays, e.g. {biggest['count']} x {biggest['primitive']} into a "
                        f"{tuple(biggest['shape'])} array of zeros writing {biggest['written']} element(s) each: "
                        f"the transpose of a slice or lookup, once per iteration")
            rule = _finding_rule(row, findings, "slice-backward")
            if rule is None:
                rule = "GA201" if row.forward_primitives.get("dot_general") else loop_rule(row, findings)
            found.append(Diagnosis("slice-backward", row.path, row.line, rule, evidence,
                                   details={"growing_frames": [(f["path"], f["line"]) for f in row.stack]}))
    for diagnosis in found:
        diagnosis.function = fn.name
    return sorted(found, key=lambda d: (d.path or "", d.line or 0, d.kind))
