"""Fills whose step contracts a slice taken at the loop, in whatever spelling.

A loop that writes ``out.at[i]`` with a contraction of a slice read at the loop computes a
matrix product one slice at a time:

- ``phi = phi.at[i].set(jnp.sum(K[i, :, None] * g, axis=0) / n)``: row ``i`` of ``K @ g``;
- ``out = out.at[j].set(lax.cond(on, lambda: X[:, j] @ r, lambda: 0.0))``: ``X.T @ r``, masked.

One einsum over the loop's axis does it, and the backward pass of every slice is a full-size
scatter. GA201 writes the exact einsum for the spellings it can prove (``fixes/slice_einsum.py``)
and reports any other such fill with advice (``contraction_fill``); GA103's independent writes
leave the loop to it, so the loop gets one finding and its family is decided by what the step
computes. An accumulator (``gyr += jnp.outer(r, r)``) stays GA302's: a sum over the loop.

A contraction is an operation of the table (``analysis/operations.py``): ``matmul`` in every
spelling, ``inner``, ``vdot``, ``outer``, or ``sum`` of a product (``jnp.sum(u * v, axis=0)``).
One of its operands must be a slice read at the loop, or arithmetic on one (``x[i] - mu``): a
subscript at a loop variable of an array (not a list), a row the loop walks, or a local of the
step bound to one. A slice handed to a call (``grad_fn(x[i])``) is not an operand.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import Extent, is_collection_name
from gradadvisor.analysis.gathered_loops import at_set
from gradadvisor.analysis.accumulation_walk import for_level
from gradadvisor.analysis.operations import operation_of
from gradadvisor.analysis.slice_contraction import product_factors
from gradadvisor.analysis.syntax import names_read

#: Operations that contract their operands (``sum`` only of a product).
CONTRACTIONS = frozenset({"matmul", "inner", "vdot", "outer"})
#: Calls that select one of their arguments (``lax.cond``' branches, ``jnp.where``'s values).
SELECTIONS = frozenset({"jax.lax.cond", "jax.numpy.where", "jax.lax.select"})
#: How deep a step's locals are followed (``a = x[i]; b = a @ w; out.at[i].set(b)``).
LOCAL_DEPTH = 3


@dataclass
class ContractionFill:
    """A loop whose step writes into ``target`` at the loop a value holding ``contraction``,
    which contracts ``slice`` read at the loop."""

    loop: ast.For
    target: str
    contraction: ast.expr
    slice: ast.expr
    extent: Extent
    #: How a message names the loop (``range(n)``, ``positions``).
    header: ast.expr


def contraction_fill(ctx, node: ast.AST) -> ContractionFill | None:
    """The loop as a fill of slice contractions (see the module), or None. The write is at the
    loop's own index (``out.at[i]``, ``out.at[:, j]``), not at one an outer loop also moves
    (``g.at[i, j]``: a triangle or a grid, a nest) nor at an index read from data (a scatter)."""
    if not isinstance(node, ast.For) or node.orelse or ctx.function is None or not any(at_set(statement) for statement in node.body):
        return None  # (cheap first: a fill writes ``out = out.at[...].set(...)`` in the body)
    level = for_level(ctx, node)
    if level is None or not level.extent.is_data or level.extent.by_name:
        return None
    rows = {name for name, array in level.elements.items() if _array(ctx, array)}
    variables = set(level.targets) - set(level.elements)
    locals_: dict[str, ast.expr] = {}
    written: tuple[str, ast.expr] | None = None
    step_names = {statement.targets[0].id for statement in node.body if _local(statement)}  # type: ignore[attr-defined]
    for statement in node.body:
        fill = at_set(statement)
        if fill is not None and written is None and variables & names_read(fill[1]) and names_read(fill[1]) <= variables:
            written = fill[0], fill[2]
            continue
        if not _local(statement) or written is not None:
            return None  # another effect, or a statement after the write
        name = statement.targets[0].id  # type: ignore[union-attr]
        if names_read(statement.value) & (step_names - locals_.keys()) or name in locals_:  # type: ignore[union-attr]
            return None  # ``z = step(z) + L @ eps[i]``: a value carried from step to step, a recurrence
        locals_[name] = statement.value  # type: ignore[union-attr]
    if written is None:
        return None
    target, value = written
    if target in locals_ or target in variables or any(target in names_read(expr) for expr in locals_.values()) or target in names_read(value):
        return None  # the step reads the array it writes: a recurrence
    found = _contraction_in(ctx, value, variables, rows, locals_, LOCAL_DEPTH)
    if found is None:
        return None
    contraction, sliced = found
    return ContractionFill(node, target, contraction, sliced, level.extent, node.iter)


def _local(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)


def _array(ctx, expr: ast.AST) -> bool:
    """``expr`` may hold an array, not a list of different ones."""
    value = ctx.value(expr)
    if value.kind in (v.SEQUENCE, v.MAPPING, v.STRING) or value.host:
        return False
    tail = expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else None
    return value.is_array or not (tail and is_collection_name(tail))


def _sliced(ctx, expr: ast.AST, variables: set[str], rows: set[str], locals_: dict[str, ast.expr], depth: int) -> ast.expr | None:
    """The slice read at the loop that ``expr`` (an operand) is, or holds through arithmetic
    (``x[i] - mu``), or None. A slice handed to a call (``grad_fn(x[i])``) is not the operand."""
    for node in _arithmetic(expr):
        if isinstance(node, ast.Name) and node.id in rows:
            return node
        if isinstance(node, ast.Subscript) and variables & names_read(node.slice) and not variables & names_read(node.value) and _array(ctx, node.value):
            return node
        if isinstance(node, ast.Name) and node.id in locals_ and depth > 0:
            found = _sliced(ctx, locals_[node.id], variables, rows, locals_, depth - 1)
            if found is not None:
                return found
    return None


def _arithmetic(expr: ast.AST):
    """``expr`` and the operands of its arithmetic, not the arguments of its calls."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.BinOp):
            stack.extend((node.left, node.right))
        elif isinstance(node, ast.UnaryOp):
            stack.append(node.operand)
        elif isinstance(node, ast.Subscript):
            stack.append(node.value)


def _linear_terms(ctx, value: ast.expr):
    """The terms a written value adds, scales or selects between (``a + b``, ``-a``, ``a / n``,
    the branches of ``lax.cond`` or ``jnp.where``): a contraction among them is a row of a
    product; one inside a nonlinear function (``jnp.tanh(x[i] @ w)``) is a map of that function."""
    stack = [value]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            stack.extend((node.left, node.right))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            stack.append(node.operand)
        elif isinstance(node, ast.Lambda):
            stack.append(node.body)
        elif isinstance(node, ast.Call) and (ctx.resolve(node.func) or "") in SELECTIONS:
            stack.extend(arg for arg in node.args[1:] if not isinstance(arg, ast.Starred))


def _contraction_in(ctx, value: ast.expr, variables: set[str], rows: set[str], locals_: dict[str, ast.expr], depth: int) -> tuple[ast.expr, ast.expr] | None:
    """``(contraction, slice)`` for the first contraction of a slice among the terms of
    ``value`` (``_linear_terms``, through the step's locals), or None."""
    for node in _linear_terms(ctx, value):
        if isinstance(node, ast.Name) and node.id in locals_ and depth > 0:
            found = _contraction_in(ctx, locals_[node.id], variables, rows, locals_, depth - 1)
            if found is not None:
                return found
            continue
        operation = operation_of(node, ctx.resolve)
        if operation is None or operation.host:
            continue
        operands = list(operation.operands)
        if operation.name == "sum":
            product = operands[0] if operands else None
            if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
                continue
            operands = product_factors(product)
        elif operation.name not in CONTRACTIONS:
            continue
        for operand in operands:
            sliced = _sliced(ctx, operand, variables, rows, locals_, depth)
            if sliced is not None:
                return node, sliced
    return None
