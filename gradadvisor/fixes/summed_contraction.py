"""An accumulation of contracted slices as one einsum, the loop's axis summed.

``C = C + jnp.outer(A[:, i], B[i, :])`` over ``i`` is ``C + jnp.einsum("ai,ib->ab", A, B)``,
and ``acc += jnp.dot(W[i], x[i])`` is ``jnp.einsum("iab,ib->a", W, x)``. GA302's general
rewrite maps the term with ``jax.vmap`` and sums the results, which builds every step's term
at once: n times the memory of the result when the term is a matrix (an outer product, a
matrix product of slices). Written as one einsum the sum over the loop's axis is part of the
contraction, and XLA never builds the stack.

``summed_contraction`` takes the term with each loop-dependent read replaced by a leaf variable
(``fixes/batched_sum.Leaf``) and answers the einsum, or None when the term is not one
contraction (``outer``, ``dot``, ``matmul``/``@``, ``inner``, ``vdot``) of leaves and arrays
the loop does not index, of ranks the code shows (an ``outer`` of slices of unshown rank takes
vectors, a condition of the fix).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from gradadvisor.analysis.einsum import contraction_axes
from gradadvisor.analysis.slice_contraction import contraction_of
from gradadvisor.analysis.syntax import attribute_path, call, constant, one_line

if TYPE_CHECKING:
    from gradadvisor.fixes.batched_sum import Leaf

#: The loop's letter, then letters for the other axes.
LOOP_LETTER = "n"
AXIS_LETTERS = "abcdefghjklm"
OUTER = frozenset({"jax.numpy.outer", "numpy.outer", "autograd.numpy.outer"})


def summed_contraction(ctx, term: ast.expr, leaves: list[Leaf]) -> tuple[ast.expr, list[str], list] | None:
    """``(jnp.einsum(...), conditions, imports)`` for ``term`` summed over the loop, or None."""
    by_name = {leaf.variable: leaf for leaf in leaves}
    qualified = ctx.resolve(term.func) if isinstance(term, ast.Call) else None
    if qualified in OUTER and len(term.args) == 2 and not term.keywords:  # type: ignore[union-attr]
        kind, factors = "outer", list(term.args)  # type: ignore[union-attr]
    else:
        found = contraction_of(term, ctx.resolve)
        if found is None or found[3] or found[0] == "sum_product":
            return None  # precision= and the like: kept by GA201's rewrite, not here
        kind, factors = found[0], found[1]
    conditions: list[str] = []
    ranks: list[int] = []
    positions: list[int | None] = []
    operands: list[ast.expr] = []
    for factor in factors:
        leaf = by_name.get(factor.id) if isinstance(factor, ast.Name) else None
        if leaf is None and isinstance(factor, ast.Name) and factor.id in by_name:
            return None
        if leaf is not None:
            if leaf.position is None:
                return None
            rank = leaf.rank
            if rank is None and kind != "outer":
                return None  # a matrix product's einsum needs each operand's rank
            if rank is None:
                rank = 1  # what `outer` takes; it flattens anything else
                conditions.append(f"`{one_line(ctx.code(leaf.array), 20)}` is a matrix: each step reads a vector of it (`outer` flattens anything else)")
            operands.append(leaf.operand)
            positions.append(leaf.position)
        else:
            if any(isinstance(node, ast.Name) and node.id in by_name for node in ast.walk(factor)):
                return None  # a leaf inside a larger expression: not one contraction of slices
            rank = ctx.value(factor).rank
            if rank is None:
                return None
            operands.append(factor)
            positions.append(None)
        if rank == 0 or kind == "outer" and rank != 1:
            return None
        ranks.append(rank)
    if not any(position is not None for position in positions):
        return None
    if kind == "outer":
        groups: list = []
        result = [(0, 0), (1, 0)]
    else:
        found_axes = contraction_axes(kind, ranks)  # type: ignore[arg-type]
        if found_axes is None:
            return None
        groups, result = found_axes
    letters = iter(AXIS_LETTERS)
    names: dict[tuple[int, int], str] = {}
    batch = {group[0]: group[1] for group in groups if group[0] in result}
    for place in result:
        names[place] = next(letters)
        if place in batch:
            names[batch[place]] = names[place]
    for group in groups:
        if group[0] in result:
            continue
        letter = next(letters)
        for place in group:
            names[place] = letter
    spelled: list[str] = []
    for number, (rank, position) in enumerate(zip(ranks, positions)):
        axes = [names[(number, axis)] for axis in range(rank)]
        if position is not None:
            at = position if position >= 0 else rank + 1 + position
            if not 0 <= at <= rank:
                return None
            axes.insert(at, LOOP_LETTER)
        spelled.append("".join(axes))
    subscripts = ",".join(spelled) + "->" + "".join(names[place] for place in result)
    einsum, imports = ctx.spell(f"{ctx.names.numpy_module()}.einsum")
    if not einsum:
        return None
    return call(attribute_path(einsum), constant(subscripts), *operands), conditions, imports
