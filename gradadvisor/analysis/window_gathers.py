"""Sliding windows gathered one position at a time.

``jnp.stack([x[i:i + w] for i in range(n - w + 1)])``, or a loop appending
``obs[:, t:t + w]`` per position then stacked: each window is a slice whose start moves with
the loop, so under ``grad`` every window transposes into a pad (a scatter) into a full-size
array of zeros, and the trace holds one slice per position. One gather does them all: the
window starts as a column, the offsets in the window as a row, ``starts[:, None] +
jnp.arange(w)``, taken along the window's axis. The loop is a per-sample map (GA101) whose
one call is a slice; ``vmap`` cannot map it directly (a slice's start must be static), which is
why ``per_sample`` does not read it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.stacked_lists import appended_list
from gradadvisor.analysis.syntax import full_slice, names_read, one_line


@dataclass(frozen=True)
class WindowGather:
    """``array`` sliced along ``axis`` from the loop variable over ``width`` items per step."""

    array: ast.expr
    axis: int
    width: ast.expr
    #: The loop's ``range`` call (its stop is the number of windows).
    count: ast.expr


def window_gather(variable: str, iterable: ast.expr, value: ast.expr, is_builtin) -> WindowGather | None:
    """The window ``value`` reads at ``variable`` over ``iterable`` (``range(m)``, from 0), or
    None: ``x[i:i + w]`` or ``x[:, i:i + w]`` (full slices before, none after but full ones),
    ``w`` free of the variable."""
    if not (isinstance(iterable, ast.Call) and is_builtin(iterable.func, "range") and len(iterable.args) == 1 and not iterable.keywords):
        return None
    if not isinstance(value, ast.Subscript) or not isinstance(value.ctx, ast.Load) or variable in names_read(value.value):
        return None
    items = list(value.slice.elts) if isinstance(value.slice, ast.Tuple) else [value.slice]
    windows = [k for k, item in enumerate(items) if isinstance(item, ast.Slice) and variable in names_read(item)]
    if len(windows) != 1:
        return None
    axis = windows[0]
    if not all(full_slice(item) for k, item in enumerate(items) if k != axis):
        return None
    part = items[axis]
    width = _width(part, variable)
    if width is None:
        return None
    return WindowGather(value.value, axis, width, iterable.args[0])


def _width(part: ast.Slice, variable: str) -> ast.expr | None:
    """``w`` of ``i:i + w`` (or ``i:w + i``), with no step and ``w`` free of ``i``."""
    if part.step is not None or not (isinstance(part.lower, ast.Name) and part.lower.id == variable):
        return None
    upper = part.upper
    if not (isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add)):
        return None
    if isinstance(upper.left, ast.Name) and upper.left.id == variable and variable not in names_read(upper.right):
        return upper.right
    if isinstance(upper.right, ast.Name) and upper.right.id == variable and variable not in names_read(upper.left):
        return upper.left
    return None


def window_advice(found: WindowGather, code, numpy_name: str, stacked_axis: int | None) -> str:
    """The one gather that takes every window: ``jnp.take(x, starts[:, None] + jnp.arange(w), axis=k)``."""
    array = one_line(code(found.array), 30)
    width = one_line(code(found.width), 20)
    count = one_line(code(found.count), 30)
    windows = f"{numpy_name}.arange({count})[:, None] + {numpy_name}.arange({width})"
    spelled = f"{array}[{windows}]" if found.axis == 0 else f"{numpy_name}.take({array}, {windows}, axis={found.axis})"
    where = f"axis {found.axis}" if found.axis else "the leading axis"
    moved = "" if stacked_axis in (None, found.axis) else f", then `{numpy_name}.moveaxis(..., {found.axis}, {stacked_axis})` for the stacking axis"
    return f"one gather takes every window at once: `{spelled}` (the windows along {where}{moved})"


def joined_windows(ctx, target: ast.AST, iterable: ast.expr, value: ast.expr, join: ast.Call | None):
    """``(found, extent, advice)`` for windows over a data-sized ``range`` joined by
    ``jnp.stack``/``jnp.array`` (``join``, its axis read from a literal ``axis=``), else None."""
    if not isinstance(target, ast.Name) or join is None:
        return None
    qualified = ctx.resolve(join.func) or ""
    module, _, function = qualified.rpartition(".")
    if not module.endswith("numpy") or function not in ("stack", "array", "asarray"):
        return None
    found = window_gather(target.id, iterable, value, ctx.is_builtin)
    extent = ctx.extent(iterable) if found is not None else None
    if extent is None or not extent.is_data:
        return None
    axes = [item.value for item in join.keywords if item.arg == "axis"]
    stacked = axes[0].value if axes and isinstance(axes[0], ast.Constant) and isinstance(axes[0].value, int) else None if axes else 0
    spelled, _ = ctx.spell(f"{ctx.names.numpy_module()}.arange")
    numpy_name = spelled.rpartition(".")[0] if spelled else "jnp"
    return found, extent, window_advice(found, ctx.code, numpy_name, stacked)


def stacked_windows(ctx, join: ast.Call, source: ast.AST):
    """``joined_windows`` for ``jnp.stack([x[i:i + w] for i in range(m)])`` (``join`` of the list ``source``)."""
    if not (isinstance(source, ast.ListComp) and len(source.generators) == 1 and not source.generators[0].ifs):
        return None
    generator = source.generators[0]
    return joined_windows(ctx, generator.target, generator.iter, source.elt, join)


def appended_windows(ctx, node: ast.AST, body: list[ast.stmt]):
    """``(list name, joined_windows)`` for ``for i in range(m): out.append(x[i:i + w])`` then a stack."""
    appended = appended_list(node, body, ctx) if isinstance(node, ast.For) else None  # type: ignore[arg-type]
    if appended is None or not appended.joins or appended.others or appended.seeded:
        return None
    found = joined_windows(ctx, node.target, node.iter, appended.inlined or appended.value, appended.joins[0])  # type: ignore[attr-defined]
    return (appended.name, found) if found is not None else None
