"""Advice for a matrix built whole to keep its diagonal or trace (``analysis/whole_matrices.py``).

No fix: each rewrite holds under a condition the code rarely shows (an elementwise function,
square Kronecker factors), so the message says what to write and when.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis import matrix_terms as mt
from gradadvisor.analysis.syntax import one_line
from gradadvisor.analysis.whole_matrices import WholeMatrix


def whole_matrix_message(found: WholeMatrix, node: ast.Call, kept: str, ctx) -> str:
    """The message for ``diag``/``trace`` (``kept``: "diagonal" or "trace") of ``found`` at ``node``."""
    shown = f"`{one_line(ctx.code(node), 50)}`"
    first, second = (one_line(ctx.code(part), 20) for part in found.parts)
    if found.kind in ("Jacobian", "Hessian"):
        if kept == "trace":
            advice = (f"the exact trace takes one derivative pass per input however it is written (one Hessian-vector product "
                      f"per basis vector, `jax.jvp` of `jax.grad({first})`, keeps the memory to one vector); estimating it with a "
                      f"few random vectors (Hutchinson) is what makes it cheaper")
        elif found.kind == "Hessian":
            advice = (f"for its diagonal, one Hessian-vector product per basis vector (`jax.jvp` of `jax.grad({first})`) keeps the "
                      f"memory to one vector, or estimate it with random vectors")
        else:
            advice = (f"when `{first}` works elementwise, one forward pass gives the diagonal: "
                      f"`jax.jvp({first}, ({second},), (jnp.ones_like({second}),))[1]` (or `jax.vmap(jax.grad(...))` of its scalar form)")
        return f"{shown} builds the whole {found.kind} (one derivative pass per input) to keep its {kept}; {advice}"
    if found.kind == "Kronecker":
        spelled = ctx.code(found.matrix.func).rpartition(".")[0] or "jnp"
        advice = f"`{spelled}.trace({first}) * {spelled}.trace({second})`" if kept == "trace" else f"`{spelled}.kron({spelled}.diag({first}), {spelled}.diag({second}))`"
        return f"{shown} builds the whole Kronecker product to keep its {kept}; for square factors use {advice}"
    # Columns over an identity: column k is g(e_k), its diagonal entry e_k . g(e_k).
    mapped = f"({first})" if isinstance(found.parts[0], ast.Lambda) else first
    entries = f"`{ctx.code(found.matrix.func.func)}(lambda e: jnp.vdot(e, {mapped}(e)))({second})`"  # type: ignore[attr-defined]
    return (f"{shown} builds a whole matrix one basis vector at a time to keep its {kept}; "
            f"map each column's own entry instead: {entries}" + (", summed" if kept == "trace" else ""))


def sum_of_diagonals(terms, kind: str, module: str, rank, ctx) -> str | None:
    """The diagonal (or trace) of a sum of ``terms`` (``(sign, term)`` pairs) written as the sum
    of each term's, a matrix product's as one einsum; None without a product among them, or
    with a matrix-vector product (``diag`` would build a matrix from the vector)."""
    parts, products = [], 0
    einsum, _ = ctx.spell(f"{module}.einsum")
    outer, _ = ctx.spell(f"{module}.{'trace' if kind == 'trace' else 'diagonal'}")
    for sign, term in terms:
        found = mt.matmul_operands(term, ctx, rank)
        if found is None:
            text = f"{outer or 'jnp.diagonal'}({one_line(ctx.code(term), 30)})"
        else:
            (left, left_t), (right, right_t), _ = found
            if any(axes is not None and axes < 2 for axes in (rank(left), rank(right))):
                return None
            products += 1
            subscripts = mt.subscripts(left_t, right_t, trace=kind == "trace")
            text = f'{einsum or "jnp.einsum"}("{subscripts}", {one_line(ctx.code(left), 20)}, {one_line(ctx.code(right), 20)})'
        parts.append((sign, text))
    if not products:
        return None
    rewrite = parts[0][1] if parts[0][0] == "+" else f"-{parts[0][1]}"
    for sign, text in parts[1:]:
        rewrite += f" {sign} {text}"
    return rewrite


def folded_einsum_report(node: ast.Call, outer, ctx):
    """``(message, evidence, fix)`` for a diagonal or trace of two axes of an einsum's output
    (``jnp.trace(jnp.einsum("ab,nbc->nac", P, Q), axis1=1, axis2=2)``): every entry of the einsum
    computed to keep a diagonal, where the einsum with the two letters made one
    (``matrix_terms.folded_einsum``) computes only those; None for anything else. The fix is
    unsafe: the two axes must be as long (``trace`` of a non-square matrix stops at the shorter
    side, the einsum raises), and ``trace`` sums integers in a wider dtype."""
    from gradadvisor.analysis.syntax import constant
    from gradadvisor.fixes.edits import Preconditions

    found = mt.folded_einsum(outer, ctx.resolve, ctx.bound)
    if found is None:
        return None
    einsum, subscripts = found
    replacement = ast.Call(func=einsum.func, args=[constant(subscripts), *einsum.args[1:]], keywords=einsum.keywords)
    conditions = Preconditions()
    conditions.require(False, "the two axes kept are as long (the einsum raises otherwise; the diagonal of a non-square matrix stops at the shorter side)")
    if outer.name == "trace":
        conditions.require(False, "the operands are not integers or bools (`trace` sums those in a wider dtype, the einsum does not)")
    kept = "trace" if outer.name == "trace" else "diagonal"
    message = (f"`{one_line(ctx.code(node), 50)}` computes every entry of the einsum to keep its {kept}, and its gradient pays for them all; "
               f"give the two axes one letter: `{one_line(ctx.renderer.code(replacement), 80)}`")
    evidence = [f"the {kept} of two axes of an einsum's output (`{one_line(ctx.code(einsum.args[0]), 30)}`)"]
    return message, evidence, conditions.fix(ctx.renderer.replace_expression(node, replacement))
