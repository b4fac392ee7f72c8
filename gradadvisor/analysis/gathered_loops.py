"""Loops whose results are gathered into one array, read as a ``Nest`` (``analysis/loop_nest.py``).

Three forms gather:

- a call of an array function on a comprehension, ``jnp.stack([... for i in range(n)], axis=k)``
  (also ``jnp.array``, ``jnp.asarray``, ``list(map(lambda i: ..., ...))``, two ``for`` clauses,
  and comprehensions of such calls: the inner loop is stacked first): ``unstack``;
- a statement loop writing one entry per iteration, ``out = out.at[i, j].set(value)``:
  ``at_set`` and ``at_set_nest``;
- a statement loop appending to a list that starts empty just before it and is then gathered
  by one ``jnp.stack(outs, axis=k)`` / ``jnp.array(outs)``: ``appended_nest``.

Only the array functions of an autodiff library (``jax.numpy``, ``autograd.numpy``) gather.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.einsum import IndexOutput, StackOutput
from gradadvisor.analysis.loop_nest import Loop, Nest, clause_loops, comprehension_clauses, inside, is_product
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.syntax import int_value, names_read, positional, walk

#: Array functions that gather a comprehension into one array (``axis`` only for stack).
STACKERS = ("stack", "array", "asarray")


def stacker(node: ast.Call, resolve) -> tuple[str, str] | None:
    """``(module, function)`` for ``jnp.stack``/``jnp.array``/``jnp.asarray`` (autodiff numpy only)."""
    qualified = resolve(node.func) or ""
    module, _, function = qualified.rpartition(".")
    if module in AUTODIFF_NUMPY and function in STACKERS:
        return module, function
    return None


def unstack(ctx, node: ast.Call) -> Nest | None:
    """The nest of ``jnp.stack([... for i in range(n)], axis=k)`` and nests of them."""
    found = stacker(node, ctx.resolve)
    if found is None:
        return None
    function = found[1]
    args = positional(node)
    if not args or len(node.args) != len(args):
        return None
    axis: ast.expr | None = None
    if function == "stack":
        if len(args) == 2 and not node.keywords:
            axis = args[1]
        elif len(args) == 1 and len(node.keywords) == 1 and node.keywords[0].arg == "axis":
            axis = node.keywords[0].value
        elif len(args) != 1 or node.keywords:
            return None
    elif len(args) != 1 or node.keywords:
        return None
    axis_value = int_value(axis) if axis is not None else 0
    if axis_value is None:
        return None
    comprehension = args[0]
    if isinstance(comprehension, ast.GeneratorExp) and function != "stack":
        return None
    nest = _unstack_comprehension(ctx, comprehension, axis_value)
    if nest is not None:
        nest.generator = nest.generator or isinstance(comprehension, ast.GeneratorExp)
        nest.gather = node.func
    return nest


def _unstack_comprehension(ctx, comprehension: ast.AST, axis: int) -> Nest | None:
    parts = comprehension_clauses(comprehension, ctx.is_builtin)
    if parts is None:
        return None
    levels, element = parts
    loops: list[Loop] = []
    for target, iterable in levels:
        level = clause_loops(ctx, target, iterable)
        if level is None:
            return None
        loops.extend(level)
    if len(loops) > 1 and len(levels) == 1 and not is_product(levels[0][1], ctx.resolve) or len(levels) > 2:
        return None
    flatten = len(loops) > 1
    inner = None
    if not flatten:
        if isinstance(element, ast.Call) and stacker(element, ctx.resolve) is not None:
            inner = unstack(ctx, element)
            if inner is not None and (inner.flatten or inner.generator):
                return None
        elif isinstance(element, ast.ListComp):
            inner = _unstack_comprehension(ctx, element, 0)
    if inner is None:
        stacking = tuple((loop.var, axis) for loop in reversed(loops)) if not flatten else tuple((loop.var, 0) for loop in reversed(loops))
        if flatten and axis != 0:
            return None
        return Nest(loops, element, StackOutput(stacking), flatten=flatten)
    assert isinstance(inner.output, StackOutput)
    stacking = (*inner.output.stacking, (loops[0].var, axis))
    return Nest(loops + inner.loops, inner.element, StackOutput(stacking))


def at_set(statement: ast.stmt) -> tuple[str, ast.expr, ast.expr] | None:
    """``(out, index, value)`` for ``out = out.at[index].set(value)``."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
        return None
    target = statement.targets[0].id
    value = statement.value
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "set"):
        return None
    if len(value.args) != 1 or value.keywords or isinstance(value.args[0], ast.Starred):
        return None
    at = value.func.value
    if not (isinstance(at, ast.Subscript) and isinstance(at.value, ast.Attribute) and at.value.attr == "at"):
        return None
    if not (isinstance(at.value.value, ast.Name) and at.value.value.id == target):
        return None
    return target, at.slice, value.args[0]


def at_set_nest(loops: list[Loop], target: str, index: ast.expr, value: ast.expr) -> Nest | None:
    """The nest of ``loops`` writing ``target = target.at[index].set(value)``: every loop
    variable in the index, each entry a loop variable, ``:`` or one ``...``, and the value
    not reading ``target`` (a recurrence)."""
    if target in names_read(value) or any(loop.var not in names_read(index) for loop in loops):
        return None
    loop_vars = {loop.var for loop in loops}
    entries: list[str | None] = []
    ellipsis_at = None
    for element in index.elts if isinstance(index, ast.Tuple) else [index]:
        if isinstance(element, ast.Name) and element.id in loop_vars:
            entries.append(element.id)
        elif isinstance(element, ast.Slice) and element.lower is None and element.upper is None and element.step is None:
            entries.append(None)
        elif isinstance(element, ast.Constant) and element.value is Ellipsis and ellipsis_at is None:
            ellipsis_at = len(entries)
        else:
            return None
    return Nest(loops, value, IndexOutput(tuple(entries), ellipsis_at))


def initial_value(ctx, target: str, loop: ast.stmt) -> ast.expr | None:
    """The value ``target`` holds when the loop starts (one plain assignment reaching it)."""
    outside = [b for b in ctx.facts.bindings_at(target, ctx.scope, loop) if not inside(b.statement, loop)]
    if len(outside) == 1 and outside[0].kind == "assign" and not outside[0].path:
        return outside[0].value  # type: ignore[return-value]
    return None


def appended_nest(ctx, node: ast.stmt, loop: Loop, expr: ast.expr) -> tuple[Nest, ast.Call] | None:
    """``(nest, gathering call)`` for ``outs = []``, then ``loop`` running ``outs.append(value)``
    (``expr``), then one statement gathering ``outs`` with ``jnp.stack(outs, axis=k)``."""
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "append" and isinstance(expr.func.value, ast.Name)):
        return None
    if len(expr.args) != 1 or expr.keywords or isinstance(expr.args[0], ast.Starred):
        return None
    outs = expr.func.value.id
    place = ctx.block_of(node)
    if place is None:
        return None
    block, position = place
    # The list starts empty just before the loop and is first used to build one array.
    if position == 0 or not _assigns_empty_list(block[position - 1], outs):
        return None
    consumer = next((statement for statement in block[position + 1 :] if outs in names_read(statement)), None)
    gathered = _gathering_call(consumer, outs, ctx.resolve) if consumer is not None else None
    if gathered is None:
        return None
    gather_call, axis = gathered
    return Nest([loop], expr.args[0], StackOutput(((loop.var, axis),)), gather=gather_call.func), gather_call


def _gathering_call(statement: ast.stmt, outs: str, resolve) -> tuple[ast.Call, int] | None:
    """The ``jnp.stack(outs, axis=k)`` / ``jnp.array(outs)`` call in ``statement``, with k."""
    found: list[tuple[ast.Call, int]] = []
    for node in walk(statement):
        if not isinstance(node, ast.Call) or stacker(node, resolve) is None:
            continue
        args = positional(node)
        if not args or not (isinstance(args[0], ast.Name) and args[0].id == outs):
            continue
        function = stacker(node, resolve)[1]  # type: ignore[index]
        rest = [*args[1:], *(k.value for k in node.keywords)]
        axis: int | None = 0
        if rest:
            keywords_ok = all(k.arg == "axis" for k in node.keywords)
            if function != "stack" or len(rest) != 1 or not keywords_ok:
                continue
            axis = int_value(rest[0])
        if axis is not None:
            found.append((node, axis))
    count = sum(1 for node in walk(statement) if isinstance(node, ast.Name) and node.id == outs and isinstance(node.ctx, ast.Load))  # `outs = jnp.array(outs)` too
    if len(found) != 1 or count != 1:
        return None
    return found[0]


def _assigns_empty_list(statement: ast.stmt, outs: str) -> bool:
    return (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and statement.targets[0].id == outs
        and isinstance(statement.value, ast.List)
        and not statement.value.elts
    )
