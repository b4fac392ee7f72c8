"""A slice of a table-sized product: ``(table * scale)[index]`` under a gradient.

Inside a function differentiated with respect to its first argument (``scale``), a table
combined elementwise with something that depends on ``scale`` and *then* indexed uses only a
few rows, but the backward pass works on the whole table: it scatters the cotangent into
table-sized zeros and multiplies it by the table. Indexing first (``table[index] * scale``)
costs only the rows. This module finds the shape on CPython's ``ast`` with the facts layer:

- ``dense_slices``: every such subscript in a function's own code, directly
  (``(table * scale)[index]``) or through a name bound once to the product and only ever
  indexed (``scaled = table * scale`` then ``scaled[index]``);
- the index must pick a few rows (``narrow_index``, ``few_rows``): numbers, or index arrays of
  a literal length of at most 64 (a permutation of unknown length may pick every row).

Whether the table is large is the size question of ``analysis/captured_size.py``; GA401 asks
both and writes the finding.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Iterator

from gradadvisor.analysis import values as v
from gradadvisor.analysis.facts import Facts, Scope
from gradadvisor.analysis.statement_nodes import nodes_with_statements
from gradadvisor.analysis.syntax import names_read

#: Operators whose result has the shape of the larger operand: ``(table * scale)[i]``.
ELEMENTWISE_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.FloorDiv, ast.Mod)
#: An index array of at most this literal length picks "a few rows".
FEW_ROWS = 64


@dataclass(frozen=True)
class At:
    """Where an expression is evaluated: its function, that function's scope, its statement."""

    function: ast.AST
    scope: Scope
    statement: ast.AST

    def value(self, facts: Facts, expr: ast.AST) -> v.Value:
        return facts.value(expr, self.scope, self.statement)


@dataclass(frozen=True)
class DenseSlice:
    """``node`` indexes ``product`` (``table <op> other``); ``other`` reads ``differentiated``;
    ``named`` is the name the product was bound to, when it was."""

    node: ast.Subscript
    product: ast.BinOp
    table: ast.Name
    other: ast.expr
    differentiated: str
    named: str | None
    at: At


def first_argument(function: ast.AST) -> str | None:
    """The argument ``jax.grad`` differentiates by default (a method's first after ``self``)."""
    args = getattr(function, "args", None)
    if args is None:
        return None
    ordered = [arg.arg for arg in [*args.posonlyargs, *args.args]]
    if ordered and ordered[0] in ("self", "cls"):
        ordered = ordered[1:]
    return ordered[0] if ordered else None


def dense_slices(function: ast.AST, scope: Scope, facts: Facts, seen: set[int]) -> Iterator[DenseSlice]:
    """``(TABLE * scale)[index]`` in ``function``'s own code (its first argument is the one a
    gradient would be taken for). ``seen`` holds the bindings of named products already
    reported (a product read in several places is reported once per file)."""
    differentiated = first_argument(function)
    if differentiated is None:
        return
    for statement, node in nodes_with_statements(function, ast.Subscript):
        if isinstance(node.ctx, ast.Load) and isinstance(node.value, (ast.Name, ast.BinOp)) and narrow_index(node.slice):
            found = _dense_slice(node, At(function, scope, statement), differentiated, facts, seen)
            if found is not None:
                yield found


def _dense_slice(node: ast.Subscript, at: At, differentiated: str, facts: Facts, seen: set[int]) -> DenseSlice | None:
    product = node.value
    named: str | None = None
    if isinstance(product, ast.Name):
        named = product.id
        reaching = facts.bindings_at(named, at.scope, at.statement) if at.scope.binds(named) else []
        if len(reaching) != 1 or reaching[0].kind != "assign" or reaching[0].path or not isinstance(reaching[0].value, ast.BinOp):
            return None
        if id(reaching[0]) in seen or not only_indexed(at.function, named):
            return None
        seen.add(id(reaching[0]))
        product = reaching[0].value
    if not isinstance(product, ast.BinOp) or not isinstance(product.op, ELEMENTWISE_OPERATORS):
        return None
    if not few_rows(node.slice, at, facts):
        return None
    for table, other in ((product.left, product.right), (product.right, product.left)):
        if not isinstance(table, ast.Name) or table.id == differentiated or differentiated not in names_read(other):
            continue
        if differentiated in names_read(table):
            continue
        return DenseSlice(node, product, table, other, differentiated, named, at)
    return None


def few_rows(index: ast.AST, at: At, facts: Facts) -> bool:
    """The index picks a few rows: numbers, or index arrays of a literal length of at most 64
    (``perm`` of unknown length may pick every row)."""
    for item in index.elts if isinstance(index, ast.Tuple) else [index]:
        value = at.value(facts, item)
        if value.kind == v.ARRAY and value.rank != 0:
            length = value.shape[0] if value.shape else None
            if not (isinstance(length, int) and length <= FEW_ROWS):
                return False
        elif value.kind in (v.SEQUENCE,):
            if not (isinstance(value.length, int) and value.length <= FEW_ROWS):
                return False
    return True


def narrow_index(index: ast.AST) -> bool:
    """An index that picks rows (a number, an index array), not a slice of the whole."""
    items = index.elts if isinstance(index, ast.Tuple) else [index]
    if not items:
        return False
    for item in items:
        if isinstance(item, ast.Slice) or isinstance(item, ast.Constant) and (item.value is None or item.value is Ellipsis):
            return False
        if isinstance(item, ast.Constant) and not isinstance(item.value, int):
            return False
    return True


def only_indexed(function: ast.AST, name: str) -> bool:
    """Every read of ``name`` in ``function`` is ``name[...]`` with a narrow index."""
    reads = 0
    indexed = 0
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            reads += 1
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and narrow_index(node.slice):
            indexed += 1
    return reads > 0 and reads == indexed
