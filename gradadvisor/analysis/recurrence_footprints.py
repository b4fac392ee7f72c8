"""Where a loop step writes into an array and where it reads one, relative to the loop index.

A *footprint* is one span per axis, an offset range from the index (``x[i - 1]``: [-1, 0);
``x[:i]``: unbounded below) or a fixed position (``x[:, 0]``). ``write_of`` reads the writes at a
position (``x = x.at[i].set(v)``, ``.at[:, i]``, ``.at[..., j]``, ``jax.ops.index_update``, the
``lax.dynamic_update_*`` calls), ``read_footprint`` the reads (``x[idx]``, ``x.at[idx].get()``,
``lax.dynamic_index_in_dim``, ``lax.dynamic_slice``, ``jnp.take``), and ``sees_earlier`` whether a
read at one step can see what the write wrote at an earlier step.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.syntax import int_value, names_read, offset_of

#: ``x.at[idx].<method>(value)`` methods that write into a copy of ``x``.
AT_METHODS = frozenset({"set", "add", "mul", "multiply", "min", "max", "divide", "power", "subtract", "apply"})
#: The old functional index API: ``jax.ops.index_update(x, idx, v)`` and friends -> the ``.at`` method.
OPS_FUNCTIONS = {
    "jax.ops.index_update": "set", "jax.ops.index_add": "add", "jax.ops.index_mul": "mul",
    "jax.ops.index_min": "min", "jax.ops.index_max": "max",
}
#: ``lax`` updates at a dynamic position: (operand position, update position, start position, axis position).
DYNAMIC_UPDATES = {
    "jax.lax.dynamic_update_slice": "starts",
    "jax.lax.dynamic_update_index_in_dim": "index",
    "jax.lax.dynamic_update_slice_in_dim": "start",
}
#: Reads at a dynamic position.
DYNAMIC_READS = frozenset({"jax.lax.dynamic_index_in_dim", "jax.lax.dynamic_slice_in_dim", "jax.lax.dynamic_slice", "jax.numpy.take"})

AxisKey = tuple[str, int]  # ("front", k): k-th axis; ("back", k): k-th from the end (0 = last)


@dataclass(frozen=True)
class Span:
    """Positions along one axis. Relative spans are offsets from the index, ``[lo, hi)`` with None
    unbounded; absolute spans are a literal position (``lo``) or unknown (``lo`` None)."""

    relative: bool
    lo: int | None = None
    hi: int | None = None
    #: The element's text (absolute spans of other axes are compared by text).
    text: str = ""
    #: An absolute position written ``name + c`` (``t + 1``, ``t``): (name, c). Two such
    #: positions of one name at different ``c`` never meet (``h.at[z, t + 1]`` and ``h[z - 1, t]``).
    anchor: tuple[str, int] | None = None


@dataclass(frozen=True)
class Footprint:
    axes: tuple[tuple[AxisKey, Span], ...] = ()
    #: The whole array, or a part that cannot be placed.
    whole: bool = False

    @property
    def moving(self) -> bool:
        return any(span.relative for _, span in self.axes)

    def point(self) -> tuple[AxisKey, int] | None:
        """(axis, offset) when exactly one axis moves, at one position."""
        moving = [(key, span) for key, span in self.axes if span.relative]
        if len(moving) != 1:
            return None
        key, span = moving[0]
        if span.lo is None or span.hi != span.lo + 1:
            return None
        return key, span.lo


def offset(expr: ast.AST | None, var: str | None) -> int | None:
    """``c`` for ``var``, ``var + c``, ``var - c``, ``c + var`` (``c`` an int literal)."""
    if expr is None or var is None:
        return None
    if isinstance(expr, ast.Name) and expr.id == var:
        return 0
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
        if isinstance(expr.left, ast.Name) and expr.left.id == var:
            literal = int_value(expr.right)
            if literal is not None:
                return literal if isinstance(expr.op, ast.Add) else -literal
        if isinstance(expr.op, ast.Add) and isinstance(expr.right, ast.Name) and expr.right.id == var:
            return int_value(expr.left)
    return None


def _span(element: ast.AST, var: str | None, code) -> Span:
    """The span of one index element along its axis."""
    if isinstance(element, ast.Slice):
        if element.step is not None:
            return Span(False, None, text=code(element)) if var not in names_read(element) else Span(True, None, None)
        involved = var is not None and var in names_read(element)
        if not involved:
            return Span(False, None, text=code(element))
        # A bound that does not move with the index (``x[:i]``'s 0), or moves in another way
        # (``x[2 * i:]``), is left unbounded: the read may reach any earlier write there.
        lo = offset(element.lower, var) if element.lower is not None and var in names_read(element.lower) else None
        hi = offset(element.upper, var) if element.upper is not None and var in names_read(element.upper) else None
        return Span(True, lo, hi)
    if var is not None and var in names_read(element):
        moved = offset(element, var)
        return Span(True, moved, moved + 1) if moved is not None else Span(True, None, None)
    literal = int_value(element)
    return Span(False, literal, text=code(element), anchor=_anchor(element) if literal is None else None)


def _anchor(element: ast.expr) -> tuple[str, int] | None:
    """(name, c) for ``name``, ``name + c``, ``name - c``."""
    base, shift = offset_of(element)
    return (base.id, shift) if isinstance(base, ast.Name) else None


def index_footprint(index: ast.AST, var: str | None, code) -> Footprint:
    """Where ``x[index]`` falls: one span per axis the index consumes."""
    elements = list(index.elts) if isinstance(index, ast.Tuple) else [index]
    if any(isinstance(element, ast.Starred) for element in elements):
        return Footprint(whole=True)
    axes: list[tuple[AxisKey, Span]] = []
    ellipsis = next((number for number, element in enumerate(elements) if isinstance(element, ast.Constant) and element.value is Ellipsis), None)
    if ellipsis is None:
        position = 0
        for element in elements:
            if isinstance(element, ast.Constant) and element.value is None:
                continue
            axes.append((("front", position), _span(element, var, code)))
            position += 1
    else:
        before = [element for element in elements[:ellipsis] if not (isinstance(element, ast.Constant) and element.value is None)]
        after = [element for element in elements[ellipsis + 1 :] if not (isinstance(element, ast.Constant) and element.value is None)]
        for position, element in enumerate(before):
            axes.append((("front", position), _span(element, var, code)))
        for position, element in enumerate(reversed(after)):
            axes.append((("back", position), _span(element, var, code)))
    return Footprint(tuple(axes))


def _mirror(span: Span) -> Span:
    if not span.relative:
        return span
    lo = None if span.hi is None else 1 - span.hi
    hi = None if span.lo is None else 1 - span.lo
    return Span(True, lo, hi)


def sees_earlier(write: Footprint, read: Footprint, direction: int, changing: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether a read at step k can see what the write wrote at some earlier step k'
    (k' < k walking up, k' > k walking down). ``changing``: the names the loop assigns (its
    targets among them); a position anchored on any other name is the same at every step."""
    if write.whole or read.whole:
        return True
    if not write.moving:
        return True  # a fixed position written every step: any later read of it sees it
    low, high = 1, None  # d = distance to the earlier step, d >= 1
    read_axes = dict(read.axes)
    for key, write_span in write.axes:
        read_span = read_axes.get(key)
        if read_span is None:
            continue  # the read covers the whole axis
        if direction < 0:
            write_span, read_span = _mirror(write_span), _mirror(read_span)
        if write_span.relative and read_span.relative:
            # write [k' + wl, k' + wh), read [k + rl, k + rh): overlap iff wl - rh < d < wh - rl
            if write_span.lo is not None and read_span.hi is not None:
                low = max(low, write_span.lo - read_span.hi + 1)
            if write_span.hi is not None and read_span.lo is not None:
                bound = write_span.hi - read_span.lo - 1
                high = bound if high is None else min(high, bound)
        elif not write_span.relative and not read_span.relative:
            if write_span.lo is not None and read_span.lo is not None and write_span.lo != read_span.lo:
                return False  # x.at[i, 0] and x[i - 1, 1]: different fixed columns
            anchors = (write_span.anchor, read_span.anchor)
            if anchors[0] and anchors[1] and anchors[0][0] == anchors[1][0] not in changing and anchors[0] != anchors[1]:
                return False  # h.at[z, t + 1] and h[z - 1, t]: the step writes one column and reads another
        # one relative, one absolute: the write passes over the fixed position at some step
    return high is None or low <= high


# -- writes --------------------------------------------------------------------------------


@dataclass
class Write:
    """``x = <x updated at a position>``: ``x.at[idx].op(v)``, ``index_update(x, idx, v)``, a
    ``lax.dynamic_update_*``."""

    statement: ast.stmt
    array: str
    method: str
    call: ast.Call
    value: ast.expr | None
    #: The expressions that say where (read, not written).
    where: list[ast.expr]
    footprint: Footprint
    #: ``x.at[idx]`` written as an ``.at`` (the fix keeps it as it is).
    form: str = "at"
    #: The variable the position moves with (the loop index or a counter), and its direction.
    var: str | None = None
    direction: int = 1


def write_of(stmt: ast.stmt, var: str | None, resolve, code) -> Write | None:
    """The write ``stmt`` is, if it assigns a name an update of itself at a position."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Call)):
        return None
    name = _carrier(stmt.targets[0])
    if name is None:
        return None
    call = stmt.value
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in AT_METHODS and isinstance(func.value, ast.Subscript):
        at = func.value.value
        if isinstance(at, ast.Attribute) and at.attr == "at" and _carrier(at.value) == name:
            if any(isinstance(arg, ast.Starred) for arg in call.args):
                return None
            index = func.value.slice
            value = call.args[0] if call.args else None
            return Write(stmt, name, func.attr, call, value, [index], index_footprint(index, var, code), "at")
        return None
    qualified = resolve(func) or ""
    if qualified in OPS_FUNCTIONS and len(call.args) >= 3 and isinstance(call.args[0], ast.Name) and call.args[0].id == name:
        index = call.args[1]
        if isinstance(index, ast.Subscript) and (resolve(index.value) or "").endswith("ops.index"):
            index = index.slice
        return Write(stmt, name, OPS_FUNCTIONS[qualified], call, call.args[2], [call.args[1]], index_footprint(index, var, code), "ops")
    if qualified in DYNAMIC_UPDATES and len(call.args) >= 3 and isinstance(call.args[0], ast.Name) and call.args[0].id == name:
        kind = DYNAMIC_UPDATES[qualified]
        where = call.args[2]
        if kind == "starts":
            footprint = _starts_footprint(where, None, var, code)
        else:
            axis = int_value(call.args[3]) if len(call.args) > 3 else None
            for keyword in call.keywords:
                if keyword.arg == "axis":
                    axis = int_value(keyword.value)
            if axis is None:
                footprint = Footprint(whole=True)
            else:
                span = _span(where, var, code)
                if kind == "start" and span.relative:
                    span = Span(True, span.lo, None)  # the update's length is not read here
                footprint = Footprint(((_axis_key(axis), span),))
        return Write(stmt, name, "set", call, call.args[1], [where], footprint, "dynamic")
    return None


def entry_name(node: ast.AST) -> str | None:
    """``state["h"]`` (a literal key of a local mapping) or ``self.h`` (an attribute of a name)
    as the name of the value it holds; the dataflow tracks such entries like names
    (``state["h"] = f(state["h"], x)`` and ``self.h = f(self.h, x)`` carry it)."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return f"{node.value.id}[{node.slice.value!r}]"
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def _carrier(node: ast.AST) -> str | None:
    """The name an ``.at`` write rebinds: ``x``, or a literal-key entry ``state["x"]``."""
    return node.id if isinstance(node, ast.Name) else entry_name(node)


def _axis_key(axis: int) -> AxisKey:
    return ("front", axis) if axis >= 0 else ("back", -axis - 1)


def _starts_footprint(starts: ast.AST, sizes: ast.AST | None, var: str | None, code) -> Footprint:
    if not isinstance(starts, (ast.Tuple, ast.List)):
        return Footprint(whole=True)
    size_items = list(sizes.elts) if isinstance(sizes, (ast.Tuple, ast.List)) and len(sizes.elts) == len(starts.elts) else None
    axes = []
    for position, element in enumerate(starts.elts):
        span = _span(element, var, code)
        if span.relative:
            size = int_value(size_items[position]) if size_items is not None else None
            span = Span(True, span.lo, span.lo + size if span.lo is not None and size is not None else None)
        axes.append((("front", position), span))
    return Footprint(tuple(axes))


def chained_index(node: ast.Subscript) -> tuple[ast.Name, list[ast.expr]] | None:
    """``(x, [a, b])`` for ``x[a][b]``: an item of an item, the element ``x[a, b]`` (the inner
    index a position, not a slice, so no axis is kept); None for any other subscript."""
    inner = node.value
    if not (isinstance(inner, ast.Subscript) and isinstance(inner.value, ast.Name)):
        return None
    first = list(inner.slice.elts) if isinstance(inner.slice, ast.Tuple) else [inner.slice]
    if any(isinstance(element, (ast.Slice, ast.Starred)) or isinstance(element, ast.Constant) and element.value in (None, Ellipsis) for element in first):
        return None
    second = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
    return inner.value, [*first, *second]


def read_footprint(node: ast.AST, arrays: set[str], var: str | None, resolve, code) -> tuple[str, Footprint] | None:
    """``(array, footprint)`` when ``node`` reads part of one of ``arrays``: ``x[idx]``,
    ``x.at[idx].get()``, ``lax.dynamic_index_in_dim(x, i, axis)``, ``jnp.take(x, i, axis=k)``..."""
    if isinstance(node, ast.Subscript):
        chained = chained_index(node)
        if chained is not None and chained[0].id in arrays:
            return chained[0].id, index_footprint(ast.Tuple(elts=chained[1], ctx=ast.Load()), var, code)
        base = node.value
        if isinstance(base, ast.Attribute) and base.attr == "at":
            base = base.value
        if isinstance(base, ast.Name) and base.id in arrays:
            return base.id, index_footprint(node.slice, var, code)
        return None
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in arrays:
        qualified = resolve(node.func) or ""
        if qualified not in DYNAMIC_READS:
            return None
        array = node.args[0].id
        axis_node = next((keyword.value for keyword in node.keywords if keyword.arg == "axis"), None)
        if qualified == "jax.lax.dynamic_slice":
            starts = node.args[1] if len(node.args) > 1 else None
            sizes = node.args[2] if len(node.args) > 2 else None
            return array, _starts_footprint(starts, sizes, var, code) if starts is not None else Footprint(whole=True)
        if len(node.args) < 2:
            return array, Footprint(whole=True)
        where = node.args[1]
        if qualified == "jax.numpy.take":
            if axis_node is None and len(node.args) > 2:
                axis_node = node.args[2]
            axis = int_value(axis_node) if axis_node is not None else None
            if axis is None:
                return array, Footprint(whole=True)
            return array, Footprint(((_axis_key(axis), _span(where, var, code)),))
        if qualified == "jax.lax.dynamic_index_in_dim":
            if axis_node is None and len(node.args) > 2:
                axis_node = node.args[2]
            axis = int_value(axis_node) if axis_node is not None else 0
            if axis is None:
                return array, Footprint(whole=True)
            return array, Footprint(((_axis_key(axis), _span(where, var, code)),))
        # dynamic_slice_in_dim(x, start, size, axis=0)
        if axis_node is None and len(node.args) > 3:
            axis_node = node.args[3]
        axis = int_value(axis_node) if axis_node is not None else 0
        size = int_value(node.args[2]) if len(node.args) > 2 else None
        span = _span(where, var, code)
        if axis is None:
            return array, Footprint(whole=True)
        if span.relative:
            span = Span(True, span.lo, span.lo + size if span.lo is not None and size is not None else None)
        return array, Footprint(((_axis_key(axis), span),))
    return None
