"""From the recorded programs to functions, lines and diagnoses (the parent: no jax).

- A *function* is every program lowered from one jitted function (same
  module name and definition): how many times it was traced, and why each
  retrace happened when the inputs show it (new shapes, new dtypes, a new
  number of arguments; same input types: a static argument, a closure or a
  new function object).
- Each program's per-line summary (``trace.jaxpr``) is merged by
  ``trace.lines.merge`` as a single size, with the program itself as its own
  forward (less the zero fills, so that they count as the backward's), and
  diagnosed by ``trace.diagnose.diagnose_one_size``; the diagnoses of all
  programs are merged per line (the largest program's evidence is kept).
- A *line* sums what its equations cost over all programs: equations,
  constant bytes, and its share of compile time (each program's trace +
  lower + compile time split by equations).
- ``retracing``: a function traced ``RETRACE_MIN`` times or more.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from gradadvisor.profile.records import Program, Recording
from gradadvisor.trace import diagnose as trace_diagnose
from gradadvisor.trace import lines as trace_lines
from gradadvisor.trace.diagnose import Diagnosis, Finding

#: A function traced this many times (same transformation) is diagnosed as retracing.
RETRACE_MIN = 3
#: The reason given when the same function is compiled under another transformation.
ANOTHER_TRANSFORM = "another transformation of the same function"


@dataclass
class Function:
    """The programs lowered from one function."""

    module: str
    name: str | None
    path: str | None
    line: int | None
    programs: list[Program] = field(default_factory=list)
    retraces: list[str] = field(default_factory=list)

    @property
    def total_s(self) -> float:
        return sum(p.total_s for p in self.programs)

    def seconds(self, attribute: str) -> float | None:
        values = [getattr(p, attribute) for p in self.programs if getattr(p, attribute) is not None]
        return sum(values) if values else None


@dataclass
class LineCost:
    path: str
    line: int
    function: str | None
    eqns: int = 0
    const_bytes: int = 0
    compile_share_s: float = 0.0
    programs: set = field(default_factory=set)
    top: dict = field(default_factory=dict)
    source: str = ""


@dataclass
class Analysis:
    functions: list[Function]
    internal: list[Program]
    lines: list[LineCost]
    diagnoses: list[Diagnosis]
    merged: dict[int, trace_lines.FunctionTrace]  # program index -> its rows


def retrace_reason(earlier: list[Program], after: Program) -> str:
    """Why ``after`` was traced again, from its input types and those of the function's earlier programs."""
    same = [p for p in earlier if p.in_avals == after.in_avals]
    if same:
        if all(p.out_avals != after.out_avals for p in same):
            return f"{ANOTHER_TRANSFORM} (same inputs, other outputs: jit(grad(f)) beside jit(f))"
        return "same input types: a static argument, a closed-over value or the function object changed"
    before = earlier[-1]
    if len(before.in_avals) != len(after.in_avals):
        return (f"{ANOTHER_TRANSFORM} (a linearized or transposed program), or a new input structure: "
                f"{len(before.in_avals)} -> {len(after.in_avals)} array arguments")
    names = after.arg_names or before.arg_names
    changed = []
    for i, (old, new) in enumerate(zip(before.in_avals, after.in_avals)):
        if old != new:
            name = names[i] if i < len(names) else f"argument {i}"
            changed.append(f"{name} {old} -> {new}")
    what = "new shapes" if before.in_shapes != after.in_shapes else "new dtypes"
    shown = ", ".join(changed[:3]) + (f" (+{len(changed) - 3} more)" if len(changed) > 3 else "")
    return f"{what}: {shown}"


def group_functions(programs: list[Program]) -> list[Function]:
    functions: dict[tuple, Function] = {}
    for program in programs:
        function = functions.get(program.key)
        if function is None:
            function = functions[program.key] = Function(program.module, program.function, program.path,
                                                         program.line)
        else:
            # The same function compiled in another process (a pytest -n worker) is not a retrace.
            same_process = [p for p in function.programs if p.pid == program.pid]
            if same_process:
                function.retraces.append(retrace_reason(same_process, program))
        function.programs.append(program)
    return sorted(functions.values(), key=lambda f: -f.total_s)


def _as_forward(summary: dict) -> dict:
    """The program as its own forward: its zero fills taken out (they count as the backward's)."""
    forward = copy.deepcopy(summary)
    for line in forward["lines"].values():
        for fill in line["zero_fills"]:
            left = line["primitives"].get(fill["primitive"], 0) - fill["count"]
            if left > 0:
                line["primitives"][fill["primitive"]] = left
            else:
                line["primitives"].pop(fill["primitive"], None)
        line["zero_fills"] = []
    return forward


def merge_program(program: Program) -> trace_lines.FunctionTrace:
    name = program.function or program.module
    info = {"ref": program.module, "path": program.path, "line": program.line}
    traced = {"function": name, "size": None, "grad": program.summary, "forward": _as_forward(program.summary),
              "trace_s": program.trace_s or 0.0}
    return trace_lines.merge(name, info, [traced])


def analyze(recording: Recording, findings: list[Finding]) -> Analysis:
    user = [p for p in recording.programs if not p.internal and p.summary is not None]
    internal = [p for p in recording.programs if p.internal]
    functions = group_functions(user)
    merged: dict[int, trace_lines.FunctionTrace] = {}
    by_line: dict[tuple, Diagnosis] = {}
    costs: dict[tuple[str, int], LineCost] = {}
    for program in user:
        fn = merge_program(program)
        merged[program.index] = fn
        dims = {d for shape in program.in_shapes for d in shape}
        for diagnosis in trace_diagnose.diagnose_one_size(fn, findings, dims):
            key = (diagnosis.kind, diagnosis.path, diagnosis.line)
            kept = by_line.get(key)
            diagnosis.details["programs"] = 1 + (kept.details.get("programs", 1) if kept else 0)
            size = program.summary.get("eqns", program.eqns)
            if kept is None or size > kept.details.get("program_eqns", -1):
                diagnosis.details["program_eqns"] = size
                by_line[key] = diagnosis
            else:
                kept.details["programs"] = diagnosis.details["programs"]
        total = max(program.summary.get("eqns", 0), 1)
        for row in fn.rows:
            if row.path is None:
                continue
            cost = costs.get((row.path, row.line))
            if cost is None:
                cost = costs[(row.path, row.line)] = LineCost(row.path, row.line, row.function, source=row.source)
            eqns = row.at(None)
            cost.eqns += eqns
            cost.const_bytes += row.const_bytes
            cost.compile_share_s += program.total_s * eqns / total
            cost.programs.add(program.index)
            for primitive, count in row.primitives.items():
                cost.top[primitive] = cost.top.get(primitive, 0) + count
    diagnoses = sorted(by_line.values(), key=lambda d: (d.path or "", d.line or 0, d.kind))
    for function in functions:
        retraces = [r for r in function.retraces if not r.startswith(ANOTHER_TRANSFORM)]
        if len(retraces) + 1 >= RETRACE_MIN and function.path:
            reasons: dict[str, int] = {}
            for reason in retraces:
                reasons[reason] = reasons.get(reason, 0) + 1
            listed = "; ".join(f"{r}" + (f" (x{n})" if n > 1 else "") for r, n in list(reasons.items())[:3])
            evidence = (f"{function.name or function.module} was traced and compiled {len(retraces) + 1} times "
                        f"under one transformation ({len(function.programs)} programs, {function.total_s:.2f} s "
                        f"in all): {listed}")
            diagnoses.append(Diagnosis("retracing", function.path, function.line, None, evidence,
                                       function=function.name or function.module,
                                       details={"traces": len(function.programs)}))
    lines = sorted(costs.values(), key=lambda c: (-c.compile_share_s, -c.eqns, c.path, c.line))
    return Analysis(functions, internal, lines, diagnoses, merged)


def traced_lines(analysis: Analysis) -> set[tuple[str, int]]:
    """Every user line some equation came from (outermost and inner frames)."""
    seen = set()
    for fn in analysis.merged.values():
        for row in fn.rows:
            if row.path:
                seen.add((row.path, row.line))
                seen.update((f["path"], f["line"]) for f in row.stack)
    return seen


def touched_files(analysis: Analysis) -> set[str]:
    return {path for path, _ in traced_lines(analysis)} | {f.path for f in analysis.functions if f.path}
