"""GA202's rewrite: ``diag``/``trace`` of a matrix product as one ``einsum`` that computes only
the entries kept, with the preconditions the rewrite needs (ranks, a square product, dtypes, jax
arrays for the method spelling, operands unchanged since a product bound to a name)."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis import matrix_terms as mt
from gradadvisor.analysis.syntax import attribute_path, call, constant, one_line
from gradadvisor.fixes.edits import Fix, Preconditions


@dataclass
class DiagonalProduct:
    """What GA202 read of ``diag``/``trace`` of ``left @ right``."""

    kind: str  # "diagonal" or "trace"
    module: str  # the array namespace the einsum is spelled in
    whole: ast.expr  # the argument as written (``(a @ b).real`` keeps its real part)
    argument: ast.expr
    left: ast.expr
    right: ast.expr
    transposed: tuple[bool, bool]
    ranks: tuple[int | None, int | None]
    dims: tuple
    batched: bool  # kept over the last two axes of a batch of products
    mapped: bool  # ``vmap(jnp.diag)`` of the product
    method: bool  # ``(a @ b).diagonal()``
    keywords: list
    named: ast.AST | None  # the statement binding the product to a name, when it is one
    spelling: str  # how the call spells the operation (``diagonal``, ``trace``...)


def diagonal_einsum(ctx, node: ast.Call, found: DiagonalProduct) -> tuple[Fix | None, str]:
    """The fix (None where the einsum cannot be spelled) and the rewrite's text."""
    kind, module, whole, argument, left, right = found.kind, found.module, found.whole, found.argument, found.left, found.right
    (left_t, right_t), ranks, dims, batched, mapped, method = found.transposed, found.ranks, found.dims, found.batched, found.mapped, found.method
    keywords, named = found.keywords, found.named
    left_axis, right_axis = (1 if left_t else 0), (0 if right_t else 1)
    subscripts = mt.subscripts(left_t, right_t, trace=kind == "trace", batched=batched)
    einsum, imports = ctx.spell(f"{module}.einsum")
    replacement = call(attribute_path(einsum or f"{module}.einsum"), constant(subscripts), left, right)
    replacement.keywords = [ast.keyword(arg=item.arg, value=item.value) for item in keywords]
    if whole is not argument:
        replacement = ast.Attribute(value=replacement, attr="real", ctx=ast.Load())
    conditions = Preconditions()
    params = (ctx.parameter_of(left), ctx.parameter_of(right))
    rank_checks = [f"rank {param} 2" for param, rank in zip(params, ranks) if rank != 2 and param is not None]
    deferrable = all(rank == 2 or param is not None for param, rank in zip(params, ranks))
    if mapped:
        conditions.require(3 in ranks and all(rank in (2, 3) for rank in ranks), "the product is a 3-D batch of matrices (two or three axes each operand, one with three)")
    elif batched:  # the batch axes must broadcast as `matmul`'s do: the einsum's `...` does
        conditions.require(all(rank is not None and rank >= 2 for rank in ranks), "both operands have at least two axes")
    else:
        conditions.require(
            ranks == (2, 2), "both operands have exactly two axes (a transpose is not proof: `.T` is a no-op on a vector)", rank_checks if deferrable else None
        )
    # The kept index runs along one axis of each operand: the einsum needs them equal
    # (`diag` and `trace` of a non-square product keep the shorter diagonal; the einsum raises).
    square = dims[0] is not None and dims[0] == dims[1]
    conditions.require(
        square,
        f"the product is square (axis {left_axis} of `{one_line(ctx.code(left), 20)}` is as long as axis {right_axis} of `{one_line(ctx.code(right), 20)}`; the einsum raises otherwise)",
        [f"dim {params[0]} {left_axis} {params[1]} {right_axis}"] if None not in params else None,
    )
    mt.dtype_conditions(conditions, (left, right), kind == "trace", ctx)
    for operand in (left, right) if method else ():
        param = ctx.parameter_of(operand)
        conditions.require(
            ctx.value(operand).is_array,
            f"`{one_line(ctx.code(operand), 25)}` is a jax array (`.{found.spelling}()` of a NumPy product stays NumPy)",
            [f"jax {param}"] if param is not None else None,
        )
    if named is not None:
        conditions.require(mt.same_operands(named, left, right, ctx), f"the operands hold the same values here as at `{one_line(ctx.code(named), 40)}`")
        conditions.require(
            mt.unchanged(named, left, right, ctx),
            f"the operands are not changed in place between `{one_line(ctx.code(named), 40)}` and here (a NumPy array can be)",
        )
    fix = conditions.fix(ctx.renderer.replace_expression(node, replacement), imports=imports) if einsum else None
    return fix, ctx.renderer.code(replacement)
