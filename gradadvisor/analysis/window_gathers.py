"""Sliding windows gathered one position at a time.

``jnp.stack([x[i:i + w] for i in range(n - w + 1)])``, or a loop appending
``obs[:, t:t + w]`` per position then stacked (or a value of each window, frames of a signal:
``jnp.sum(sig[f * hop:f * hop + win] ** 2)``): each window is a slice whose start moves with
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
from gradadvisor.analysis.syntax import dotted, full_slice, names_read, one_line


@dataclass(frozen=True)
class WindowGather:
    """``array`` sliced along ``axis`` from the loop variable over ``width`` items per step."""

    array: ast.expr
    axis: int
    width: ast.expr
    #: The loop's ``range`` call (its stop is the number of windows).
    count: ast.expr
    #: ``hop`` of a window starting at ``i * hop`` (frames of a signal); None: at ``i``.
    stride: ast.expr | None = None
    #: The window's subscript, when the step computes something of it (``jnp.sum(w ** 2)``)
    #: rather than keeping it: the advice maps that computation over the windows.
    inside: ast.Subscript | None = None


def window_gather(variable: str, iterable: ast.expr, value: ast.expr, is_builtin) -> WindowGather | None:
    """The window ``value`` reads at ``variable`` over ``iterable`` (``range(m)``, from 0), or
    None: ``x[i:i + w]``, ``x[i * h:i * h + w]`` or ``x[:, i:i + w]`` (full slices before, none
    after but full ones), ``w`` (and ``h``) free of the variable; or a value computed from one
    such window that reads the variable nowhere else (``jnp.sum(x[i * h:i * h + w] ** 2)``)."""
    if not (isinstance(iterable, ast.Call) and is_builtin(iterable.func, "range") and len(iterable.args) == 1 and not iterable.keywords):
        return None
    found = _window(variable, value)
    if found is not None:
        axis, width, stride = found
        return WindowGather(value.value, axis, width, iterable.args[0], stride)  # type: ignore[attr-defined]
    reads = [node for node in ast.walk(value) if isinstance(node, ast.Name) and node.id == variable]
    windows = [node for node in ast.walk(value) if isinstance(node, ast.Subscript) and _window(variable, node) is not None]
    if len(windows) != 1 or len(reads) != sum(1 for node in ast.walk(windows[0]) if isinstance(node, ast.Name) and node.id == variable):
        return None
    if any(isinstance(node, (ast.Lambda, ast.comprehension, ast.NamedExpr)) for node in ast.walk(value)) or _contracted(value, windows[0]):
        return None
    axis, width, stride = _window(variable, windows[0])  # type: ignore[misc]
    return WindowGather(windows[0].value, axis, width, iterable.args[0], stride, windows[0])


def _contracted(value: ast.expr, window: ast.Subscript) -> bool:
    """The window is an operand of a product (``x[i:i + k] @ w``, ``jnp.dot(w, x[i:i + k])``):
    a slice contraction, GA201's to rewrite as one ``einsum``."""
    for node in ast.walk(value):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult) and window in (node.left, node.right):
            return True
        if isinstance(node, ast.Call) and window in node.args and (dotted(node.func) or "").rpartition(".")[2] in CONTRACTIONS:
            return True
    return False


#: Products that contract their operands (GA201 reads a slice of one in a loop).
CONTRACTIONS = frozenset({"dot", "matmul", "tensordot", "einsum", "inner", "vdot", "outer"})


def _window(variable: str, value: ast.expr) -> tuple[int, ast.expr, ast.expr | None] | None:
    """``(axis, width, stride)`` when ``value`` is a window of an array at ``variable``."""
    if not isinstance(value, ast.Subscript) or not isinstance(value.ctx, ast.Load) or variable in names_read(value.value):
        return None
    items = list(value.slice.elts) if isinstance(value.slice, ast.Tuple) else [value.slice]
    windows = [k for k, item in enumerate(items) if isinstance(item, ast.Slice) and variable in names_read(item)]
    if len(windows) != 1:
        return None
    axis = windows[0]
    if not all(full_slice(item) for k, item in enumerate(items) if k != axis):
        return None
    found = _width(items[axis], variable)
    return (axis, *found) if found is not None else None


def _width(part: ast.Slice, variable: str) -> tuple[ast.expr, ast.expr | None] | None:
    """``(w, h)`` of ``i:i + w`` (or ``i:w + i``; ``h`` None) or ``i * h:i * h + w``, with no
    step and ``w``, ``h`` free of ``i``."""
    lower, upper = part.lower, part.upper
    stride = _stride(lower, variable) if lower is not None else None
    if part.step is not None or not (isinstance(lower, ast.Name) and lower.id == variable or stride is not None):
        return None
    if not (isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add)):
        return None
    same = ast.dump(lower)
    if ast.dump(upper.left) == same and variable not in names_read(upper.right):
        return upper.right, stride
    if ast.dump(upper.right) == same and variable not in names_read(upper.left):
        return upper.left, stride
    return None


def _stride(lower: ast.expr, variable: str) -> ast.expr | None:
    """``h`` of ``i * h`` or ``h * i`` (``h`` free of ``i``)."""
    if not (isinstance(lower, ast.BinOp) and isinstance(lower.op, ast.Mult)):
        return None
    for index, other in ((lower.left, lower.right), (lower.right, lower.left)):
        if isinstance(index, ast.Name) and index.id == variable and variable not in names_read(other):
            return other
    return None


def window_advice(found: WindowGather, code, numpy_name: str, stacked_axis: int | None, value: ast.expr | None = None) -> str:
    """The one gather that takes every window: ``jnp.take(x, starts[:, None] + jnp.arange(w), axis=k)``
    (``value``: the step's value, when it computes something of the window, mapped over them)."""
    array = one_line(code(found.array), 30)
    width = one_line(code(found.width), 20)
    count = one_line(code(found.count), 30)
    starts = f"{numpy_name}.arange({count})" + (f" * {one_line(code(found.stride), 20)}" if found.stride is not None else "")
    windows = f"({starts})[:, None] + {numpy_name}.arange({width})" if found.stride is not None else f"{starts}[:, None] + {numpy_name}.arange({width})"
    spelled = f"{array}[{windows}]" if found.axis == 0 else f"{numpy_name}.take({array}, {windows}, axis={found.axis})"
    where = f"axis {found.axis}" if found.axis else "the leading axis"
    if found.inside is not None and value is not None:
        inner = one_line(code(value).replace(code(found.inside), "w"), 60) if code(found.inside) in code(value) else "..."
        mapped = f"`jax.vmap(lambda w: {inner}, in_axes={found.axis})(windows)`" if found.axis else f"`jax.vmap(lambda w: {inner})(windows)`"
        return f"one gather takes every window at once, `windows = {spelled}` (the windows along {where}), then {mapped} computes each one's value"
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
    return found, extent, window_advice(found, ctx.code, numpy_name, stacked, value)


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
