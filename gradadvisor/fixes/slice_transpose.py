"""Writing a stack of column slices as the whole array (GA201's fix without a contraction).

``jnp.array([mean + d[:, i] for i in range(n)])`` stacks the columns of ``d`` as rows: it is
``mean + d.T``. Each slice (``analysis/slice_contraction.elementwise_slices``) becomes the
whole array with its axes reordered so that the loop's axis lands where the loop stacks it
(``analysis/einsum.permutation``): itself, ``.T``, ``moveaxis`` or ``transpose``. The other
operands must broadcast against the whole array as they did against one slice, and a
broadcast array's gradient, now one sum over the slices, must not be in a small float.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis import values as v
from gradadvisor.analysis.einsum import operand_axes, permutation
from gradadvisor.analysis.loop_nest import Nest
from gradadvisor.analysis.slice_contraction import Factor, autodiff_module, elementwise_slices, shown_rank
from gradadvisor.analysis.syntax import attribute_path, call, constant, one_line, substitute
from gradadvisor.analysis.vectorize import IndexedRead
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.fixes.slice_einsum import SliceRewrite, contraction_rewrite, summary, whole_array


def elementwise_rewrite(ctx, nest: Nest, like: ast.expr | None) -> SliceRewrite | None:
    """``stack([f(x[:, i], w) for i in range(n)], axis=k)`` as ``f(x moved, w)`` for bodies
    elementwise in column slices (one loop; row-wise maps are GA101's)."""
    found = elementwise_slices(ctx, nest)
    if found is None:
        return None
    leaves, free = found
    module = autodiff_module(ctx.resolve, like)
    conditions = Preconditions()
    imports: list = []
    replacements: dict[int, ast.expr] = {}
    axis = nest.output.stacking[0][1]  # type: ignore[union-attr]
    ranks: list[int | None] = []
    for read in leaves:
        rank = shown_rank(ctx, Factor(read.base, read))
        ranks.append(rank)
        whole = whole_array(ctx, Factor(read.node, read), nest, conditions, module, imports)
        if rank is not None:
            axes = operand_axes([index.var for index in read.indices], read.ellipsis_at, rank)
            order = permutation(axes, nest.output) if axes is not None else None
            if order is None:
                return None
            moved = _moved(ctx, whole, order, module, imports)
        else:
            moved = _moved_unknown_rank(ctx, whole, read, axis, module, imports, conditions)
        if moved is None:
            return None
        replacements[id(read.node)] = moved
    free_values = [(expr, ctx.value(expr)) for expr in free]
    if any(value.kind not in (v.SCALAR, v.SIZE) for _, value in free_values):
        # The gradient of a broadcast array sums over the slices: in a small float, the
        # loop's n partial sums round differently from one sum.
        for read in leaves:
            dtype = ctx.value(read.base).dtype
            conditions.require(
                dtype is not None and dtype not in v.SMALL_DTYPES,
                f"`{one_line(ctx.code(read.base), 25)}` has a known dtype that is not small (the gradient of "
                f"`{one_line(ctx.code(free_values[0][0]), 20)}` adds over the slices)",
                ctx.dtype_callers(read.base) if dtype is None else None,
            )
    numbers = all(value.kind in (v.SCALAR, v.SIZE) or value.is_array and value.rank == 0 for _, value in free_values)
    if len(leaves) > 1 or not numbers:
        # Slices and other arrays broadcast against each other: the ranks must be known.
        for read, rank in zip(leaves, ranks):
            conditions.require(rank is not None, f"`{one_line(ctx.code(read.base), 25)}` has a known number of axes")
        known = {rank - 1 for rank in ranks if rank is not None}
        if len(known) > 1:
            return None
        view_rank = known.pop() if known else None
        for expr, value in free_values:
            rank = 0 if value.kind in (v.SCALAR, v.SIZE) else value.rank if value.is_array else None
            position = axis if axis >= 0 or view_rank is None else axis + view_rank + 1
            fits = rank is not None and (rank == 0 or view_rank is not None and rank <= view_rank - position)
            conditions.require(fits, f"`{one_line(ctx.code(expr), 25)}` broadcasts against the whole array as against one slice")
    replacement = substitute(nest.element, lambda node: replacements.get(id(node)))
    return SliceRewrite(replacement, summary(ctx, leaves, nest), conditions, imports)  # type: ignore[arg-type]


def _moved_unknown_rank(ctx, array: ast.expr, read: IndexedRead, axis: int, module: str, imports: list, conditions: Preconditions) -> ast.expr | None:
    """The stacked slices of an array of unknown rank: ``moveaxis(a, source, axis)`` holds
    for any rank (a slice ``a[..., i]`` counts its axis from the end); ``a[:, i]`` stacked at
    0 is written ``a.T``, which assumes two axes."""
    position = next(p for p, index in enumerate(read.indices) if index.var is not None)
    source = position if read.ellipsis_at is None or read.ellipsis_at > position else position - len(read.indices)
    if source == axis:
        return array
    if read.ellipsis_at is None and len(read.indices) == 2 and {source, axis} == {0, 1}:
        conditions.require(False, f"`{one_line(ctx.code(read.base), 25)}` has 2 axes (`.T` reverses all of them)")
        return ast.Attribute(value=array, attr="T", ctx=ast.Load())
    spelled, needed = ctx.spell(f"{module}.moveaxis")
    if not spelled:
        return None
    imports.extend(needed)
    return call(attribute_path(spelled), array, constant(source), constant(axis))


def _moved(ctx, array: ast.expr, order: list[int], module: str, imports: list) -> ast.expr | None:
    """``array`` with its axes taken in ``order``: itself, ``.T`` (two axes), ``moveaxis``
    (one axis moved) or ``transpose``."""
    if order == sorted(order):
        return array
    if len(order) == 2:
        return ast.Attribute(value=array, attr="T", ctx=ast.Load())
    for source in range(len(order)):
        destination = order.index(source)
        trial = [axis for axis in range(len(order)) if axis != source]
        trial.insert(destination, source)
        if trial == order:
            spelled, needed = ctx.spell(f"{module}.moveaxis")
            if not spelled:
                return None
            imports.extend(needed)
            return call(attribute_path(spelled), array, constant(source), constant(destination))
    spelled, needed = ctx.spell(f"{module}.transpose")
    if not spelled:
        return None
    imports.extend(needed)
    return call(attribute_path(spelled), array, ast.Tuple(elts=[constant(axis) for axis in order], ctx=ast.Load()))


def stack_rewrite(ctx, nest: Nest, like: ast.expr | None) -> tuple[SliceRewrite, bool] | None:
    """The rewrite of a stack of slices: one einsum for a contraction
    (``slice_einsum.contraction_rewrite``), else the whole array for a body elementwise in the
    slices, with whether it is the latter; None for neither."""
    rewrite = contraction_rewrite(ctx, nest, like=like)
    if rewrite is not None:
        return rewrite, False
    rewrite = elementwise_rewrite(ctx, nest, like=like)
    return (rewrite, True) if rewrite is not None else None
