"""Loop-carried dataflow: what a Python loop carries from one step to the next, and how.

Read by the recurrence rule (GA103). For one ``for`` or ``while`` loop it answers:

- the loop's *form*: the integer index and its direction (``range``, ``reversed(range)``,
  ``enumerate``, a ``while i < n: ...; i += 1`` counter), the elements it walks (``for x in xs``,
  ``zip``), its ``range`` bounds;
- the *writes* into arrays at positions that move with the index (``x = x.at[i].set(v)``,
  ``.at[:, i]``, ``.at[..., j]``, ``jax.ops.index_update(x, i, v)``,
  ``lax.dynamic_update_slice(x, v, (i, 0))``, ``lax.dynamic_update_index_in_dim``), and for
  every read of such an array whether it sees what an *earlier step* wrote (``x[i - 1]``,
  ``x[:i]``, the whole array) or only the original values (``x[i]``, ``x[i + 1]`` in a forward
  loop);
- the *carried* names (a step reads the value an earlier step assigned) and among them the
  *recurrent* ones, whose new value depends on their old value through any chain of
  assignments (``h = tanh(W @ h + u[t])``; ``s`` and ``h`` updated from each other). Clocks and
  counters (``t = t + dt``, ``j += 1``) and PRNG keys split per step are set apart: they advance
  by a fixed rule and carry no data;
- what a step *stores*: a state written at the index or appended to a list (``hs.append(h)``);
- for one recurrent state, whether its update is *affine* in it (``a * x + b``, ``A @ x + b``,
  ``x[i - 1] * a + b``) with ``a`` and ``b`` free of the state: a linear recurrence, which
  ``jax.lax.associative_scan`` (or ``jnp.cumsum`` / ``jnp.cumprod``) computes in parallel.

Everything here is syntax plus the names the loop body assigns; it never runs code. Where it
cannot tell, it errs towards "depends on an earlier step": that keeps the advice (a scan) valid.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from gradadvisor.analysis.syntax import FUNCTION_NODES, child_nodes, int_value, names_read, target_names, walk, walk_local
from gradadvisor.analysis.syntax import substitute

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
#: Calls that derive a new PRNG key: a key split per step carries no data between steps.
KEY_UPDATES = frozenset({"jax.random.split", "jax.random.fold_in", "jax.random.PRNGKey", "jax.random.key", "jax.random.clone"})
#: Reads of an array that do not depend on its values.
METADATA = frozenset({"shape", "dtype", "ndim", "size", "at", "sharding", "aval", "weak_type"})
#: Statements a fix cannot move into a function body.
CONTROL = (ast.Return, ast.Break, ast.Continue, ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal, ast.Delete, ast.Raise, ast.Try)

AxisKey = tuple[str, int]  # ("front", k): k-th axis; ("back", k): k-th from the end (0 = last)


# -- the loop's form ---------------------------------------------------------------------------


@dataclass
class LoopForm:
    node: ast.For | ast.While
    #: The integer index moving one position per step (None: the loop walks elements only).
    index: str | None
    #: +1 when the index grows, -1 when it shrinks.
    direction: int
    #: Element variables -> the iterable they walk (``for x in xs``, ``zip``, ``enumerate``).
    elements: dict[str, ast.expr] = field(default_factory=dict)
    #: ``range(stop)`` / ``range(start, stop)`` walked upwards by one: ``(start, stop)`` (start None = 0).
    bounds: tuple[ast.expr | None, ast.expr] | None = None
    #: ``while``: the names the test compares, the bound, and the counter statements.
    bound: ast.expr | None = None
    counter_statements: list[ast.stmt] = field(default_factory=list)
    #: The names the loop header binds.
    targets: tuple[str, ...] = ()


def read_loop(node: ast.AST, is_builtin) -> LoopForm | None:
    """The form of a ``for`` / ``while`` loop, or None when it is not a walk the rule reads."""
    if isinstance(node, ast.For):
        return _for_form(node, is_builtin)
    if isinstance(node, ast.While):
        return _while_form(node)
    return None


def _range_direction(call: ast.Call, is_builtin) -> tuple[int, tuple[ast.expr | None, ast.expr] | None] | None:
    """(+1/-1, upward bounds) of ``range(...)``; None when the step is not a literal ±1-ish int."""
    if not (isinstance(call, ast.Call) and is_builtin(call.func, "range")) or call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    args = call.args
    if len(args) == 1:
        return 1, (None, args[0])
    if len(args) == 2:
        return 1, (args[0], args[1])
    if len(args) == 3:
        step = int_value(args[2])
        if step is None or step == 0:
            return None
        return (1 if step > 0 else -1), None
    return None


def _for_form(node: ast.For, is_builtin) -> LoopForm | None:
    target, iterable = node.target, node.iter
    names = tuple(target_names(target))
    if isinstance(target, ast.Name):
        if isinstance(iterable, ast.Call) and is_builtin(iterable.func, "reversed") and len(iterable.args) == 1:
            inner = iterable.args[0]
            found = _range_direction(inner, is_builtin) if isinstance(inner, ast.Call) else None
            if found is not None:
                return LoopForm(node, target.id, -found[0], targets=names)
            return LoopForm(node, None, -1, {target.id: inner}, targets=names)
        found = _range_direction(iterable, is_builtin) if isinstance(iterable, ast.Call) else None
        if found is not None:
            return LoopForm(node, target.id, found[0], bounds=found[1], targets=names)
        return LoopForm(node, None, 1, {target.id: iterable}, targets=names)
    if not isinstance(target, ast.Tuple) or not all(isinstance(element, ast.Name) for element in target.elts):
        return LoopForm(node, None, 1, {name: iterable for name in names}, targets=names) if names else None
    variables = [element.id for element in target.elts]  # type: ignore[attr-defined]
    if isinstance(iterable, ast.Call) and is_builtin(iterable.func, "enumerate") and len(iterable.args) == 1 and len(variables) == 2:
        return LoopForm(node, variables[0], 1, {variables[1]: iterable.args[0]}, targets=names)
    if isinstance(iterable, ast.Call) and is_builtin(iterable.func, "zip") and len(iterable.args) == len(variables):
        return LoopForm(node, None, 1, dict(zip(variables, iterable.args)), targets=names)
    return LoopForm(node, None, 1, {name: iterable for name in variables}, targets=names)


def _while_form(node: ast.While) -> LoopForm | None:
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE))):
        return None
    left, right = test.left, test.comparators[0]
    upward = isinstance(test.ops[0], (ast.Lt, ast.LtE))
    body_assigned = assigned_names(node.body)
    # The side the body moves is the counter side; the other side is the bound.
    if names_read(left) & body_assigned and not names_read(right) & body_assigned:
        moving, bound = left, right
    elif names_read(right) & body_assigned and not names_read(left) & body_assigned:
        moving, bound, upward = right, left, not upward
    else:
        return None
    counters = [stmt for stmt in node.body if _counter_step(stmt) is not None and _counter_step(stmt)[0] in names_read(moving)]  # type: ignore[index]
    index = None
    # An index only when it moves last: reads after ``i += 1`` would be one position off.
    if isinstance(moving, ast.Name) and counters and counters[-1] is node.body[-1]:
        name, step = _counter_step(counters[0])  # type: ignore[misc]
        literal = int_value(step)
        if name == moving.id and literal is not None and abs(literal) == 1:
            index = name
            upward = literal > 0
    return LoopForm(node, index, 1 if upward else -1, bound=bound, counter_statements=counters)


def _counter_step(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """``n += c`` / ``n -= c`` / ``n = n + c`` / ``n = n - c``: (name, signed step expression)."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, (ast.Add, ast.Sub)):
        step = stmt.value
        name = stmt.target.id
        op = stmt.op
    elif (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.BinOp)
        and isinstance(stmt.value.op, (ast.Add, ast.Sub))
        and isinstance(stmt.value.left, ast.Name)
        and stmt.value.left.id == stmt.targets[0].id
    ):
        step = stmt.value.right
        name = stmt.targets[0].id
        op = stmt.value.op
    else:
        return None
    if isinstance(op, ast.Sub):
        literal = int_value(step)
        step = ast.Constant(-literal) if literal is not None else ast.UnaryOp(op=ast.USub(), operand=step)
    return name, step


def assigned_names(body: list[ast.stmt]) -> set[str]:
    """Every name a block of statements binds (nested blocks included, nested definitions' insides not)."""
    found: set[str] = set()
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(stmt.name)
            continue
        for node in walk_local(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return found


# -- footprints: where along each axis a read or a write falls, relative to the index ----------


@dataclass(frozen=True)
class Span:
    """Positions along one axis. Relative spans are offsets from the index, ``[lo, hi)`` with None
    unbounded; absolute spans are a literal position (``lo``) or unknown (``lo`` None)."""

    relative: bool
    lo: int | None = None
    hi: int | None = None
    #: The element's text (absolute spans of other axes are compared by text).
    text: str = ""


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
    return Span(False, literal, text=code(element))


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


def sees_earlier(write: Footprint, read: Footprint, direction: int) -> bool:
    """Whether a read at step k can see what the write wrote at some earlier step k'
    (k' < k walking up, k' > k walking down)."""
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
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)):
        return None
    name = stmt.targets[0].id
    call = stmt.value
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in AT_METHODS and isinstance(func.value, ast.Subscript):
        at = func.value.value
        if isinstance(at, ast.Attribute) and at.attr == "at" and isinstance(at.value, ast.Name) and at.value.id == name:
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


def read_footprint(node: ast.AST, arrays: set[str], var: str | None, resolve, code) -> tuple[str, Footprint] | None:
    """``(array, footprint)`` when ``node`` reads part of one of ``arrays``: ``x[idx]``,
    ``x.at[idx].get()``, ``lax.dynamic_index_in_dim(x, i, axis)``, ``jnp.take(x, i, axis=k)``..."""
    if isinstance(node, ast.Subscript):
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


# -- the body as a sequence of steps ---------------------------------------------------------


@dataclass
class Item:
    """One statement of the loop body, in execution order, with the ``if`` tests it sits under.

    ``path`` names the branches that enclose it (an assignment is definite for the statements
    whose path extends its own). A *merge* item follows an ``if``: the names every branch assigns
    are definite from there on."""

    statement: ast.stmt
    tests: tuple[ast.expr, ...] = ()
    conditional: bool = False
    #: A nested loop or definition: read as a whole.
    opaque: bool = False
    path: tuple[tuple[int, int], ...] = ()
    merge: frozenset[str] | None = None


def body_items(body: list[ast.stmt], tests: tuple[ast.expr, ...] = (), conditional: bool = False, path: tuple = ()) -> list[Item]:
    items: list[Item] = []
    for stmt in body:
        if isinstance(stmt, ast.If):
            inner = tests + (stmt.test,)
            items.extend(body_items(stmt.body, inner, True, path + ((id(stmt), 0),)))
            items.extend(body_items(stmt.orelse, inner, True, path + ((id(stmt), 1),)))
            both = _definitely_assigned(stmt.body) & _definitely_assigned(stmt.orelse)
            items.append(Item(stmt, tests, conditional, path=path, merge=frozenset(both)))
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            items.append(Item(stmt, tests, conditional, opaque=False, path=path))
            items.extend(body_items(stmt.body, tests, conditional, path))
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            items.extend(body_items(stmt.body, tests, True, path + ((id(stmt), 0),)))  # type: ignore[attr-defined]
            for number, handler in enumerate(stmt.handlers, start=1):  # type: ignore[attr-defined]
                items.extend(body_items(handler.body, tests, True, path + ((id(stmt), number),)))
            items.extend(body_items(stmt.orelse, tests, True, path + ((id(stmt), 0),)))  # type: ignore[attr-defined]
            items.extend(body_items(stmt.finalbody, tests, conditional, path))  # type: ignore[attr-defined]
        elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Match)):
            items.append(Item(stmt, tests, conditional, opaque=True, path=path))
        else:
            items.append(Item(stmt, tests, conditional, path=path))
    return items


def _definitely_assigned(body: list[ast.stmt]) -> set[str]:
    """Names a block assigns on every path through it (its own statements and ``if``s with both branches)."""
    found: set[str] = set()
    for stmt in body:
        if isinstance(stmt, ast.Assign):
            found.update(name for target in stmt.targets for name in target_names(target))
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) and (stmt.value is not None or isinstance(stmt, ast.AugAssign)):
            found.update(target_names(stmt.target))
        elif isinstance(stmt, ast.If):
            found |= _definitely_assigned(stmt.body) & _definitely_assigned(stmt.orelse)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            found |= _definitely_assigned(stmt.body)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(stmt.name)
    return found


def exposed_reads(body: list[ast.stmt], defined: set[str] | None = None) -> set[str]:
    """Names a block reads before assigning them (upward-exposed reads), in execution order; a
    nested loop's own targets are defined by its header."""
    defined = set(defined or ())
    found: set[str] = set()

    def reads(node: ast.AST | None) -> None:
        if node is not None:
            found.update(names_read(node) - defined)

    for stmt in body:
        if isinstance(stmt, ast.Assign):
            reads(stmt.value)
            for target in stmt.targets:
                if not isinstance(target, (ast.Name, ast.Tuple, ast.List)):
                    reads(target)
            defined.update(name for target in stmt.targets for name in target_names(target))
        elif isinstance(stmt, ast.AugAssign):
            reads(stmt.value)
            reads(stmt.target if not isinstance(stmt.target, ast.Name) else None)
            if isinstance(stmt.target, ast.Name) and stmt.target.id not in defined:
                found.add(stmt.target.id)
        elif isinstance(stmt, ast.AnnAssign):
            reads(stmt.value)
            if stmt.value is not None:
                defined.update(target_names(stmt.target))
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            reads(stmt.iter)
            found |= exposed_reads(stmt.body, defined | set(target_names(stmt.target)))
            found |= exposed_reads(stmt.orelse, defined)
        elif isinstance(stmt, ast.While):
            reads(stmt.test)
            found |= exposed_reads(stmt.body, defined)
            found |= exposed_reads(stmt.orelse, defined)
        elif isinstance(stmt, ast.If):
            reads(stmt.test)
            found |= exposed_reads(stmt.body, defined)
            found |= exposed_reads(stmt.orelse, defined)
            defined |= _definitely_assigned(stmt.body) & _definitely_assigned(stmt.orelse)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                reads(item.context_expr)
                if item.optional_vars is not None:
                    defined.update(target_names(item.optional_vars))
            found |= exposed_reads(stmt.body, defined)
            defined |= _definitely_assigned(stmt.body)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            inner = {arg.arg for arg in ast.walk(stmt) if isinstance(arg, ast.arg)}
            found.update(names_read(stmt) - defined - inner - assigned_names(getattr(stmt, "body", [])))
            defined.add(stmt.name)  # type: ignore[union-attr]
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            found |= exposed_reads(stmt.body, defined)  # type: ignore[attr-defined]
            for handler in stmt.handlers:  # type: ignore[attr-defined]
                found |= exposed_reads(handler.body, defined)
            found |= exposed_reads(stmt.orelse + stmt.finalbody, defined)  # type: ignore[attr-defined]
        else:
            reads(stmt)
    return found


# -- dataflow --------------------------------------------------------------------------------


@dataclass
class Flow:
    form: LoopForm
    items: list[Item]
    #: Names the body binds (the loop's own targets excluded).
    assigned: set[str]
    writes: list[Write]
    #: Arrays written at positions that move with the index.
    moving_arrays: set[str]
    #: Names whose value from an earlier step is read.
    carried: set[str]
    #: Carried names whose new value depends on their old one (through any chain).
    recurrent: set[str]
    clocks: set[str]
    keys: set[str]
    #: name -> the old values its end-of-step value depends on.
    final: dict[str, frozenset[str]]
    #: Why each carried name is carried: the read that sees the earlier step.
    reasons: dict[str, str]
    #: Lists appended per step -> the appended values.
    appends: dict[str, list[ast.expr]]
    #: Recurrent names stored per step (written at the index, or appended).
    stored: set[str]
    #: Expression statements other than appends (calls for their side effects).
    side_effects: list[ast.stmt]
    #: For each write, the old values its value and position depend on.
    write_deps: dict[int, frozenset[str]]
    #: Before each statement: this step's values so far (name -> old values they depend on).
    snapshots: dict[int, dict[str, frozenset[str]]]
    has_walrus: bool = False

    def updates_of(self, name: str) -> list[ast.stmt]:
        return [item.statement for item in self.items if name in _item_targets(item)]


def _item_targets(item: Item) -> set[str]:
    stmt = item.statement
    if item.merge is not None:
        return set()
    if item.opaque:
        found = assigned_names([stmt])
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(stmt.name)
        return found
    if isinstance(stmt, ast.Assign):
        return {name for target in stmt.targets for name in target_names(target)}
    if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        return set(target_names(stmt.target)) if stmt.value is not None or isinstance(stmt, ast.AugAssign) else set()
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return {name for item in stmt.items if item.optional_vars is not None for name in target_names(item.optional_vars)}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in stmt.names}
    return set()


def analyse(form: LoopForm, resolve, code) -> Flow:
    """The dataflow of one loop body."""
    node = form.node
    items = body_items(node.body)
    var = form.index
    loop_names = set(form.targets) | ({var} if var else set())
    assigned = set()
    for item in items:
        assigned |= _item_targets(item)
    assigned -= set(form.targets)
    # Positions may move with the index, or with a counter the body steps by a literal (``j += 1``).
    movers: list[tuple[str, int]] = [(var, form.direction)] if var else []
    for name in sorted(assigned):
        steps = [_counter_step(item.statement) for item in items if name in _item_targets(item)]
        literals = [int_value(found[1]) if found is not None and found[0] == name else None for found in steps]
        if literals and all(literal is not None and literal != 0 for literal in literals) and len({literal > 0 for literal in literals}) == 1:  # type: ignore[operator]
            movers.append((name, 1 if literals[0] > 0 else -1))  # type: ignore[operator]
    writes: list[Write] = []
    for item in items:
        if item.opaque:
            continue
        for mover, sign in movers:
            write = write_of(item.statement, mover, resolve, code)
            if write is not None and write.footprint.moving:
                write.var, write.direction = mover, sign
                writes.append(write)
                break
    moving_arrays = {write.array for write in writes}
    by_array: dict[str, list[Write]] = {}
    for write in writes:
        by_array.setdefault(write.array, []).append(write)
    #: The variable each array's positions move with (None: several, so no read can be placed).
    array_var: dict[str, str | None] = {
        array: found[0].var if len({write.var for write in found}) == 1 else None for array, found in by_array.items()
    }
    written_at: dict[int, Write] = {id(write.statement): write for write in writes}

    current: dict[str, frozenset[str]] = {}
    #: Where each name was assigned so far (branch paths): definite for statements below them.
    assigned_paths: dict[str, list[tuple]] = {}
    here: tuple = ()
    old_reads: set[str] = set()
    reasons: dict[str, str] = {}
    appends: dict[str, list[ast.expr]] = {}
    side_effects: list[ast.stmt] = []
    write_deps: dict[int, frozenset[str]] = {}
    snapshots: dict[int, dict[str, frozenset[str]]] = {}
    has_walrus = False

    def _read_of(node: ast.AST) -> tuple[str, Footprint] | None:
        for array in moving_arrays:
            found = read_footprint(node, {array}, array_var[array], resolve, code)
            if found is not None:
                return found if array_var[array] is not None else (array, Footprint(whole=True))
        return None

    def is_definite(name: str, path: tuple) -> bool:
        return any(path[: len(where)] == where for where in assigned_paths.get(name, ()))

    def assign(name: str, deps: frozenset[str], path: tuple) -> None:
        if path and name in current:
            deps = deps | current[name]  # a branch: the value before it may flow on
        current[name] = deps
        assigned_paths.setdefault(name, []).append(path)

    def name_deps(name: str) -> frozenset[str]:
        if name in loop_names and name not in assigned:
            return frozenset()
        if name in current:
            deps = current[name]
            if not is_definite(name, here):
                deps = deps | {name}
                old_reads.add(name)
                reasons.setdefault(name, f"reads `{name}`, which the step before updated")
            return deps
        if name in assigned:
            old_reads.add(name)
            reasons.setdefault(name, f"reads `{name}`, which the step before updated")
            return frozenset({name})
        return frozenset()

    def expr_deps(expr: ast.AST | None, skip: ast.AST | None = None) -> frozenset[str]:
        """The old values ``expr`` depends on. ``skip``: a subtree not to read (a write's base)."""
        if expr is None:
            return frozenset()
        found: set[str] = set()
        stack = [expr]
        while stack:
            current_node = stack.pop()
            if current_node is skip:
                continue
            if isinstance(current_node, ast.Attribute) and isinstance(current_node.value, ast.Name) and current_node.attr in METADATA and current_node.attr != "at":
                continue
            if isinstance(current_node, ast.Call) and isinstance(current_node.func, ast.Name) and current_node.func.id in ("len", "isinstance", "type") and current_node.args:
                if all(isinstance(arg, ast.Name) for arg in current_node.args):
                    continue
            footprint = _read_of(current_node) if moving_arrays else None
            if footprint is not None:
                array, place = footprint
                earlier = [write for write in by_array[array] if sees_earlier(write.footprint, place, write.direction)]
                if earlier:
                    found.add(array)
                    old_reads.add(array)
                    if isinstance(current_node, ast.Call) and len(current_node.args) > 1:
                        shown = f"`{array}` at `{_short(code(current_node.args[1]))}`"  # lax.dynamic_index_in_dim(x, i - 1)
                    else:
                        shown = f"`{_short(code(current_node), 40)}`"
                    reasons.setdefault(array, f"reads {shown}, written by an earlier step")
                if array in current:
                    found |= current[array]
                # the position expressions are read too
                if isinstance(current_node, ast.Subscript):
                    stack.append(current_node.slice)
                else:
                    stack.extend(current_node.args[1:])  # type: ignore[attr-defined]
                    stack.extend(keyword.value for keyword in current_node.keywords)  # type: ignore[attr-defined]
                continue
            if isinstance(current_node, ast.Name) and isinstance(current_node.ctx, ast.Load):
                if current_node.id in moving_arrays:
                    found.add(current_node.id)
                    old_reads.add(current_node.id)
                    reasons.setdefault(current_node.id, f"reads all of `{current_node.id}`, which earlier steps wrote")
                    if current_node.id in current:
                        found |= current[current_node.id]
                else:
                    found |= name_deps(current_node.id)
                continue
            if isinstance(current_node, ast.NamedExpr):
                nonlocal has_walrus
                has_walrus = True
            stack.extend(child_nodes(current_node))
        return frozenset(found)

    for item in items:
        stmt = item.statement
        here = item.path
        if item.merge is not None:
            for name in item.merge:
                assigned_paths.setdefault(name, []).append(item.path)
            continue
        snapshots[id(stmt)] = dict(current)
        control = frozenset().union(*(expr_deps(test) for test in item.tests)) if item.tests else frozenset()
        targets = _item_targets(item)
        if item.opaque:
            reads = exposed_reads([stmt])
            deps = frozenset().union(*(name_deps(name) for name in reads if name not in moving_arrays)) if reads else frozenset()
            deps |= frozenset().union(*(expr_deps(ast.Name(id=name, ctx=ast.Load())) for name in reads & moving_arrays)) if reads & moving_arrays else frozenset()
            deps |= control
            for name in targets:
                assign(name, deps, here if not isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)) else here + ((id(stmt), 0),))
            continue
        write = written_at.get(id(stmt))
        if write is not None:
            if write.form == "at":
                base = write.call.func.value  # type: ignore[attr-defined]  # ``x.at[idx]``: written, not read
                deps = expr_deps(write.call, skip=base) | expr_deps(base.slice) | control
            else:
                deps = expr_deps(write.call, skip=write.call.args[0]) | control
            if write.array in current:
                deps |= current[write.array]
            write_deps[id(stmt)] = deps
            assign(write.array, deps, here)
            continue
        # ``xs.append(v)``, or ``xs = xs + [v]``: one item per step.
        appended = _append(stmt) if isinstance(stmt, ast.Expr) else _extended_list(stmt) if isinstance(stmt, ast.Assign) else None
        if appended is not None:
            list_name, value = appended
            appends.setdefault(list_name, []).append(value)
            write_deps[id(stmt)] = expr_deps(value) | control
            continue
        if isinstance(stmt, ast.Expr):
            expr_deps(stmt.value)
            side_effects.append(stmt)
            continue
        if isinstance(stmt, ast.Assign):
            deps = expr_deps(stmt.value) | control
            for target in stmt.targets:
                if not isinstance(target, (ast.Name, ast.Tuple, ast.List)):
                    deps |= expr_deps(target)  # x[i] = v, obj.attr = v: host-side mutation
                    side_effects.append(stmt)
        elif isinstance(stmt, ast.AugAssign):
            deps = expr_deps(stmt.value) | expr_deps(ast.Name(id=stmt.target.id, ctx=ast.Load()) if isinstance(stmt.target, ast.Name) else stmt.target) | control
            if not isinstance(stmt.target, ast.Name):
                side_effects.append(stmt)
        elif isinstance(stmt, ast.AnnAssign):
            deps = expr_deps(stmt.value) | control
        else:
            deps = frozenset().union(*(expr_deps(child) for child in ast.iter_child_nodes(stmt) if isinstance(child, ast.expr))) | control
            if isinstance(stmt, (ast.Raise, ast.Assert)):
                pass
        for name in targets:
            assign(name, deps, here)

    # The while test runs at the start of every step: it reads old values.
    if isinstance(node, ast.While):
        expr_deps(node.test)

    final = {name: (current.get(name, frozenset()) | ({name} if not is_definite(name, ()) else frozenset())) for name in assigned}
    carried = (old_reads & assigned) | moving_arrays
    keys = {name for name in carried if _key_only(name, items, resolve)}
    # A clock serves the other statements (``t`` read by the state update, the test, a position);
    # ``x = x + 1.0`` read by nothing else is the state itself.
    read_by_others = {
        name for item in items if item.merge is None and not isinstance(item.statement, (ast.With, ast.AsyncWith))
        for name in names_read(item.statement) - _item_targets(item)
    }
    if isinstance(node, ast.While):
        read_by_others |= names_read(node.test)
    clocks = {name for name in carried if name not in moving_arrays and name in read_by_others and _clock(name, items, assigned | loop_names)}
    if form.index and form.index in assigned:
        clocks.add(form.index)
    candidates = carried - keys - clocks
    recurrent = _in_cycles({name: final.get(name, frozenset()) & candidates for name in candidates})
    stored: set[str] = set()
    for write in writes:
        deps = write_deps.get(id(write.statement), frozenset())
        stored |= deps & recurrent
        if write.array in recurrent:
            stored.add(write.array)
    for list_name, values in appends.items():
        for item in items:
            if id(item.statement) in write_deps and _append_target(item.statement) == list_name:
                stored |= write_deps[id(item.statement)] & recurrent
    return Flow(
        form, items, assigned, writes, moving_arrays, carried, recurrent, clocks, keys, final, reasons, appends, stored,
        side_effects, write_deps, snapshots, has_walrus,
    )


def _short(text: str, limit: int = 30) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 4] + " ..."


def _append(stmt: ast.Expr) -> tuple[str, ast.expr] | None:
    """``hs.append(v)``: (``hs``, ``v``)."""
    value = stmt.value
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "append"
        and isinstance(value.func.value, ast.Name)
        and len(value.args) == 1
        and not value.keywords
    ):
        return value.func.value.id, value.args[0]
    return None


def _extended_list(stmt: ast.Assign) -> tuple[str, ast.expr] | None:
    """``hs = hs + [v]``: (``hs``, ``v``)."""
    if len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ast.Name):
        return None
    name = stmt.targets[0].id
    value = stmt.value
    if (
        isinstance(value, ast.BinOp)
        and isinstance(value.op, ast.Add)
        and isinstance(value.left, ast.Name)
        and value.left.id == name
        and isinstance(value.right, ast.List)
        and len(value.right.elts) == 1
    ):
        return name, value.right.elts[0]
    return None


def _append_target(stmt: ast.stmt) -> str | None:
    if isinstance(stmt, ast.Expr):
        found = _append(stmt)
        return found[0] if found else None
    if isinstance(stmt, ast.Assign):
        found = _extended_list(stmt)
        return found[0] if found else None
    return None


def _key_only(name: str, items: list[Item], resolve) -> bool:
    """Every update of ``name`` derives a PRNG key (``key, sub = jax.random.split(key)``)."""
    updates = [item.statement for item in items if name in _item_targets(item)]
    if not updates:
        return False
    for stmt in updates:
        value = getattr(stmt, "value", None)
        if not (isinstance(value, ast.Call) and (resolve(value.func) or "") in KEY_UPDATES):
            return False
    return True


def _clock(name: str, items: list[Item], variant: set[str]) -> bool:
    """Every update of ``name`` moves it by a step that does not change in the loop and is not
    computed by a call: ``t = t + dt``, ``j += 1``."""
    updates = [item for item in items if name in _item_targets(item)]
    if not updates:
        return False
    for item in updates:
        if item.opaque:
            return False
        found = _counter_step(item.statement)
        if found is None or found[0] != name:
            return False
        step = found[1]
        if names_read(step) & variant or any(isinstance(node, ast.Call) for node in walk(step)):
            return False
    return True


def _in_cycles(graph: dict[str, frozenset[str]]) -> set[str]:
    """The nodes that lie on a cycle (self-loops included)."""
    found: set[str] = set()
    for start in graph:
        seen: set[str] = set()
        stack = list(graph[start])
        while stack:
            node = stack.pop()
            if node == start:
                found.add(start)
                break
            if node in seen or node not in graph:
                continue
            seen.add(node)
            stack.extend(graph[node])
    return found


# -- linearity ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Affine:
    """``new = coefficient * old + offset`` (None: 1 and 0); ``matrix``: ``coefficient @ old``."""

    coefficient: ast.expr | None
    offset: ast.expr | None
    matrix: bool = False
    #: ``new = old + offset``: a running sum.
    @property
    def additive(self) -> bool:
        return self.coefficient is None

    @property
    def multiplicative(self) -> bool:
        return self.offset is None and self.coefficient is not None and not self.matrix


def affine(expr: ast.expr, is_state, is_stateful, matmul_names: frozenset[str] = frozenset({"jax.numpy.dot", "jax.numpy.matmul"}), resolve=None) -> Affine | None:
    """``expr`` as ``a * state + b`` with ``a`` and ``b`` free of the state, or None.

    ``is_state(node)``: the node reads the old state (``x``, ``x[i - 1]``); ``is_stateful(node)``:
    the node depends on the state in another way (then it is not affine, unless it is the state)."""

    def free(node: ast.AST) -> bool:
        return not any(is_state(child) or is_stateful(child) for child in walk(node))

    def build(node: ast.expr, depth: int = 0) -> Affine | None | str:
        """An Affine, "free" for a state-free expression, None when not affine."""
        if depth > 30:
            return None
        if is_state(node):
            return Affine(None, None)
        if free(node):
            return "free"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = build(node.operand, depth + 1)
            if not isinstance(inner, Affine):
                return None if inner is None else "free"
            return Affine(_neg(inner.coefficient), _neg_opt(inner.offset), inner.matrix)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
            return build(node.operand, depth + 1)
        if isinstance(node, ast.BinOp):
            left, right = build(node.left, depth + 1), build(node.right, depth + 1)
            if left is None or right is None:
                return None
            if isinstance(node.op, (ast.Add, ast.Sub)):
                if isinstance(left, Affine) and isinstance(right, Affine):
                    return None
                if isinstance(left, Affine):
                    other = node.right if isinstance(node.op, ast.Add) else ast.UnaryOp(op=ast.USub(), operand=node.right)
                    return Affine(left.coefficient, _add(left.offset, other), left.matrix)
                if isinstance(right, Affine):
                    sign = isinstance(node.op, ast.Sub)
                    coefficient = _neg(right.coefficient) if sign else right.coefficient
                    offset = _neg_opt(right.offset) if sign else right.offset
                    return Affine(coefficient, _add(node.left, offset) if offset is not None else node.left, right.matrix)
                return "free"
            if isinstance(node.op, ast.Mult):
                if isinstance(left, Affine) and isinstance(right, Affine):
                    return None
                if isinstance(left, Affine) and not left.matrix:
                    return Affine(_mul(left.coefficient, node.right), _mul_opt(left.offset, node.right))
                if isinstance(right, Affine) and not right.matrix:
                    return Affine(_mul(right.coefficient, node.left, left_side=True), _mul_opt(right.offset, node.left, left_side=True))
                return None if isinstance(left, Affine) or isinstance(right, Affine) else "free"
            if isinstance(node.op, ast.Div):
                if isinstance(left, Affine) and right == "free" and not left.matrix:
                    return Affine(_div(left.coefficient, node.right), _div_opt(left.offset, node.right))
                return None
            if isinstance(node.op, ast.MatMult):
                if left == "free" and isinstance(right, Affine) and right.coefficient is None and right.offset is None:
                    return Affine(node.left, None, True)
                return None
            return None
        if isinstance(node, ast.Call) and resolve is not None and len(node.args) == 2 and not node.keywords:
            qualified = resolve(node.func) or ""
            if qualified in matmul_names:
                left, right = build(node.args[0], depth + 1), build(node.args[1], depth + 1)
                if left == "free" and isinstance(right, Affine) and right.coefficient is None and right.offset is None:
                    return Affine(node.args[0], None, True)
            return None
        return None

    result = build(expr)
    return result if isinstance(result, Affine) else None


def _neg(node: ast.expr | None) -> ast.expr:
    return ast.UnaryOp(op=ast.USub(), operand=node if node is not None else ast.Constant(1))


def _neg_opt(node: ast.expr | None) -> ast.expr | None:
    return None if node is None else ast.UnaryOp(op=ast.USub(), operand=node)


def _add(left: ast.expr | None, right: ast.expr) -> ast.expr:
    return right if left is None else ast.BinOp(left=left, op=ast.Add(), right=right)


def _mul(coefficient: ast.expr | None, factor: ast.expr, left_side: bool = False) -> ast.expr:
    if coefficient is None:
        return factor
    return ast.BinOp(left=factor, op=ast.Mult(), right=coefficient) if left_side else ast.BinOp(left=coefficient, op=ast.Mult(), right=factor)


def _mul_opt(offset: ast.expr | None, factor: ast.expr, left_side: bool = False) -> ast.expr | None:
    return None if offset is None else _mul(offset, factor, left_side)


def _div(coefficient: ast.expr | None, divisor: ast.expr) -> ast.expr:
    return ast.BinOp(left=coefficient if coefficient is not None else ast.Constant(1), op=ast.Div(), right=divisor)


def _div_opt(offset: ast.expr | None, divisor: ast.expr) -> ast.expr | None:
    return None if offset is None else ast.BinOp(left=offset, op=ast.Div(), right=divisor)


def inline(expr: ast.expr, definitions: dict[str, ast.expr], depth: int = 4) -> ast.expr:
    """``expr`` with names replaced by their definitions earlier in the step (a few levels)."""
    for _ in range(depth):
        changed = False

        def replace(node: ast.AST) -> ast.AST | None:
            nonlocal changed
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in definitions:
                changed = True
                return definitions[node.id]
            if isinstance(node, FUNCTION_NODES):
                return node
            return None

        expr = substitute(expr, replace)  # type: ignore[assignment]
        if not changed:
            break
    return expr


# -- questions for fixes ----------------------------------------------------------------------


def index_only_as_position(body: ast.AST, var: str, code) -> bool:
    """``var`` appears only as a whole position ``a[var + c]`` / ``a[..., var - c]`` (a traced
    index works there); never as a number, a slice bound or a shape."""
    allowed: set[int] = set()
    for node in walk(body):
        if isinstance(node, ast.Subscript):
            elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            for element in elements:
                if offset(element, var) is not None:
                    allowed.update(id(child) for child in walk(element))
    for node in walk(body):
        if isinstance(node, ast.Name) and node.id == var and id(node) not in allowed:
            return False
    return True


def reads_outside(function: ast.AST, loop: ast.AST, name: str) -> bool:
    """Whether ``name`` is read anywhere in ``function`` outside the body of ``loop`` (after it, in
    a closure, in the loop header, or before it on a later pass of an enclosing loop), or may be
    read after ``function`` returns (declared ``global`` or ``nonlocal``; a module's name)."""
    if isinstance(function, ast.Module):
        return True  # a module's name: any importer may read it
    for node in walk(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True  # bound outside the function too: read after it returns
    inside = {id(node) for stmt in [*loop.body, *getattr(loop, "orelse", [])] for node in walk(stmt)}  # type: ignore[attr-defined]
    if isinstance(loop, ast.While):
        inside |= {id(node) for node in walk(loop.test)}
    for node in walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) and id(node) not in inside:
            return True
    return False
