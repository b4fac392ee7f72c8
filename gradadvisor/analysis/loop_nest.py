"""Loop nests: the loops that a ``for`` statement (nested ones too), a comprehension,
``list(map(lambda i: ..., iterable))`` or a counted ``while`` runs, read into one model.

A ``Loop`` is one level of a nest:

- ``var``: the index it binds: the target of ``for i in range(...)``, ``enumerate``'s
  counter, or, for a walk over the rows of arrays (``for x in xs``, ``zip(xs, ys)``), an index
  the code never names (``x__row``: ``SYNTHETIC``);
- ``start``, ``stop``, ``step``: ``range``'s arguments as written, None for a default (start 0,
  step 1); ``start_value`` and ``step_value`` are their integer values when literal;
- ``walks``: the arrays whose rows the loop walks, and ``aliases``: which loop target is a row
  of which array (``enumerate(xs)``: ``{"x": xs}``). Such a loop runs ``len(walks[0])`` times;
- ``extent``: the trip count as far as the facts prove it (data-sized, a small literal, a name
  that only reads small: ``analysis/extent.py``);
- ``iterable`` and ``label``: what the loop walks, and how a message names it.

A ``Nest`` is such loops whose iterations compute one ``element`` each and gather it into one
array: stacked at an axis (``jnp.stack([...], axis=k)``) or written with ``out.at[i, j].set``
(``analysis/einsum.py``'s ``StackOutput`` and ``IndexOutput``). How those gathering forms are
read is ``analysis/gathered_loops.py``.

The readers take a rule's context ``ctx`` and ask it ``resolve``, ``is_builtin``, ``extent``,
``extent_of_bound``, ``value``, ``code``, ``facts`` and ``scope``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace

from gradadvisor.analysis.einsum import IndexOutput, StackOutput
from gradadvisor.analysis.extent import LATER_AXIS, Extent
from gradadvisor.analysis.syntax import COMPREHENSIONS, call, int_value, name, names_read, one_line, substitute, unwrapped_iterable, walk

#: The suffix of the index name given to loops over rows (``for x in xs``): never spelled in code.
SYNTHETIC = "__row"


@dataclass
class Loop:
    """One level of a loop nest: ``var`` walks ``range(start, stop, step)``, or the rows of
    ``walks`` (``for x in xs``, ``enumerate(xs)``, ``zip(xs, ys)``: then ``aliases`` says
    which loop target is a row of which array, and ``var`` is an index the code never names)."""

    var: str
    iterable: ast.AST
    extent: Extent
    start: ast.expr | None = None
    stop: ast.expr | None = None
    step: ast.expr | None = None
    walks: tuple[ast.expr, ...] = ()
    aliases: dict[str, ast.expr] = field(default_factory=dict)
    #: How messages name the loop (``while i < n``); its iterable's code when empty.
    label: str = ""

    @property
    def start_value(self) -> int | None:
        return 0 if self.start is None else int_value(self.start)

    @property
    def step_value(self) -> int | None:
        return 1 if self.step is None else int_value(self.step)

    def shown(self, code) -> str:
        """How a message names the loop: its label, else its iterable's code."""
        return self.label or one_line(code(self.iterable), 30)

    def as_slice(self) -> ast.Slice:
        """``start:stop:step`` of the indices the loop walks (``:len(xs)`` for rows)."""
        if self.walks:
            return ast.Slice(upper=call("len", self.walks[0]))
        lower = None if self.start_value == 0 else self.start
        step = None if self.step_value == 1 else self.step
        return ast.Slice(lower=lower, upper=self.stop, step=step)


@dataclass
class Nest:
    """A loop nest whose iterations compute ``element`` and gather it into one array."""

    loops: list[Loop]
    element: ast.expr
    output: StackOutput | IndexOutput
    #: The loop variables of one level are flattened into one axis (``itertools.product``).
    flatten: bool = False
    #: ``jnp.stack`` of a generator (which raises in JAX: it needs a sequence).
    generator: bool = False
    #: The array function that gathers the results (``jnp.stack``), when it is a call.
    gather: ast.expr | None = None
    #: ids of the ``xs[index]`` nodes that stand for loop targets walking rows (``for x in xs``).
    rows: set[int] = field(default_factory=set)

    def over(self, code) -> str:
        """The loops, as a message names them (the first two)."""
        return ", ".join(f"`{loop.shown(code)}`" for loop in self.loops[:2])

    def indexed_element(self) -> ast.expr | None:
        """The element with the rows of walked arrays spelled as ``xs[index]`` (recorded in
        ``rows``); None when a row is read inside a lambda or a comprehension."""
        aliases = {alias: (loop.var, array) for loop in self.loops for alias, array in loop.aliases.items()}
        if not aliases:
            return self.element
        for child in walk(self.element):
            if isinstance(child, (ast.Lambda, *COMPREHENSIONS)) and any(a in names_read(child) for a in aliases):
                return None

        def replace(node: ast.AST) -> ast.AST | None:
            if isinstance(node, ast.Name) and node.id in aliases:
                var, array = aliases[node.id]
                row = ast.Subscript(value=array, slice=name(var), ctx=ast.Load())
                self.rows.add(id(row))
                return row
            return None

        return substitute(self.element, replace)  # type: ignore[return-value]


def is_product(iterable: ast.AST, resolve) -> bool:
    """``itertools.product(...)``."""
    return isinstance(iterable, ast.Call) and resolve(iterable.func) == "itertools.product"


def data_sized(loops: list[Loop]) -> bool:
    """Every loop grows with the data (or is sized by a name that reads small, one name for
    the nest: its call sites decide), and the nest is rectangular (no loop's iterable reads
    another loop's variable: ``for j in range(i)`` is triangular)."""
    if not loops:
        return False
    if not all(loop.extent.is_data or loop.extent.by_name for loop in loops):
        return False
    if len({loop.extent.param for loop in loops if loop.extent.by_name}) > 1:
        return False
    variables = {loop.var for loop in loops}
    return not any(variables & names_read(loop.iterable) for loop in loops)


def inside(statement: ast.AST | None, container: ast.AST) -> bool:
    """``statement`` is ``container`` or a node within it."""
    if statement is None:
        return False
    return any(node is statement for node in walk(container))


def var_count(node: ast.AST, variables: set[str]) -> int:
    """How many times ``node`` reads one of ``variables``."""
    return sum(1 for child in walk(node) if isinstance(child, ast.Name) and child.id in variables)


def clause_loops(ctx, target: ast.AST, iterable: ast.AST) -> list[Loop] | None:
    """The loops one ``for target in iterable`` clause runs (two for ``itertools.product``)."""
    if isinstance(iterable, ast.Call) and any(isinstance(arg, ast.Starred) for arg in iterable.args):
        return None
    iterable, _ = unwrapped_iterable(iterable, ctx.is_builtin, reverse=False)  # list(range(n)): the order a gather keeps
    if isinstance(target, ast.Name):
        found = range_loop(ctx, target.id, iterable)
        if found is not None:
            return [found]
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and ctx.is_builtin(iterable.func, iterable.func.id):
            return None
        return row_loop(ctx, f"{target.id}{SYNTHETIC}", iterable, {target.id: iterable})
    if not isinstance(target, ast.Tuple) or not all(isinstance(element, ast.Name) for element in target.elts) or not isinstance(iterable, ast.Call):
        return None
    names = [element.id for element in target.elts]  # type: ignore[attr-defined]
    if len(set(names)) != len(names):
        return None
    args = iterable.args
    if ctx.is_builtin(iterable.func, "enumerate") and len(args) == 1 and not iterable.keywords and len(names) == 2:
        return row_loop(ctx, names[0], iterable, {names[1]: args[0]})
    if ctx.is_builtin(iterable.func, "zip") and len(args) == len(names) and all(k.arg == "strict" for k in iterable.keywords):
        return row_loop(ctx, f"{names[0]}{SYNTHETIC}", iterable, dict(zip(names, args)))
    if is_product(iterable, ctx.resolve) and len(args) == len(names) == 2 and not iterable.keywords:
        loops = [range_loop(ctx, var, arg) for var, arg in zip(names, args)]
        if any(loop is None for loop in loops):
            return None
        return loops  # type: ignore[return-value]
    return None


def range_loop(ctx, var: str, iterable: ast.AST) -> Loop | None:
    """``var`` walking ``range(...)`` (one to three arguments, no keywords), or None."""
    if not (isinstance(iterable, ast.Call) and ctx.is_builtin(iterable.func, "range") and 1 <= len(iterable.args) <= 3 and not iterable.keywords):
        return None
    values = iterable.args
    extent = ctx.extent(iterable)
    if len(values) == 1:
        return Loop(var, iterable, extent, stop=values[0])
    return Loop(var, iterable, extent, values[0], values[1], values[2] if len(values) == 3 else None)


def row_loop(ctx, var: str, iterable: ast.Call | ast.AST, aliases: dict[str, ast.expr]) -> list[Loop] | None:
    """A loop over the rows of arrays; each must be an array by the facts (a Python list of
    arrays is walked without slicing)."""
    arrays = tuple(aliases.values())
    for array in arrays:
        value = ctx.value(array)
        if not value.is_array or value.host or value.rank == 0:
            return None
    return [Loop(var, iterable, ctx.extent(iterable), walks=arrays, aliases=dict(aliases))]


def comprehension_clauses(expr: ast.AST, is_builtin) -> tuple[list[tuple[ast.AST, ast.AST]], ast.expr] | None:
    """``([(target, iterable), ...], element)`` of a list comprehension or generator (no
    ``if`` clauses) and of ``list(map(lambda target: element, iterable))``."""
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp)):
        if any(clause.ifs or clause.is_async for clause in expr.generators):
            return None
        return [(clause.target, clause.iter) for clause in expr.generators], expr.elt
    if not (isinstance(expr, ast.Call) and is_builtin(expr.func, "list") and len(expr.args) == 1 and not expr.keywords):
        return None
    mapped = expr.args[0]
    if not (isinstance(mapped, ast.Call) and is_builtin(mapped.func, "map") and len(mapped.args) == 2 and not mapped.keywords):
        return None
    function, iterable = mapped.args
    if not isinstance(function, ast.Lambda):
        return None
    arguments = function.args
    if len(arguments.args) != 1 or arguments.posonlyargs or arguments.kwonlyargs or arguments.vararg or arguments.kwarg or arguments.defaults:
        return None
    return [(name(arguments.args[0].arg), iterable)], function.body


def for_nest(ctx, node: ast.For) -> tuple[list[Loop], ast.stmt, list[ast.stmt]] | None:
    """``(loops, body, for statements)`` of perfectly nested ``for`` statements (each holding
    only the next, no ``else``) down to the one statement of the innermost body."""
    loops: list[Loop] = []
    current: ast.stmt = node
    nested: list[ast.stmt] = []
    while isinstance(current, ast.For):
        if current.orelse:
            return None
        level = clause_loops(ctx, current.target, current.iter)
        if level is None:
            return None
        if len(level) > 1 and not is_product(current.iter, ctx.resolve):
            return None
        loops.extend(level)
        nested.append(current)
        if len(current.body) != 1:
            return None
        current = current.body[0]
    return loops, current, nested


def counted_while(ctx, node: ast.While) -> tuple[Loop, ast.stmt] | None:
    """``(loop, statement)`` for ``i = k`` ... ``while i < n: <one statement>; i += 1``: a
    ``range(k, n)`` loop (``i`` bound once before the loop, to a literal, and only stepped in it)."""
    if node.orelse or len(node.body) != 2:
        return None
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name)):
        return None
    var = test.left.id
    statement, step = node.body
    if not (isinstance(step, ast.AugAssign) and isinstance(step.target, ast.Name) and step.target.id == var and isinstance(step.op, ast.Add) and int_value(step.value) == 1):
        return None
    if var in names_read(test.comparators[0]):
        return None
    outside = [b for b in ctx.facts.bindings_at(var, ctx.scope, node) if not inside(b.statement, node)]
    if len(outside) != 1 or outside[0].kind != "assign" or outside[0].path or int_value(outside[0].value) is None:
        return None
    if any(b.statement is not step for b in ctx.scope.bindings.get(var, []) if inside(b.statement, node)):
        return None
    stop = test.comparators[0]
    extent = ctx.extent_of_bound(stop)
    return Loop(var, stop, extent, start=outside[0].value, stop=stop, label=f"while {var} < {one_line(ctx.code(stop), 25)}"), statement


def named_extent(loops: list[Loop]) -> Extent | None:
    """The extent of a loop sized by a name that only reads small (``range(dim)``): its call
    sites decide whether the nest is data-sized; None when no loop is."""
    return next((loop.extent for loop in loops if loop.extent.by_name), None)


def sizing_extent(loops: list[Loop]) -> Extent:
    """The extent that sizes a nest: a proven one, else the first. ``range(x.shape[1])`` is
    proven too: the loop walks the axis it slices, one slice (and one backward scatter) per
    column whatever the axis means, where an axis after the first alone is only likely."""
    extent = next((loop.extent for loop in loops if loop.extent.proof == "proven"), loops[0].extent)
    if extent.proof == "likely" and LATER_AXIS.search(extent.size or ""):
        extent = replace(extent, proof="proven")
    return extent
