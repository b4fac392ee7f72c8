"""Merge the per-size summaries of a function into one row per source line.

A row holds the line's equations at each size in the gradient program (and
in the forward program; the difference is the backward pass), the growth exponent of its gradient equations
(least-squares fit of log equations against log size), and, at the largest
size, its dominant primitives, the bytes of constants it embeds, the
zero-filled arrays its backward writes a small part of, and the inner user
frames its equations come from. Pure Python: the parent imports no jax.
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass, field
from typing import Any

from gradadvisor.bench.scaling import fit_exponent

TOP_PRIMITIVES = 6


def size_key(size: int | None) -> str:
    """How a size is written as a JSON key: ``"100"``, or ``"default"`` for inputs()'s own."""
    return "default" if size is None else str(size)


def source_line(path: str | None, line: int | None) -> str:
    if not path or not line:
        return ""
    return linecache.getline(path, line).strip()


def growth(sizes: list[int | None], counts: dict[int | None, int]) -> float | None:
    """Exponent k of counts ~ size**k, or None with fewer than two sized points."""
    points = [(s, counts.get(s, 0)) for s in sizes if s is not None]
    fit = fit_exponent([s for s, _ in points], [n for _, n in points])
    return None if fit is None else fit[0]


@dataclass
class LineRow:
    """One source line of one function, over all sizes."""

    path: str | None
    line: int | None
    function: str | None
    eqns: dict[int | None, int] = field(default_factory=dict)
    forward_eqns: dict[int | None, int] = field(default_factory=dict)
    backward_eqns: dict[int | None, int] = field(default_factory=dict)
    zero_fill_counts: dict[int | None, int] = field(default_factory=dict)
    zero_fills: dict[int | None, list[dict]] = field(default_factory=dict)
    growth: float | None = None
    primitives: dict[str, int] = field(default_factory=dict)
    forward_primitives: dict[str, int] = field(default_factory=dict)
    const_bytes: int = 0
    inner_gradient_eqns: int = 0
    small_reads: list[dict] = field(default_factory=list)
    diagonal_products: list[dict] = field(default_factory=list)
    stack: list[dict] = field(default_factory=list)
    source: str = ""

    def at(self, size: int | None) -> int:
        return self.eqns.get(size, 0)


@dataclass
class FunctionTrace:
    """A traced function: its rows and totals over sizes."""

    name: str
    ref: str
    path: str | None
    line: int | None
    sizes: list[int | None]
    rows: list[LineRow]
    eqns: dict[int | None, int]
    forward_eqns: dict[int | None, int]
    const_bytes: int
    flops: dict[int | None, dict[str, float | None]] | None
    trace_s: dict[int | None, float]
    summed_output: bool

    @property
    def largest(self) -> int | None:
        return self.sizes[-1]

    @property
    def growth(self) -> float | None:
        return growth(self.sizes, self.eqns)

    def grad_to_forward(self, size: int | None = None) -> float | None:
        size = self.largest if size is None else size
        forward = self.forward_eqns.get(size)
        return self.eqns.get(size, 0) / forward if forward else None


def backward_zero_fills(grad: list[dict], forward: list[dict]) -> list[dict]:
    """The zero fills of the gradient program that the forward program does not have.

    A gradient program holds the forward's equations too; those left over belong
    to the backward pass (the user's own ``jnp.zeros(...).at[i].set`` cancels out).
    """
    def key(fill: dict) -> tuple:
        return (fill["primitive"], tuple(fill["shape"]), fill["dtype"], fill["written"], fill["input"])

    in_forward: dict[tuple, int] = {}
    for fill in forward:
        in_forward[key(fill)] = in_forward.get(key(fill), 0) + fill["count"]
    left = []
    for fill in grad:
        count = fill["count"] - in_forward.pop(key(fill), 0)
        if count > 0:
            left.append(dict(fill, count=count))
    return left


def _sorted_sizes(sizes: Any) -> list[int | None]:
    return sorted(set(sizes), key=lambda s: -1 if s is None else s)


def merge(name: str, info: dict, traces: list[dict]) -> FunctionTrace:
    """One function's rows from its per-size summaries (``traced`` messages)."""
    traces = sorted(traces, key=lambda t: -1 if t["size"] is None else t["size"])
    sizes = _sorted_sizes(t["size"] for t in traces)
    rows: dict[str, LineRow] = {}

    def row_for(key: str, data: dict) -> LineRow:
        row = rows.get(key)
        if row is None:
            row = rows[key] = LineRow(data["path"], data["line"], data["function"])
        return row

    frame_counts: dict[str, dict[tuple, dict]] = {}
    for trace in traces:
        size = trace["size"]
        forward_lines = trace["forward"]["lines"]
        for key, data in trace["grad"]["lines"].items():
            row = row_for(key, data)
            row.eqns[size] = data["eqns"]
            for frame in data["frames"]:
                where = (frame["path"], frame["line"], frame["function"])
                frame_counts.setdefault(key, {}).setdefault(where, {})[size] = frame["eqns"]
            fills = backward_zero_fills(data["zero_fills"], forward_lines.get(key, {}).get("zero_fills", []))
            row.zero_fills[size] = fills
            row.zero_fill_counts[size] = sum(z["count"] for z in fills)
        for key, data in forward_lines.items():
            row_for(key, data).forward_eqns[size] = data["eqns"]
        for row in rows.values():
            row.backward_eqns[size] = max(row.eqns.get(size, 0) - row.forward_eqns.get(size, 0), 0)

    last = traces[-1] if traces else None
    for key, row in rows.items():
        row.growth = growth(sizes, row.eqns)
        row.source = source_line(row.path, row.line)
        if last is None:
            continue
        grad = last["grad"]["lines"].get(key)
        forward = last["forward"]["lines"].get(key)
        if grad:
            row.primitives = dict(sorted(grad["primitives"].items(), key=lambda kv: -kv[1])[:TOP_PRIMITIVES])
            row.inner_gradient_eqns = grad["inner_gradient_eqns"]
            counts = frame_counts.get(key, {})
            row.stack = [
                dict(frame, growth=growth(sizes, counts.get((frame["path"], frame["line"], frame["function"]), {})),
                     eqns_by_size=counts.get((frame["path"], frame["line"], frame["function"]), {}))
                for frame in grad["frames"]
            ]
        row.const_bytes = max(grad["const_bytes"] if grad else 0, forward["const_bytes"] if forward else 0)
        if forward:
            row.forward_primitives = dict(forward["primitives"])
            row.small_reads = forward["small_reads"]
            row.diagonal_products = forward["diagonal_products"]
            if not row.stack:
                row.stack = forward["frames"]

    ordered = sorted(rows.values(), key=lambda r: (-r.at(sizes[-1]) if sizes else 0, r.path or "~", r.line or 0))
    costs = {t["size"]: t["cost"] for t in traces if t.get("cost")}
    return FunctionTrace(
        name=name,
        ref=info.get("ref", name),
        path=info.get("path"),
        line=info.get("line"),
        sizes=sizes,
        rows=ordered,
        eqns={t["size"]: t["grad"]["eqns"] for t in traces},
        forward_eqns={t["size"]: t["forward"]["eqns"] for t in traces},
        const_bytes=max((max(t["grad"]["const_bytes"], t["forward"]["const_bytes"]) for t in traces), default=0),
        flops=costs or None,
        trace_s={t["size"]: t["trace_s"] for t in traces},
        summed_output=any(t.get("summed_output") for t in traces),
    )
