"""Copies of one value stacked, one per element of a data-sized collection.

``jnp.stack([flock for _ in range(len(flock))])``, ``np.array([periods for _ in ks])``: the
comprehension's element does not read its loop variable, so every item is the same value, and
the result is that value repeated along a new leading axis. Under a trace the comprehension
unrolls one copy per element (the program grows with the data) and the stack materialises
``n`` copies; ``jnp.broadcast_to`` makes the same array in one operation, and where the copies
only feed a ``vmap`` that maps the other arguments, ``in_axes=None`` needs none at all. GA101's
shape (a per-sample map whose function ignores the sample).

Only a plain value is read as one value: a name, an attribute of one, or an item at a constant
index (``cfg.gains``, ``tables[0]``). A call in the element may draw or change state on each
step (``np.random.randn(3)``, ``next(it)``): its items may differ, so it is not a copy.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.extent import Extent
from gradadvisor.analysis.syntax import names_read, one_line


@dataclass(frozen=True)
class StackedCopies:
    """``value`` repeated once per element of ``iterable`` (``extent`` data-sized)."""

    value: ast.expr
    iterable: ast.expr
    extent: Extent
    #: How many copies, as code (``len(xs)``, ``n``).
    count: str


def stacked_copies(source: ast.AST, ctx) -> StackedCopies | None:
    """The copies ``source`` (the list a join stacks) holds, when it is a comprehension of one
    generator, no condition, whose element is a plain value free of the loop's variables, over
    a data-sized iterable; None otherwise."""
    if not (isinstance(source, ast.ListComp) and len(source.generators) == 1):
        return None
    generator = source.generators[0]
    if generator.ifs or generator.is_async or not _plain(source.elt):
        return None
    if names_read(source.elt) & names_read(generator.target):
        return None  # the element reads the loop variable: a per-sample map, or nothing
    extent = ctx.extent(generator.iter)
    if not extent.is_data:
        return None
    return StackedCopies(source.elt, generator.iter, extent, _count(generator.iter, ctx))


def _plain(node: ast.expr) -> bool:
    """A name, an attribute chain on one, or an item of one at a constant index."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Constant):
            return False
        node = node.value
    return isinstance(node, ast.Name)


def _count(iterable: ast.expr, ctx) -> str:
    """``n`` for ``range(n)``, else ``len(xs)``."""
    if isinstance(iterable, ast.Call) and ctx.is_builtin(iterable.func, "range") and len(iterable.args) == 1 and not iterable.keywords:
        return one_line(ctx.code(iterable.args[0]), 30)
    return f"len({one_line(ctx.code(iterable), 30)})"


def copies_message(ctx, join: ast.Call, found: StackedCopies) -> str:
    """The finding's message: what ``join`` stacks, and what to write instead: one broadcast (or
    no copies where they feed a ``vmap``)."""
    value = one_line(ctx.code(found.value), 30)
    module = ctx.code(join.func).rpartition(".")[0] or "jnp"
    return (f"`{one_line(ctx.code(join), 60)}` stacks a copy of `{value}` per element of `{one_line(ctx.code(found.iterable), 30)}`, "
            f"built and traced one by one; use `{module}.broadcast_to({value}, ({found.count}, *{module}.shape({value})))`, one operation; "
            f"where the copies only feed a `vmap` that maps the other arguments, pass `{value}` itself with `in_axes=None` and build none")
