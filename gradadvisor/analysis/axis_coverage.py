"""Shape proofs for replacing a loop by a whole-array expression: which part of an axis a loop
reads, and whether it is exactly the axis.

A loop ``for i in range(start, stop, step)`` reading ``a[:, i + offset]`` reads the slice
``start + offset : stop + offset : step`` of axis 1 of ``a``. The rewrite may take the whole
axis only when that slice *is* the axis (JAX clamps an out-of-range index and ``jnp.take``
fills NaN, while a slice of the array is just shorter), so these proofs compare sizes by the
facts: ``range(a.shape[1])``, ``len(a)``, a name bound to such a size whose operands still
hold the same values (``n = a.shape[1]``), or equal literal and symbolic dimensions.

``coverage`` answers with the slice to take and the conditions (``(proven, what)`` pairs)
under which it equals the loop; ``room`` says whether an ``.at[]`` target is as long as each
loop, ``runs_at_least_once`` whether a loop is known not to be empty.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis import values as v
from gradadvisor.analysis.einsum import IndexOutput
from gradadvisor.analysis.loop_nest import Loop, Nest
from gradadvisor.analysis.syntax import constant, names_read, offset_of, one_line
from gradadvisor.analysis.vectorize import IndexedRead

#: A condition of a rewrite: whether it is proven, and what it says.
Condition = tuple[bool, str]


def coverage(ctx, loop: Loop, offset: int, read: IndexedRead, axis: int | None, rank: int | None) -> tuple[ast.Slice, bool, list[Condition]]:
    """The slice of an axis that ``loop`` (with ``offset``) reads, whether it is the whole
    axis, and what must hold for the loop to read exactly that."""
    base_text = one_line(ctx.code(read.base), 25)
    axis_text = f"axis {axis}" if axis is not None else "its axis"
    iterable_text = loop.shown(ctx.code)
    if loop.walks:
        first = loop.walks[0]
        walked = next((array for array in loop.walks if array is read.base), None)
        if walked is not None and axis == 0 and offset == 0:
            if walked is not first:
                return ast.Slice(), True, [(same_dim(ctx, walked, 0, first), f"`{base_text}` is as long as `{one_line(ctx.code(first), 25)}` (`zip` stops at the shorter)")]
            return ast.Slice(), True, []
        covers = offset == 0 and same_dim(ctx, read.base, axis, first)
        return ast.Slice(), True, [(covers, f"`{iterable_text}` covers exactly {axis_text} of `{base_text}` (JAX clamps out-of-range indices; a slice does not)")]
    start, step = loop.start_value, loop.step_value
    lower = start + offset if start is not None else None
    stop_base, stop_const = linear(follow(ctx, loop.stop))
    end = stop_const + offset
    size = dim(ctx, read.base, axis)
    if stop_base is None:
        same = False
        at_size = isinstance(size, int) and end == size
        within = isinstance(size, int) and end <= size
    else:
        same = is_axis_size(ctx, stop_base, read.base, axis, rank)
        at_size = same and end == 0
        within = same and end <= 0
    if lower == 0 and step == 1 and at_size:
        return ast.Slice(), True, []
    if lower == 0 and step == 1 and offset == 0 and stop_const == 0 and stop_base is not None and not same:
        # `range(n)` reads `a[:, i]`: the rewrite takes the whole axis, which must be n long.
        return ast.Slice(), True, [(False, f"`{iterable_text}` covers exactly {axis_text} of `{base_text}` (JAX clamps out-of-range indices; a slice does not)")]
    shifted = f"{loop.var} + {offset}" if offset > 0 else f"{loop.var} - {-offset}" if offset < 0 else loop.var
    condition = (
        lower is not None and lower >= 0 and step is not None and step > 0 and within,
        f"every `{shifted}` for `{loop.var}` in `{iterable_text}` is inside {axis_text} of `{base_text}`",
    )
    lower_node = None if lower == 0 else constant(lower) if lower is not None else plus(loop.start, offset)
    if stop_base is None:
        upper_node = None if at_size else constant(end)
    elif same:
        upper_node = None if end == 0 else constant(end) if end < 0 else plus(loop.stop, offset)
    else:
        upper_node = plus(loop.stop, offset)
    step_node = None if step == 1 else loop.step
    return ast.Slice(lower=lower_node, upper=upper_node, step=step_node), False, [condition]


def linear(expr: ast.expr | None) -> tuple[ast.expr | None, int]:
    """``(base, k)`` for ``base + k`` / ``base - k`` (``(None, k)`` for a literal or nothing)."""
    return (None, 0) if expr is None else offset_of(expr)


def plus(expr: ast.expr | None, offset: int) -> ast.expr | None:
    """``expr + offset`` written plainly (``n - 1`` plus 1 is ``n``)."""
    if expr is None:
        return None
    base, const = linear(expr)
    total = const + offset
    if base is None:
        return constant(total)
    if total == 0:
        return base
    return ast.BinOp(left=base, op=ast.Add() if total > 0 else ast.Sub(), right=constant(abs(total)))


def follow(ctx, expr: ast.expr | None) -> ast.expr | None:
    """The expression a name was assigned (``n = a.shape[1] - 2``), while what it reads is
    bound the same way here; else ``expr`` itself."""
    for _ in range(3):
        if not isinstance(expr, ast.Name):
            return expr
        bindings = ctx.facts.bindings_at(expr.id, ctx.scope, ctx.statement)
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or bindings[0].statement is None:
            return expr
        value = bindings[0].value
        if not _same_bindings(ctx, names_read(value), bindings[0].statement):  # type: ignore[arg-type]
            return expr
        expr = value  # type: ignore[assignment]
    return expr


def _same_bindings(ctx, names: set[str], there: ast.AST) -> bool:
    """Each of ``names`` holds the same bindings at the current statement as at ``there``."""
    for used in names:
        here_b = ctx.facts.bindings_at(used, ctx.scope, ctx.statement)
        there_b = ctx.facts.bindings_at(used, ctx.scope, there)
        if [id(b) for b in here_b] != [id(b) for b in there_b]:
            return False
    return True


def dim(ctx, base: ast.expr, axis: int | None) -> v.Dim:
    """The length of ``axis`` of ``base`` by the facts (a number or a symbolic size), or None."""
    value = ctx.value(base)
    if axis is None or not value.is_array or value.shape is None or not -len(value.shape) <= axis < len(value.shape):
        return None
    return value.shape[axis]


def same_dim(ctx, base: ast.expr, axis: int | None, other: ast.expr) -> bool:
    """``base`` is as long along ``axis`` as ``other`` along its first axis (by the facts)."""
    mine, theirs = dim(ctx, base, axis), dim(ctx, other, 0)
    return mine is not None and mine == theirs


def is_axis_size(ctx, size: ast.expr, base: ast.expr, axis: int | None, rank: int | None) -> bool:
    """True when ``size`` is provably the length of ``axis`` of ``base`` here."""
    if axis is None:
        return False
    base_text = _compact(ctx.code(base))
    candidates = {f"{base_text}.shape[{axis}]"}
    if axis == 0:
        candidates.add(f"len({base_text})")
    if rank is not None:
        candidates.add(f"{base_text}.shape[{axis - rank if axis >= 0 else axis + rank}]")
        if axis >= 0 and axis == rank - 1:
            candidates.add(f"{base_text}.shape[-1]")
    if _compact(ctx.code(size)) in candidates:
        return True
    value = ctx.value(size)
    known = dim(ctx, base, axis)
    if value.kind == v.SCALAR and type(value.literal) is int:
        return isinstance(known, int) and known == value.literal
    if value.kind == v.SIZE and isinstance(value.length, str):
        length = _compact(value.length)
        if length in candidates or isinstance(known, str) and _compact(known) == length:
            return _same_binding(ctx, size, base)
    return False


def _same_binding(ctx, size: ast.expr, base: ast.expr) -> bool:
    """A size read from a name (``n = a.shape[1]``) still describes ``base`` here: the names
    ``base`` reads hold the same bindings where ``n`` was assigned."""
    if not isinstance(size, ast.Name):
        return True
    bindings = ctx.facts.bindings_at(size.id, ctx.scope, ctx.statement)
    if len(bindings) != 1 or bindings[0].statement is None:
        return False
    return _same_bindings(ctx, names_read(base), bindings[0].statement)


def _compact(text: str) -> str:
    return "".join(text.split())


def room(ctx, nest: Nest, initial: v.Value, output: IndexOutput) -> list[tuple[Loop, bool]]:
    """For each loop, whether the ``.at[]`` target (holding ``initial``) is as long as the loop
    along the loop's axis (JAX drops out-of-range updates; a slice assignment of the wrong
    length raises)."""
    shape = initial.shape if initial.is_array else None
    loop_entries = sum(entry is not None for entry in output.entries)
    layout = output.layout(len(shape) - loop_entries) if shape is not None and len(shape) >= loop_entries else None
    found = []
    for loop in nest.loops:
        ok = False
        if layout is not None and shape is not None and len(layout) == len(shape) and loop.var in layout:
            length = shape[layout.index(loop.var)]
            if loop.walks:
                ok = length is not None and length == dim(ctx, loop.walks[0], 0)
            elif loop.start_value is not None and loop.start_value >= 0 and loop.stop is not None:
                stop = ctx.value(loop.stop)
                known = v.dim_of(stop)
                if known is None and stop.kind == v.PARAM:
                    known = ctx.code(loop.stop)
                ok = length is not None and (length == known or isinstance(length, int) and isinstance(known, int) and 0 <= known <= length)
        found.append((loop, ok))
    return found


def runs_at_least_once(ctx, nest: Nest) -> bool:
    """Every loop of the nest is known to run at least once (a literal range, rows of an array
    with a known nonzero length)."""
    ok = True
    for loop in nest.loops:
        if loop.walks:
            length = dim(ctx, loop.walks[0], 0)
            ok = ok and isinstance(length, int) and length > 0
        else:
            value = ctx.value(loop.iterable)
            ok = ok and value.kind == v.SEQUENCE and isinstance(value.length, int) and value.length > 0
    return ok
