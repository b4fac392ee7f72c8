"""A loop (or a pair of nested loops) read as a walk over the rows of arrays.

GA302 asks it of the loops that fill an accumulator. Each loop of the nest becomes a
``Level``: a walk over indices ``start <= index < stop`` (``range(...)``, ``enumerate``, a
``while i < n`` counter) or over whole elements (``for xi in x``, ``zip``,
``itertools.pairwise``, ``itertools.product``), with what the code proves about it: the
stop written as an array's length (``len(a) - 1``, ``N`` bound to ``a.shape[0]`` while ``a``
holds the same value), arrays walked together of equal length, and whether the loop runs
at least once (from literal lengths here, or from what call sites pass: checks that phase 2
settles). It also reads the term's side of the walk: the reads of an array at the loop
index (``x[i]``, ``x[:, i - 1]``, ``jnp.take(x, i, axis=1)``: ``vectorize.AxisRead``), the axis
each walks and whether that axis is the one the stop measures.

``ctx`` is a rule's context (``value``, ``extent``, ``resolve``, ``is_builtin``, ``code``,
``facts``, ``scope``, ``parameter_of``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import Extent, is_collection_name
from gradadvisor.analysis.syntax import call, child_nodes, constant, int_value, names_read, one_line, read_as_value, target_names, unwrapped_iterable
from gradadvisor.analysis.vectorize import AxisRead, axis_read, same_length_slices

#: Values that are certainly not arrays (a list of arrays may hold different shapes).
NOT_ARRAYS = frozenset({v.SEQUENCE, v.SCALAR, v.STRING, v.MAPPING, v.NONE, v.MODULE, v.CALLABLE})


@dataclass
class Level:
    """One loop of the nest, as a walk over indices ``start <= index < stop``.

    ``elements`` are the loop variables that stand for whole elements (``xi`` in ``for xi in x``,
    ``zip``, ``enumerate``): each maps to the array it walks, which is its batched form."""

    loop: ast.stmt
    header: str
    targets: tuple[str, ...]
    extent: Extent
    index: str | None = None
    start: "int | ast.expr" = 0
    stop: ast.expr | None = None
    #: ``stop == length[0].shape[length[1]] + length[2]``, proven here.
    length: tuple[ast.expr, int, int] | None = None
    elements: dict[str, ast.expr] = field(default_factory=dict)
    #: Unproven preconditions of reading the elements whole (``zip`` of arrays of different lengths).
    element_conditions: list[str] = field(default_factory=list)
    #: The expressions the loop header evaluates (their names must not be the loop's own).
    header_reads: set[str] = field(default_factory=set)
    #: ``range(0, n, k)``: the step ``k`` (the index then counts blocks, ``stop`` is ``n // k``:
    #: ``analysis/blocks.py``); None for steps of 1.
    stride: ast.expr | None = None


# -- loop headers -------------------------------------------------------------------------------


def while_level(ctx, node: ast.While) -> Level | None:
    """``i = 0; while i < n: ...; i += 1``: the loop ``for i in range(0, n)`` (its body is
    ``node.body[:-1]``)."""
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name)):
        return None
    counter, bound = test.left.id, test.comparators[0]
    if counter in names_read(bound) or not node.body or not is_increment(node.body[-1], counter):
        return None
    bindings = ctx.facts.bindings_at(counter, ctx.scope, node)
    if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or int_value(bindings[0].value) is None:
        return None
    start = int_value(bindings[0].value)
    extent = ctx.extent_of_bound(bound)
    return Level(
        node, f"`while {one_line(ctx.code(test), 40)}`", (counter,), extent, index=counter, start=start, stop=bound,  # type: ignore[arg-type]
        length=length_of(ctx, bound, node), header_reads=names_read(bound),
    )


def for_level(ctx, loop: ast.For, strided: bool = False) -> Level | None:
    """The walk of one ``for`` loop: ``range``, ``enumerate``, ``zip``, ``itertools.pairwise``
    or the rows of one array; None for anything else. ``strided``: ``range(0, n, k)`` too, for a
    reader that takes the step as a block width (``Level.stride``)."""
    target = loop.target
    # A sum's order does not matter: ``reversed(list(range(n)))`` adds what ``range(n)`` does.
    iterable, _ = unwrapped_iterable(loop.iter, ctx.is_builtin)
    targets = tuple(target_names(target))
    if len(set(targets)) == len(targets) and _enumerated_zip(ctx, target, iterable):
        return _enumerated_zip_level(ctx, loop, targets)
    flat = isinstance(target, ast.Name) or isinstance(target, ast.Tuple) and all(isinstance(item, ast.Name) for item in target.elts)
    if not targets or not flat or len(set(targets)) != len(targets):
        return None
    header = f"a Python loop over `{one_line(ctx.code(loop.iter), 40)}`"
    level = Level(loop, header, targets, ctx.extent(iterable), header_reads=names_read(iterable))
    if isinstance(iterable, ast.Call) and not iterable.keywords and not any(isinstance(arg, ast.Starred) for arg in iterable.args):
        args = iterable.args
        if ctx.is_builtin(iterable.func, "range"):
            if not isinstance(target, ast.Name) or not fill_range(ctx, level, iterable, target.id, loop, strided):
                return None
            return level
        if ctx.is_builtin(iterable.func, "enumerate"):
            if len(targets) != 2 or len(args) != 1 or not isinstance(target, ast.Tuple) or not walkable(ctx, args[0]):
                return None
            level.index, element = targets
            length = call("len", args[0]) if ctx.is_builtin(ast.Name(id="len", ctx=ast.Load()), "len") else None
            level.stop = length or ast.Subscript(value=ast.Attribute(value=args[0], attr="shape", ctx=ast.Load()), slice=constant(0), ctx=ast.Load())
            level.length = (args[0], 0, 0)
            level.elements = {element: args[0]}
            return level
        if ctx.is_builtin(iterable.func, "zip"):
            if not isinstance(target, ast.Tuple) or len(targets) != len(args) or len(args) < 2:
                return None
            walked = [walkable(ctx, arg) for arg in args]
            if not all(walked) and not (any(walked) and all(walked[k] or named_rows(ctx, args[k]) for k in range(len(args)))
                                        and all(read_as_value(loop, variable) for variable in targets)):
                return None  # zip(states, actions): a name that sounds like a collection, read as a value, walks with the data
            level.elements = dict(zip(targets, args))
            if not all(same_length(ctx, args[0], other) for other in args[1:]):
                listed = ", ".join(f"`{one_line(ctx.code(arg), 20)}`" for arg in args)
                level.element_conditions.append(f"{listed} have the same length (`zip` stops at the shortest)")
            return level
        if ctx.resolve(iterable.func) == "itertools.pairwise":
            if not isinstance(target, ast.Tuple) or len(targets) != 2 or len(args) != 1 or not walkable(ctx, args[0]):
                return None
            array = args[0]
            level.elements = {
                targets[0]: ast.Subscript(value=array, slice=ast.Slice(upper=constant(-1)), ctx=ast.Load()),
                targets[1]: ast.Subscript(value=array, slice=ast.Slice(lower=constant(1)), ctx=ast.Load()),
            }
            return level
        if ctx.value(iterable).kind != v.ARRAY:
            return None  # a helper's result, sorted(...): no single array walked (copies and `reversed` are unwrapped above)
    if not isinstance(target, ast.Name) or not walkable(ctx, iterable):
        return None  # a list or tuple (of arrays that may differ in shape): not rows of one array
    level.elements = {target.id: iterable}
    return level


def _enumerated_zip(ctx, target: ast.expr, iterable: ast.expr) -> bool:
    """``for i, (x, y) in enumerate(zip(xs, ys))``: an index and the zipped elements."""
    if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[0], ast.Name) and isinstance(target.elts[1], ast.Tuple)):
        return False
    if not all(isinstance(item, ast.Name) for item in target.elts[1].elts):
        return False
    if not (isinstance(iterable, ast.Call) and ctx.is_builtin(iterable.func, "enumerate") and len(iterable.args) == 1 and not iterable.keywords):
        return False
    inner = iterable.args[0]
    return (isinstance(inner, ast.Call) and ctx.is_builtin(inner.func, "zip") and not inner.keywords
            and len(inner.args) == len(target.elts[1].elts) >= 2 and not any(isinstance(arg, ast.Starred) for arg in inner.args))


def _enumerated_zip_level(ctx, loop: ast.For, targets: tuple[str, ...]) -> Level | None:
    """The walk of ``enumerate(zip(xs, ys))``: the zipped arrays' rows, and the index."""
    args = loop.iter.args[0].args  # type: ignore[attr-defined]
    if not all(walkable(ctx, arg) for arg in args):
        return None
    header = f"a Python loop over `{one_line(ctx.code(loop.iter), 40)}`"
    level = Level(loop, header, targets, ctx.extent(loop.iter.args[0]), header_reads=names_read(loop.iter))  # type: ignore[attr-defined]
    level.index = targets[0]
    level.stop = call("len", args[0]) if ctx.is_builtin(ast.Name(id="len", ctx=ast.Load()), "len") else ast.Subscript(
        value=ast.Attribute(value=args[0], attr="shape", ctx=ast.Load()), slice=constant(0), ctx=ast.Load())
    level.length = (args[0], 0, 0)
    level.elements = dict(zip(targets[1:], args))
    if not all(same_length(ctx, args[0], other) for other in args[1:]):
        listed = ", ".join(f"`{one_line(ctx.code(arg), 20)}`" for arg in args)
        level.element_conditions.append(f"{listed} have the same length (`zip` stops at the shortest)")
    return level


def product_levels(ctx, loop: ast.For) -> list[Level] | None:
    """``for a, b in itertools.product(xs, ys)``: two levels walking ``xs`` and ``ys``."""
    iterable, target = loop.iter, loop.target
    if not (isinstance(iterable, ast.Call) and ctx.resolve(iterable.func) == "itertools.product" and len(iterable.args) == 2 and not iterable.keywords):
        return None
    if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(item, ast.Name) for item in target.elts)):
        return None
    first, second = (item.id for item in target.elts)  # type: ignore[attr-defined]
    if first == second or any(isinstance(arg, ast.Starred) for arg in iterable.args):
        return None
    header = f"a Python loop over `{one_line(ctx.code(iterable), 40)}`"
    levels = []
    for variable, walked in zip((first, second), iterable.args):
        level = Level(loop, header, (variable,), ctx.extent(walked), header_reads=names_read(iterable))
        if isinstance(walked, ast.Call) and ctx.is_builtin(walked.func, "range"):
            if not fill_range(ctx, level, walked, variable, loop):
                return None
        elif walkable(ctx, walked):
            level.elements = {variable: walked}
        else:
            return None
        levels.append(level)
    return levels


def nest_levels(ctx, outer: ast.For) -> tuple[list[Level], ast.For] | None:
    """Two nested loops, the outer one holding only the inner one: their two levels and the
    inner loop, unless the outer loop is small and fixed (then the inner loop stands alone)
    or the inner one depends on it (a triangle, ``j < i``: not a rectangle of pairs)."""
    if not (len(outer.body) == 1 and isinstance(outer.body[0], ast.For) and not outer.body[0].orelse):
        return None
    inner = outer.body[0]
    first = for_level(ctx, outer)
    if first is None or first.extent.kind == "static":
        return None
    if names_read(inner.iter) & set(first.targets):
        return None
    second = for_level(ctx, inner)
    if second is None:
        return None
    return [first, second], inner


def fill_range(ctx, level: Level, iterable: ast.Call, index: str, loop: ast.stmt, strided: bool = False) -> bool:
    """Fill ``level`` from ``range(...)`` (False for a step other than 1, unless ``strided`` and the
    range starts at 0: ``range(0, n, k)`` walks ``n // k`` blocks)."""
    args = iterable.args
    if iterable.keywords or not 1 <= len(args) <= 3 or any(isinstance(arg, ast.Starred) for arg in args):
        return False
    if len(args) == 3 and int_value(args[2]) != 1:
        if not strided or int_value(args[0]) != 0:
            return False
        level.index, level.stride = index, args[2]
        level.stop = ast.BinOp(left=args[1], op=ast.FloorDiv(), right=args[2])
        return True
    level.index = index
    if len(args) >= 2:
        level.start = int_value(args[0]) if int_value(args[0]) is not None else args[0]
    level.stop = args[1] if len(args) >= 2 else args[0]
    level.length = length_of(ctx, level.stop, loop)
    return True


def is_increment(stmt: ast.stmt, counter: str) -> bool:
    """``counter += 1`` or ``counter = counter + 1``."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == counter:
        return isinstance(stmt.op, ast.Add) and int_value(stmt.value) == 1
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == counter:
        value = stmt.value
        return isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) and isinstance(value.left, ast.Name) and value.left.id == counter and int_value(value.right) == 1
    return False


# -- what is walked -------------------------------------------------------------------------------


def walkable(ctx, expr: ast.expr) -> bool:
    """``expr`` may be an array walked along its first axis: not a display, a comprehension,
    a constant, or a call that does not make an array (``range``, ``zip``, a helper)."""
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp, ast.Constant, ast.JoinedStr)):
        return False
    if isinstance(expr, ast.Call):
        return ctx.value(expr).kind == v.ARRAY
    return rows_of_one_thing(ctx, expr)


def named_rows(ctx, expr: ast.expr) -> bool:
    """A plain name that only its name makes a collection (``states``, ``labels``): no fact says
    it holds anything but rows."""
    return isinstance(expr, ast.Name) and ctx.value(expr).kind in (v.PARAM, v.UNKNOWN) and is_collection_name(expr.id)


def rows_of_one_thing(ctx, expr: ast.expr) -> bool:
    """``expr`` may hold rows of one kind (an array, or a list of per-step arrays): not a
    number or a string, not pytree leaves or a mapping's values, not a list of non-arrays,
    and, when no fact says what it holds, not named as a collection (``self.weights``)."""
    value = ctx.value(expr)
    if value.kind == v.SEQUENCE:
        if any(item == "pytree leaves" or "of a mapping" in item for item in value.evidence):
            return False
        if value.item is not None and value.item.kind not in (v.ARRAY, v.UNKNOWN, v.PARAM):
            return False
        return not is_collection_name(_own_name(expr))
    if value.kind in NOT_ARRAYS:
        return False
    return value.kind == v.ARRAY or not is_collection_name(_own_name(expr))


def _own_name(node: ast.AST) -> str:
    """The name ``node`` itself is written with (``x``, ``obj.attr``); "" for a subscript or a
    call, whose name says nothing about the rows (unlike ``syntax.tail_name``)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def length_of(ctx, stop: ast.expr, loop: ast.stmt, depth: int = 0) -> tuple[ast.expr, int, int] | None:
    """``(a, k, d)`` when ``stop`` is proven to equal ``a.shape[k] + d`` at ``loop``:
    ``len(a)``, ``a.shape[1]``, ``len(a) - 1``, or a name bound once to one of those (or by
    ``n, d = a.shape``) while ``a`` still holds the same value."""
    if depth > 4:
        return None
    if isinstance(stop, ast.Call) and ctx.is_builtin(stop.func, "len") and len(stop.args) == 1 and not stop.keywords:
        return stop.args[0], 0, 0
    if isinstance(stop, ast.Subscript) and isinstance(stop.value, ast.Attribute) and stop.value.attr == "shape" and int_value(stop.slice) is not None:
        return stop.value.value, int_value(stop.slice), 0  # type: ignore[return-value]
    if isinstance(stop, ast.BinOp) and isinstance(stop.op, (ast.Add, ast.Sub)) and int_value(stop.right) is not None:
        inner = length_of(ctx, stop.left, loop, depth + 1)
        delta = int_value(stop.right) * (1 if isinstance(stop.op, ast.Add) else -1)  # type: ignore[operator]
        return (inner[0], inner[1], inner[2] + delta) if inner is not None else None
    if isinstance(stop, ast.Name):
        bindings = ctx.facts.bindings_at(stop.id, ctx.scope, loop)
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].statement is None:
            return None
        binding = bindings[0]
        value = binding.value
        if len(binding.path) == 1 and binding.path[0] >= 0 and isinstance(value, ast.Attribute) and value.attr == "shape":
            found: tuple[ast.expr, int, int] | None = (value.value, binding.path[0], 0)
        elif binding.path == () and isinstance(value, ast.expr):
            found = length_of(ctx, value, binding.statement, depth + 1)  # type: ignore[arg-type]
        else:
            found = None
        if found is None or not isinstance(found[0], ast.Name):
            return None
        if not ctx.facts.same_binding(found[0].id, ctx.scope, binding.statement, loop):
            return None
        return found
    return None


def same_length(ctx, first: ast.expr, second: ast.expr) -> bool:
    """Proven: ``first`` and ``second`` have the same number of rows."""
    if same_length_slices(first, second, ctx.code):
        return True
    if ctx.code(first) == ctx.code(second):
        return True
    one, two = ctx.value(first), ctx.value(second)
    rows = [value.shape[0] if value.is_array and value.shape else None for value in (one, two)]
    return rows[0] is not None and rows[0] == rows[1]


def leading(value: v.Value) -> v.Dim:
    """The number of rows of an array value, when known."""
    return value.shape[0] if value.is_array and value.shape else None


def is_new(node: ast.AST) -> bool:
    """A node built for the fix (no position), such as pairwise's ``x[1:]``."""
    return getattr(node, "end_col_offset", None) is None


def base_array(node: ast.expr) -> ast.expr:
    """``x`` for ``x``, ``x[1:]``, ``x[:-1]`` (slices along the first axis keep the rank)."""
    while isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        node = node.value
    return node


# -- does the loop run at all ---------------------------------------------------------------------


def runs(ctx, level: Level) -> bool:
    """Proven: the loop runs at least once (a literal, non-zero length)."""
    if level.elements and level.index is None:
        for array in level.elements.values():
            rows = leading(ctx.value(array))
            if is_new(array):
                rows = leading(ctx.value(array.value))  # type: ignore[attr-defined]
                rows = rows - 1 if isinstance(rows, int) else None  # x[1:] and x[:-1] of pairwise
            if not (isinstance(rows, int) and rows > 0):
                return False
        return True
    start = level.start
    if not isinstance(start, int):
        return False
    if level.stop is not None and int_value(level.stop) is not None:
        return int_value(level.stop) > start  # type: ignore[operator]
    if level.length is not None:
        array, axis, delta = level.length
        value = ctx.value(array)
        rows = value.shape[axis] if value.is_array and value.shape is not None and -len(value.shape) <= axis < len(value.shape) else None
        return isinstance(rows, int) and rows + delta > start
    return False


def runs_by_callers(ctx, level: Level) -> list[str] | None:
    """The checks on call sites that prove the loop runs at least once: the parameter it
    walks (or whose axis bounds it) is non-empty there; None when no parameter decides."""
    if level.elements and level.index is None:
        params = [None if is_new(array) else ctx.parameter_of(array) for array in level.elements.values()]
        return None if None in params or not params else [f"longer {param} 0 0" for param in params]
    if isinstance(level.start, int) and level.length is not None and (level.stop is None or int_value(level.stop) is None):
        array, axis, delta = level.length
        param = ctx.parameter_of(array)
        if param is not None and isinstance(axis, int) and isinstance(delta, int):
            return [f"longer {param} {axis} {level.start - delta}"]
    return None


# -- the term's reads of the walked arrays ----------------------------------------------------------


def index_reads(term: ast.AST, index: str, resolve) -> list[AxisRead]:
    """The reads of arrays at ``index`` in ``term`` (outermost first)."""
    reads: list[AxisRead] = []
    stack = [term]
    while stack:
        node = stack.pop()
        read = axis_read(node, index, resolve)
        if read is not None:
            reads.append(read)
            stack.extend(child_nodes(read.array))
            continue
        stack.extend(child_nodes(node))
    return reads


def is_ellipsis_item(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is Ellipsis


def is_none_item(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def has_ellipsis_before(read: AxisRead) -> bool:
    return any(isinstance(item, ast.Constant) and item.value is Ellipsis for item in read.items[: read.position])


def array_axis(read: AxisRead) -> int | None:
    """The axis of the array that ``read`` walks: from the front (``x[:, i]`` -> 1) or, after
    ``...``, from the back (``x[..., i]`` -> -1)."""
    before, after = read.items[: read.position], read.items[read.position + 1 :]
    if not has_ellipsis_before(read):
        return sum(1 for item in before if not is_none_item(item))
    if any(isinstance(item, ast.Constant) and item.value is Ellipsis for item in after):
        return None
    return -1 - sum(1 for item in after if not is_none_item(item))


def axis_length(value: v.Value, read: AxisRead) -> v.Dim:
    """The length of the axis ``read`` walks, when known."""
    axis = array_axis(read)
    if not value.is_array or value.shape is None or axis is None or not -len(value.shape) <= axis < len(value.shape):
        return None
    return value.shape[axis]


def walks_length(ctx, read: AxisRead, length: tuple[ast.expr, int, int], value: v.Value) -> bool:
    """Proven: the axis ``read`` walks has the length ``length`` stands for (``len(a)``
    walking ``a[i]``, ``a.shape[1]`` walking ``a[:, j]``, or another array of the same length)."""
    array, axis, _ = length
    walked = array_axis(read)
    if walked is None:
        return False
    if ctx.code(array) == ctx.code(read.array):
        if walked == axis:
            return True
        rank = value.rank
        return rank is not None and walked % rank == axis % rank if rank else False
    return walked == axis == 0 and same_length(ctx, array, read.array)
