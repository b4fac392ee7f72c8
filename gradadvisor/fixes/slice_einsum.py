"""Writing a loop nest of slice contractions as one ``einsum`` (GA201's fix), with its preconditions.

``analysis/slice_contraction.py`` says which einsum a ``Nest`` computes; this module writes it:
each operand becomes the whole array, sliced where the loop covers only part of an axis
(``x[1:]`` for ``x[i + 1]``; ``analysis/axis_coverage.py`` proves the rest) and with
``expand_dims`` for the kept axis of a ``dynamic_slice``; the function is spelled in the
module the code uses (``jnp.einsum``, ``autograd.numpy.einsum``) and ``precision=`` carries
over. What the rewrite cannot prove from the facts (ranks, dtypes, coverage, the ``.at[]``
target's length, side effects of code evaluated once instead of n times, a loop that may not
run) goes into its ``Preconditions``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from gradadvisor.analysis import values as v
from gradadvisor.analysis.axis_coverage import coverage, is_axis_size, room, runs_at_least_once
from gradadvisor.analysis.einsum import Contraction
from gradadvisor.analysis.loop_nest import Nest
from gradadvisor.analysis.slice_contraction import Factor, axis_position, autodiff_module, lagged_windows, shown_rank, slice_contraction, window_contraction
from gradadvisor.analysis.syntax import attribute_path, call, constant, full_slice, name, one_line
from gradadvisor.analysis.vectorize import IndexedRead, has_walrus, impure_calls, read_after_loop
from gradadvisor.fixes.edits import Fix, Preconditions, Rewrite


@dataclass
class SliceRewrite:
    """The expression that replaces a nest, how a message names what it slices, what it
    could not prove, the imports it needs, and a note for the message (``that is, a @ b.T``)."""

    replacement: ast.expr
    summary: str
    conditions: Preconditions
    imports: list
    notes: str = ""


def contraction_rewrite(ctx, nest: Nest, like: ast.expr | None, target: tuple[str, ast.expr | None] | None = None) -> SliceRewrite | None:
    """The einsum that computes the whole nest, or None. ``target``: the ``.at[]`` target
    and the value it holds before the loop, for ``out = out.at[i].set(...)``."""
    found = slice_contraction(ctx, nest, target[1] if target is not None else None)
    if found is None:
        return None
    einsum, out_letters, operands = found.einsum, found.out_letters, found.operands
    conditions = Preconditions()
    module = autodiff_module(ctx.resolve, like, found.spelled_like)
    if target is not None:
        out_name = target[0]
        conditions.require(found.initial.rank == len(out_letters), f"`{out_name}` has {len(out_letters)} axes, as the einsum's result")
        for loop, ok in room(ctx, nest, found.initial, nest.output):  # type: ignore[arg-type]
            conditions.require(ok, f"`{out_name}` is as long as `{loop.shown(ctx.code)}` along the loop's axis")
    einsum_name, imports = ctx.spell(f"{module}.einsum")
    if not einsum_name:
        return None
    imports = list(imports)
    arguments = [whole_array(ctx, operand, nest, conditions, module, imports) for operand in operands]
    for proven, what in found.assumed:
        conditions.require(proven, what)
    _dtypes(ctx, conditions, operands, found.kind)
    replacement: ast.expr = call(attribute_path(einsum_name), constant(einsum.subscripts), *arguments)
    replacement.keywords = list(found.keywords)
    if nest.flatten:
        replacement = call(ast.Attribute(value=replacement, attr="reshape", ctx=ast.Load()), constant(-1))
    notes = ""
    if einsum.matmul is not None and not nest.flatten:
        shown = [_operand_code(ctx.renderer.code(argument)) for argument in arguments]
        notes = f" (that is, `{einsum.matmul.format(*shown)}`)"
    return SliceRewrite(replacement, summary(ctx, found.reads, nest), conditions, imports, notes)


def summary(ctx, reads: list[IndexedRead], nest: Nest) -> str:
    """How a message names the slices (at most three): ``a[:, i]``, ``rows of `xs```."""
    texts = []
    for read in reads:
        if id(read.node) in nest.rows:
            texts.append(f"rows of `{one_line(ctx.code(read.base), 25)}`")
        else:
            texts.append(f"`{one_line(ctx.renderer.code(read.node), 40 if read.spelling != 'subscript' else 30)}`")
    return ", ".join(list(dict.fromkeys(texts))[:3])


def whole_array(ctx, operand: Factor, nest: Nest, conditions: Preconditions, module: str, imports: list) -> ast.expr:
    """The whole array for an operand: sliced where the loop covers part of an axis, with
    the kept axis of a ``dynamic_slice`` spelled ``expand_dims``."""
    read = operand.read
    if read is None:
        return operand.expression
    by_var = {loop.var: loop for loop in nest.loops}
    rank = shown_rank(ctx, operand)
    elements: list[ast.expr] = []
    narrowed = False
    for position, index in enumerate(read.indices):
        if index.var is None:
            elements.append(ast.Slice())
            continue
        axis = axis_position(read, position, rank)
        piece, whole, needed = coverage(ctx, by_var[index.var], index.offset, read, axis, rank)
        for proven, what in needed:
            conditions.require(proven, what)
        elements.append(piece)
        narrowed = narrowed or not whole
    for axis, size in read.whole_axes:
        conditions.require(
            is_axis_size(ctx, size, read.base, axis, rank),
            f"`{one_line(ctx.code(size), 25)}` is the whole axis {axis} of `{one_line(ctx.code(read.base), 25)}`",
        )
    argument: ast.expr = read.base
    if narrowed:
        if read.ellipsis_at is not None:
            elements.insert(read.ellipsis_at, ast.Constant(Ellipsis))
        else:
            while len(elements) > 1 and full_slice(elements[-1]):
                elements.pop()
        index_node = elements[0] if len(elements) == 1 else ast.Tuple(elts=elements, ctx=ast.Load())
        argument = ast.Subscript(value=read.base, slice=index_node, ctx=ast.Load())
    if read.keepdims:
        position = next(p for p, index in enumerate(read.indices) if index.var is not None)
        expand, needed_imports = ctx.spell(f"{module}.expand_dims")
        imports.extend(needed_imports)
        argument = call(attribute_path(expand or "jnp.expand_dims"), argument, constant(position + 1))
        conditions.require(bool(expand), "`expand_dims` can be spelled here")
    return argument


def _dtypes(ctx, conditions: Preconditions, operands: list[Factor], kind: Contraction) -> None:
    for operand in operands:
        expression = operand.array
        value = ctx.value(expression)
        shown = one_line(ctx.code(expression), 25)
        if value.is_array and value.dtype is not None:
            conditions.require(value.dtype not in v.SMALL_DTYPES, f"`{shown}` is not bool or a small dtype ({value.dtype})")
            if kind == "vdot":
                conditions.require(not value.dtype.startswith("complex"), f"`{shown}` is real (`vdot` conjugates complex numbers)")
        elif kind == "sum_product":
            # `jnp.sum` promotes bools and small integers; the einsum keeps the input's dtype.
            conditions.require(False, f"`{shown}` has a known dtype (`sum` promotes bools and small integers, the einsum does not)", ctx.dtype_callers(expression))
        elif kind == "vdot":
            conditions.require(False, f"`{shown}` has a known dtype that is real and not small (`vdot` conjugates complex numbers)", ctx.dtype_callers(expression))
        else:
            # Unknown is not proven: float16 data cast by a caller, or a dtype given as a type
            # code, would make the einsum accumulate differently.
            conditions.require(False, f"`{shown}` has a known dtype that is not bool or a small one", ctx.dtype_callers(expression))


def require_removable(ctx, conditions: Preconditions, nest: Nest, loop: ast.stmt | None = None) -> None:
    """Code the fix evaluates once instead of once per iteration must have no side effects;
    for a statement ``loop`` it removes, no loop variable (or walked row) is read after it."""
    bounds = [bound for loop in nest.loops for bound in (loop.start, loop.stop, loop.step) if bound is not None]
    calls = [found for node in (nest.element, *bounds) for found in impure_calls(node, ctx.resolve)]
    if any(has_walrus(bound) for bound in bounds):
        conditions.require(False, "the loop's bounds hold no `:=`")
    if calls:
        shown = one_line(ctx.code(calls[0].func), 25)
        conditions.require(False, f"`{shown}(...)` has no side effects (the rewrite calls it once, the loop once per iteration)")
    if loop is None:
        return
    for bound in [variable for level in nest.loops for variable in (level.var, *level.aliases)]:
        if read_after_loop(loop, bound, ctx.function, ctx.facts, ctx.scope):
            conditions.require(False, f"`{bound}` is not read after the loop (the rewrite leaves it unbound or unchanged)")


def require_nonempty(ctx, conditions: Preconditions, nest: Nest) -> None:
    """``jnp.stack`` of no slices raises and ``jnp.array([])`` is a float vector: the loop
    must run at least once."""
    conditions.require(runs_at_least_once(ctx, nest), "the loop runs at least once (the stack of no slices raises; the whole-array form does not)")


def _operand_code(text: str) -> str:
    """An operand's text, parenthesised when ``.T`` or ``@`` would bind into it."""
    if re.fullmatch(r"[\w.]+(\[[^\]]*\])?", text):
        return text
    return f"({text})"


def at_set_all(target: str, index: ast.expr, nest: Nest, value: ast.expr) -> ast.expr:
    """``target.at[index].set(value)`` with each loop variable in ``index`` replaced by the
    slice of indices its loop walks (``out.at[i].set(...)`` over ``range(n)``: ``out.at[:n]``)."""
    by_var = {loop.var: loop for loop in nest.loops}
    elements: list[ast.expr] = []
    for element in index.elts if isinstance(index, ast.Tuple) else [index]:
        if isinstance(element, ast.Name) and element.id in by_var:
            elements.append(by_var[element.id].as_slice())
        else:
            elements.append(element)
    new_index = elements[0] if len(elements) == 1 else ast.Tuple(elts=elements, ctx=ast.Load())
    at = ast.Subscript(value=ast.Attribute(value=name(target), attr="at", ctx=ast.Load()), slice=new_index, ctx=ast.Load())
    return call(ast.Attribute(value=at, attr="set", ctx=ast.Load()), value)


def stack_fix(ctx, node: ast.Call, nest: Nest, rewrite: SliceRewrite) -> tuple[Rewrite, Fix]:
    """The fix that replaces the gathering call ``node`` (``jnp.stack([...])``) with the
    rewrite, and the rendered replacement: code evaluated once has no side effects, the loop
    runs at least once, and it is no generator (``jnp.stack`` of one raises in JAX)."""
    conditions = rewrite.conditions
    require_removable(ctx, conditions, nest)
    require_nonempty(ctx, conditions, nest)
    if nest.generator:
        conditions.require(False, "`stack` of a generator raises in JAX (it needs a list); the rewrite would run")
    rendered = ctx.renderer.replace_expression(node, rewrite.replacement)
    return rendered, conditions.fix(rendered, imports=rewrite.imports)


def at_set_fix(ctx, loop: ast.stmt, target: str, index: ast.expr, nest: Nest, rewrite: SliceRewrite) -> tuple[str, Fix]:
    """The fix that replaces the ``loop`` of ``target = target.at[index].set(...)`` with one
    ``.at[:n].set(einsum)`` line, and that line; no loop variable is read after the loop."""
    line = f"{target} = {ctx.renderer.code(at_set_all(target, index, nest, rewrite.replacement))}"
    require_removable(ctx, rewrite.conditions, nest, loop)
    edit = ctx.renderer.replace_statements(loop, loop, [line])
    return line, rewrite.conditions.fix([edit], line, rewrite.imports)


def window_advice(ctx, nest: Nest) -> str | None:
    """Advice for ``dot(x[i - 1:i + 2], w)`` per position (``slice_contraction.window_contraction``):
    one window per position is a correlation; no fix. None when the nest is not one."""
    found = window_contraction(ctx, nest)
    if found is None:
        return None
    window, kernel, spelled_like = found
    correlate, _ = ctx.spell(f"{autodiff_module(ctx.resolve, nest.gather, spelled_like)}.correlate")
    signal = one_line(ctx.code(window.base), 20)
    kernel_text = one_line(ctx.code(kernel), 20)
    return (
        f"contracts one window `{one_line(ctx.code(window.node), 25)}` per position over {nest.over(ctx.code)}; each window's "
        f"gradient is a full-size scatter; use one correlation, `{correlate or 'jnp.correlate'}({signal}, {kernel_text}, mode=\"valid\")` "
        "for 1-D arrays (`lax.conv_general_dilated` otherwise)"
    )


def lag_advice(ctx, nest: Nest) -> str | None:
    """Advice for ``a[:n - t] @ b[t:n]`` per lag ``t`` (``slice_contraction.lagged_windows``):
    every lag of one correlation; no fix (the lengths decide which entries to keep)."""
    found = lagged_windows(ctx, nest)
    if found is None:
        return None
    head, tail, end, spelled_like = found
    correlate, _ = ctx.spell(f"{autodiff_module(ctx.resolve, nest.gather, spelled_like)}.correlate")
    a, b, n = one_line(ctx.code(head), 20), one_line(ctx.code(tail), 20), one_line(ctx.code(end), 20)
    n_minus_1 = f"({n}) - 1" if isinstance(end, ast.BinOp) else f"{n} - 1"
    return (
        f"contracts the head of `{a}` with the tail of `{b}` per lag over {nest.over(ctx.code)} (a triangular Toeplitz product); each "
        f"window's gradient is a full-size scatter; every lag at once is one correlation, "
        f"`{correlate or 'jnp.correlate'}({b}[:{n}], {a}[:{n}], mode=\"full\")[{n_minus_1}:]` (or one product with the Toeplitz matrix of `{a}`)"
    )


def fill_advice(ctx, fill, cost: str) -> str:
    """What a fill of slice contractions (``contraction_fills.ContractionFill``) computes, what
    it costs, and the advice: every step's value at once, one write."""
    over = one_line(ctx.code(fill.header), 30)
    sliced = f"the rows of `{over}` one at a time" if isinstance(fill.slice, ast.Name) else f"`{one_line(ctx.code(fill.slice), 30)}` one slice at a time over `{over}`"
    return (f"`{one_line(ctx.code(fill.contraction), 50)}` contracts {sliced}; {cost}; compute every step's value at once "
            "(one `einsum` or `@` over the loop's axis, with `jnp.where` for a condition) and write them with one `.at[...].set`")
