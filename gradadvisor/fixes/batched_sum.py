"""The batched sum that replaces an accumulation loop, and what must hold for it to equal the loop.

``acc += f(x[i])`` over the rows of ``x`` becomes ``acc = acc + jnp.sum(f(x), axis=0)``: each
loop-dependent part of the term (a *leaf*: a walked element, a read ``x[i + 1]`` or ``x[:, j]``,
the index used as a number) is replaced by the whole array it reads, sliced to the indices
the loop visits (``x[1:n]``; ``jnp.arange`` for the index), and the term is summed over the
loop's axis. An elementwise term is written on the whole arrays (two nested loops broadcast:
``x[:, None] - y[None, :]``, ``axis=(0, 1)``); any other term is mapped with ``jax.vmap``.

``sum_preconditions`` lists what the fix needs proven (``fixes.edits.Preconditions``): the
loop's names unused after it, the slices holding exactly the elements read, jax arrays of
dtypes whose sum matches repeated ``+``, a start that stays right when the loop is empty.
GA302 builds its fix with them; ``ctx`` is a rule's context.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.blocks import block_rows, offsets_only_in_blocks
from gradadvisor.analysis import values as v
from gradadvisor.analysis.accumulation import Accumulation, Body, keeps_initial, lifted_module, module_constant
from gradadvisor.analysis.accumulation_walk import (
    Level,
    axis_length,
    base_array,
    has_ellipsis_before,
    index_reads,
    is_ellipsis_item,
    is_new,
    is_none_item,
    named_rows,
    rows_of_one_thing,
    runs,
    runs_by_callers,
    walks_length,
)
from gradadvisor.analysis.syntax import attribute_path, call, constant, int_value, name, names_read, one_line, substitute, walk
from gradadvisor.analysis.vectorize import (
    fixed_windows,
    without_windows,
    AxisRead,
    ElementLoop,
    converts_to_python,
    element_is_object,
    elementwise_in_any,
    index_shapes,
    replace_names,
    vmapped,
)
from gradadvisor.fixes.edits import Fix, Preconditions
from gradadvisor.fixes.summed_contraction import summed_contraction

#: Integer dtypes (a float accumulator rounds their running total; ``jnp.sum`` adds them exactly).
INTEGER_DTYPES = frozenset({"int32", "int64", "uint32", "uint64", "int8", "int16", "uint8", "uint16"})


@dataclass
class Leaf:
    """A loop-dependent part of the term, as one variable of the batched form."""

    variable: str
    operand: ast.expr
    #: The array it reads (for its value: dtype, rank, jax or NumPy).
    array: ast.expr
    #: Where the loop axis is in ``operand`` and the rank of one element (None: unknown).
    position: int | None
    rank: int | None
    keepdims: bool = False
    #: How the array is read, offsets aside (leaves that read one array the same way have elements of one rank).
    pattern: tuple = ()
    #: What must hold for ``operand`` to hold exactly the elements the loop reads.
    proven: bool = True
    condition: str = ""


@dataclass
class Rewrite:
    """The sum over all elements at once, for one accumulation."""

    total: ast.expr
    how: str  # "elementwise" | "vmap" | "einsum"
    #: Preconditions of the rewrite itself that could not be proven.
    conditions: list[str]
    imports: list
    #: The arrays it reads whole (walked or indexed): they must be jax arrays of a dtype that sums exactly.
    arrays: list[ast.expr]
    #: The loop index became ``jnp.arange`` (int32 where the loop had Python ints).
    arange: bool = False


def batched_sum(ctx, levels: list[Level], accumulation: Accumulation) -> "Rewrite | None | bool":
    """The rewrite of one accumulation: ``jnp.sum(<term over all elements>, axis=...)``.
    None when there is none to offer, False when the loop is not a walk over elements."""
    term = accumulation.inlined
    leaves: list[Leaf] = []
    taken = set(names_read(term)) | {item for level in levels for item in level.targets}
    replacements: dict[int, ast.expr] = {}
    imports: list = []
    block_conditions: list[str] = []
    for number, level in enumerate(levels):
        for element, array in level.elements.items():
            value = ctx.value(array.value if is_new(array) else array)
            rank = value.rank - 1 if value.rank is not None and value.rank >= 1 else None
            leaves.append(Leaf(element, spread(array, number, len(levels)), array, 0, rank))
        if level.index is None:
            continue
        index = level.index
        term, blocks, _ = block_rows(term, index, level.stride)  # ``x[i * k:(i + 1) * k]``: row ``i`` of a reshaped view
        if level.stride is not None and (not blocks or not offsets_only_in_blocks(term, index)):
            return None  # ``range(0, n, k)`` read otherwise than in blocks of ``k``: advice only
        block_conditions.extend(blocks)
        if index_shapes(term, index, ctx.resolve, ctx.is_builtin):
            if fixed_windows(term, index) and not index_shapes(without_windows(term, index), index, ctx.resolve, ctx.is_builtin):
                return None  # ``y[t - K:t]``: a window of one width at every step, advice only
            return False  # the index decides a shape, an axis or a slice: another form each step
        reads = index_reads(term, index, ctx.resolve)
        for read in reads:
            if not rows_of_one_thing(ctx, read.array):
                # pytree leaves, layers, self.weights[i]: different things; a parameter only its
                # name calls a collection (``params[k] * cos(k * t)``): the sum stands, advice only
                return None if named_rows(ctx, read.array) else False
        uses = sum(1 for child in walk(term) if isinstance(child, ast.Name) and child.id == index)
        inside = sum(1 for read in reads for child in walk(read.node) if isinstance(child, ast.Name) and child.id == index)
        seen: dict[tuple, Leaf] = {}
        for read in reads:
            key = read.key(ctx.code)
            if key not in seen:
                leaf = read_leaf(ctx, read, level, number, len(levels), taken)
                if leaf is None:
                    return None
                taken.add(leaf.variable)
                seen[key] = leaf
                leaves.append(leaf)
            replacements[id(read.node)] = name(seen[key].variable)
        if uses > inside:
            # The index used as a number: jnp.arange over the same range.
            arange, arange_imports = ctx.spell(f"{ctx.names.numpy_module()}.arange")
            if not arange or level.stop is None:
                return None
            start = level.start if isinstance(level.start, ast.expr) else constant(level.start)
            bounds = [level.stop] if level.start == 0 else [start, level.stop]
            operand = call(attribute_path(arange), *bounds)
            leaves.append(Leaf(index, spread(operand, number, len(levels)), operand, 0, 0))
            imports.extend(arange_imports)
    replaced = substitute(term, lambda node: replacements.get(id(node))) if replacements else term
    if any(isinstance(node, ast.Slice) and names_read(node) & {leaf.variable for leaf in leaves} for node in walk(replaced)):
        return False  # ``eps[start:stop]`` for walked bounds: a slice of another length each step
    for leaf in leaves:
        if is_arange(leaf) and converts_to_python(replaced, leaf.variable):
            return None  # ``float(j)`` of the index used as a number: a Python number per step, advice only
        if converts_to_python(replaced, leaf.variable) and module_constant(base_array(leaf.array), ctx):
            return None  # int(labels[p]) of a module's constant labels: a number under a trace too, advice only
        if element_is_object(replaced, leaf.variable) or converts_to_python(replaced, leaf.variable):
            return False  # layers[i].w, float(x[i]): objects or host numbers, not array rows
    variables = frozenset(leaf.variable for leaf in leaves)
    if not variables & names_read(replaced):
        return None
    conditions = [*block_conditions, *(leaf.condition for leaf in leaves if not leaf.proven and leaf.condition)]
    arrays = [leaf.array for leaf in leaves if not is_arange(leaf)]
    spelled = ctx.spell(f"{ctx.names.numpy_module()}.sum")[0] or "jnp.sum"
    keepdims = {leaf.keepdims for leaf in leaves}
    positions = {leaf.position for leaf in leaves}
    if len(keepdims) > 1 or None in positions:
        return None
    shape = elementwise_in_any(replaced, variables, ctx.resolve)
    if shape is not None:
        if len(positions) != 1:
            return None
        position = positions.pop()
        batched = replace_names(replaced, {leaf.variable: leaf.operand for leaf in leaves})
        if not ranks_align(ctx, leaves, shape.free, position):  # type: ignore[arg-type]
            free = ", ".join(f"`{item}`" for item in sorted(shape.free))
            conditions.append(
                "every array read has a known rank, the same for each element"
                + (f", and {free} at most that rank" if free else "")
                + " (so that the whole arrays broadcast as one element does)"
            )
        axis: ast.expr = constant(position) if len(levels) == 1 else ast.Tuple(elts=[constant(0), constant(1)], ctx=ast.Load())
        keywords = {"axis": axis}
        if True in keepdims:
            keywords["keepdims"] = constant(True)
        return Rewrite(call(attribute_path(spelled), batched, **keywords), "elementwise", conditions, imports, arrays, len(arrays) < len(leaves))  # type: ignore[arg-type]
    if len(levels) != 1 or True in keepdims:
        return None
    vmap, vmap_imports = ctx.spell("jax.vmap")
    if not vmap or any(not is_arange(leaf) and ctx.value(base_array(leaf.array)).kind == v.SEQUENCE for leaf in leaves):
        return None  # jax.vmap maps a list leaf by leaf: it would need jnp.stack first
    ordered = [leaf for leaf in leaves if leaf.variable in names_read(replaced)]
    summed = summed_contraction(ctx, replaced, ordered)
    if summed is not None:  # one einsum sums over the loop's axis: no stack of every step's term
        total, assumed, einsum_imports = summed
        return Rewrite(total, "einsum", [*conditions, *assumed], [*imports, *einsum_imports], arrays, len(arrays) < len(leaves))
    loop = ElementLoop(tuple(leaf.variable for leaf in ordered), tuple(leaf.operand for leaf in ordered), replaced, axes=tuple(leaf.position for leaf in ordered))  # type: ignore[arg-type]
    mapped = vmapped(loop, vmap)
    conditions.extend(mapped.assumptions)
    total = call(attribute_path(spelled), mapped.expression, axis=constant(0))
    return Rewrite(total, "vmap", conditions, [*imports, *vmap_imports], arrays, len(arrays) < len(leaves))


def spread(operand: ast.expr, level: int, levels: int) -> ast.expr:
    """The operand of level ``level`` in a nest of ``levels``: ``x[:, None]`` / ``y[None, :]``."""
    if levels == 1:
        return operand
    full = ast.Slice(lower=None, upper=None, step=None)
    items: list[ast.expr] = [full, constant(None)] if level == 0 else [constant(None), full]
    if isinstance(operand, ast.Subscript) and isinstance(operand.slice, ast.Slice) and is_new(operand):
        # A slice built for the fix (x[1:]): fold the new axis into it (x[1:, None]).
        items = [operand.slice, constant(None)] if level == 0 else [constant(None), operand.slice]
        operand = operand.value
    return ast.Subscript(value=operand, slice=ast.Tuple(elts=items, ctx=ast.Load()), ctx=ast.Load())


def read_leaf(ctx, read: AxisRead, level: Level, number: int, levels: int, taken: set[str]) -> Leaf | None:
    """The leaf for ``read`` at ``level``: the array sliced to the indices the loop visits,
    and whether that slice is proven to hold exactly those elements."""
    if levels == 2 and not (read.position == 0 and len(read.items) == 1 and not read.keepdims):
        return None  # nests: plain x[i] reads only
    offset, start = read.offset, level.start
    proven = True
    # The first index read: start + offset (a negative one wraps: not a slice).
    if isinstance(start, int) and isinstance(offset, int):
        first = start + offset
        if first < 0:
            return None
        lower = constant(first) if first else None
    else:
        proven = False
        parts = [part for part in (start if isinstance(start, ast.expr) else constant(start), offset if isinstance(offset, ast.expr) else constant(offset)) if int_value(part) != 0]
        lower = parts[0] if len(parts) == 1 else plus(parts[0], parts[1]) if parts else None  # type: ignore[arg-type]
        if isinstance(lower, ast.UnaryOp):
            return None
    # The end: stop + offset; relative to the array's own end when the stop is its length.
    value = ctx.value(read.array)
    upper: ast.expr | None
    if level.length is not None and isinstance(offset, int) and walks_length(ctx, read, level.length, value):
        end = level.length[2] + offset
        if end > 0:
            proven = False
            upper = plus(level.stop, offset)  # type: ignore[arg-type]
        else:
            upper = constant(end) if end else None
    elif level.stop is not None and int_value(level.stop) is not None and isinstance(offset, int):
        end = int_value(level.stop) + offset  # type: ignore[operator]
        rows = axis_length(value, read)
        proven = proven and 0 <= end and isinstance(rows, int) and end <= rows
        upper = constant(max(end, 0))
    else:
        proven = False
        upper = plus(level.stop, offset) if level.stop is not None else None
    axes = read.axes(value.rank)
    rank = axes[1] if axes is not None else None
    if has_ellipsis_before(read):
        # Counted from the back (``x[..., i]``: -1), which holds whatever the rank.
        after = read.items[read.position + 1 :]
        position = None if any(is_ellipsis_item(item) for item in after) else -1 - sum(1 for item in after if isinstance(item, ast.Slice) or is_none_item(item))
    elif axes is not None:
        position = axes[0]
    else:
        position = sum(1 for item in read.items[: read.position] if isinstance(item, ast.Slice) or is_none_item(item))
    operand = spread(read.batched(lower, upper), number, levels)
    stop_text = one_line(ctx.code(level.stop), 30) if level.stop is not None else "its length"
    condition = (
        f"`{one_line(ctx.code(read.node), 30)}` stays inside `{one_line(ctx.code(read.array), 20)}` at every step up to `{stop_text}`"
        " (JAX clamps an out-of-range index where a slice stops at the end; a negative bound runs no step)"
    )
    pattern = read.key(ctx.code)[1]
    return Leaf(element_name(read, taken), operand, read.array, position, rank, read.keepdims, pattern, proven, condition)


def ranks_align(ctx, leaves: list[Leaf], free: frozenset[str], position: int) -> bool:
    """Proven: every leaf's element has the same rank ``R`` (known, or the leaves read one
    array the same way) and every free name is a number or an array of rank at most
    ``R - position``: the batched arrays then broadcast as the elements did."""
    values = [ctx.value(ast.parse(item, mode="eval").body) for item in sorted(free)]
    scalars = all(value.kind == v.SCALAR or value.rank == 0 for value in values)
    if position < 0:
        # Loop axes counted from the back line up whatever the ranks; other names must stay
        # within the axes after it.
        return all(value.kind == v.SCALAR or value.rank is not None and value.rank <= -position - 1 for value in values)
    ranks = {leaf.rank for leaf in leaves}
    if None not in ranks and len(ranks) == 1:
        # The axes after the loop axis (a kept axis of size 1 is the loop axis itself).
        trailing = ranks.pop() - position - (1 if any(leaf.keepdims for leaf in leaves) else 0)  # type: ignore[operator]
        return all(value.kind == v.SCALAR or value.rank is not None and value.rank <= trailing for value in values)
    # One array read the same way by every leaf (x[i] and x[i - 1]; pairwise's x[:-1], x[1:]).
    shapes = {(ctx.code(base_array(leaf.array)), leaf.pattern, leaf.keepdims) for leaf in leaves}
    return scalars and len(shapes) == 1


def sum_preconditions(ctx, conditions: Preconditions, levels: list[Level], accumulations: list[Accumulation], rewrites: list[Rewrite]) -> None:
    """Require on ``conditions`` what the fix of the whole loop needs beyond each rewrite's own:
    the loop's names unused after it, jax arrays of dtypes whose sum matches repeated ``+``, a
    start of the right kind, and a loop that runs at least once (or a start it keeps)."""
    # The loop's own names are gone after the fix.
    for level in levels:
        for target in level.targets:
            conditions.require(not ctx.facts.read_outside(target, ctx.scope, level.loop), f"`{target}` is not read after the loop (the fix removes the loop that binds it)")
            conditions.require(target not in level.header_reads, f"the loop variable `{target}` is not the name the loop iterates")
        for condition in level.element_conditions:
            conditions.require(False, condition)
    # What is read whole is a jax array, of a dtype whose sum matches repeated `+`.
    dtypes: list[str | None] = []
    seen: set[str] = set()
    #: What call sites must pass for the dtypes the code does not show (None: they cannot tell).
    checks: list[str] | None = []
    for rewrite in rewrites:
        for array in rewrite.arrays:
            base = array.value if is_new(array) else array
            text = one_line(ctx.code(base), 30)
            if text in seen:
                continue
            seen.add(text)
            value = ctx.value(base)
            param = ctx.parameter_of(base)
            conditions.require(
                value.kind == v.ARRAY and not value.host,
                f"`{text}` is a jax array (not a list, whose `2 * xs` repeats, nor a NumPy array)",
                [f"jax {param}"] if param is not None and value.kind == v.PARAM else None,
            )
            dtypes.append(value.dtype if value.is_array else None)
            if not (value.is_array and value.dtype is not None):
                found = ctx.dtype_callers(base)
                checks = checks + found if checks is not None and found is not None else None
    initial = [ctx.value(ast.Name(id=item.name, ctx=ast.Load())) for item in accumulations]
    # One step's term, with each element variable holding a row of the array it walks.
    overlay = {}
    for level in levels:
        for element, array in level.elements.items():
            walked = ctx.value(base_array(array))
            overlay[element] = v.array(walked.shape[1:] if walked.shape else None, walked.dtype) if walked.is_array else v.UNKNOWN_VALUE
    terms = [ctx.facts.value(item.inlined, ctx.scope, item.statement, overlay) for item in accumulations]
    term_dtypes = [term.dtype for term in terms]
    dtypes.extend(dtype for dtype in term_dtypes if dtype is not None)
    dtypes.extend(value.dtype for value in initial if value.is_array)
    if all(item.fold in LOGICAL for item in accumulations):
        return  # booleans: `|`/`&` of the conditions is `any`/`all` of them, empty or not (the fold requires booleans)
    small = sorted({dtype for dtype in dtypes if dtype in v.SMALL_DTYPES})
    conditions.require(not small, f"no dtype is small (`jnp.sum` accumulates and promotes {', '.join(small)} differently from repeated `+`)")
    unknown = None in dtypes or None in term_dtypes
    deferred = checks or None
    if unknown:
        # A small or integer dtype may come in through a parameter (float16 data cast by a
        # caller, int32 data): unknown is not proven, unless every call site passes floats.
        conditions.require(False, "the dtypes are known and not small (the code does not show them all)", deferred)
        conditions.require(
            not any(rewrite.arange for rewrite in rewrites),
            "the dtypes are known (`jnp.arange` gives int32 where the loop index was a Python int, which keeps a small dtype small)",
            deferred,
        )
    for accumulation, value, term_dtype in zip(accumulations, initial, term_dtypes):
        float_start = value.kind == v.SCALAR and isinstance(value.literal, float) or value.is_array and (value.dtype or "").startswith(("float", "bfloat"))
        if unknown:
            conditions.require(
                value.kind == v.SCALAR and isinstance(value.literal, float),
                f"`{accumulation.name}` starts as a Python float, or the dtypes are known (a start of another dtype adds"
                " the terms one by one in its own dtype and width, `jnp.sum` adds them in theirs first)",
                deferred,
            )
        conditions.require(
            not (term_dtype in INTEGER_DTYPES and float_start),
            f"`{accumulation.name}` does not add integer terms into a float (the loop rounds each partial sum, `jnp.sum` adds exactly)",
        )
        conditions.require(
            value.kind == v.SCALAR or value.is_array and not value.host,
            f"`{accumulation.name}` starts as a Python number or a jax array (`+=` updates a NumPy array in place)",
        )
    # An empty loop leaves the accumulator as it was; `acc + jnp.sum(...)` of nothing does not.
    if not all(runs(ctx, level) for level in levels):
        keeps = all(keeps_initial(value, term) for value, term in zip(initial, terms))
        callers: list[str] | None = []
        for level in levels:
            found = [] if runs(ctx, level) else runs_by_callers(ctx, level)
            callers = callers + found if callers is not None and found is not None else None
        conditions.require(
            keeps,
            "the loop runs at least once (an empty loop leaves the accumulator as it was; the sum of nothing is a float32 array of the element's shape)",
            callers or None,
        )


def plus(base: ast.expr, offset: "int | ast.expr") -> ast.expr:
    """``base + offset`` as a tree (``(n - k) + k`` is ``n``)."""
    if not isinstance(offset, int) and isinstance(base, ast.BinOp) and isinstance(base.op, ast.Sub) and ast.dump(base.right) == ast.dump(offset):
        return base.left  # (n - k) + k
    if isinstance(offset, int):
        if offset == 0:
            return base
        return ast.BinOp(left=base, op=ast.Add() if offset > 0 else ast.Sub(), right=constant(abs(offset)))
    if isinstance(offset, ast.UnaryOp):
        return ast.BinOp(left=base, op=ast.Sub(), right=offset.operand)
    return ast.BinOp(left=base, op=ast.Add(), right=offset)


def is_arange(leaf: Leaf) -> bool:
    """The leaf is the ``jnp.arange`` that stands for the index used as a number."""
    return isinstance(leaf.array, ast.Call) and is_new(leaf.array)


def element_name(read: AxisRead, taken: set[str]) -> str:
    """A readable name for one element: ``x_i`` for ``x[i]``, ``x_prev`` for ``x[i - 1]``,
    ``w_i`` for ``self.w[i]``."""
    array = read.array
    base = array.attr if isinstance(array, ast.Attribute) else array.id if isinstance(array, ast.Name) else "element"
    offset = read.offset
    suffix = {0: "i", -1: "prev", 1: "next"}.get(offset, f"m{-offset}" if offset < 0 else f"p{offset}") if isinstance(offset, int) else "k"  # type: ignore[operator]
    chosen = f"{base}_{suffix}"
    while chosen in taken:
        chosen += "_"
    return chosen

def segment_advice(ctx, accumulation: Accumulation, bounds: str | tuple[str, str], index: str | None) -> tuple[str, str]:
    """The message and evidence for a sum with one term per ragged segment between consecutive
    offsets (``analysis/accumulation.segment_bounds``): no rewrite, the two ways to batch it."""
    between = f"the `{bounds[0]}`/`{bounds[1]}` offsets" if isinstance(bounds, tuple) else f"consecutive `{bounds}` offsets"
    message = (
        f"`{one_line(ctx.code(accumulation.statement), 60)}` adds one term per segment between "
        f"{between}: the traced program and its backward pass grow with the number of segments; pad the "
        f"segments to one length and mask, or compute the terms per element and add them with `jax.ops.segment_sum` "
        f"over segment ids"
    )
    if isinstance(bounds, tuple):
        return message, f"each step reads a slice between a `{bounds[0]}` and a `{bounds[1]}` offset, a segment of its own length"
    return message, f"each step reads `{bounds}[{index}]:{bounds}[{index} + 1]`, a segment of its own length"


def branched_advice(ctx, accumulation: Accumulation, header: str) -> str:
    """The advice for a running total split across ``if``/``elif`` branches (or added under one
    condition): each branch's terms for all elements at once, added under a mask. No fix: the
    tests may be Python values (a list of labels) that must first become a boolean array."""
    numpy = ctx.names.numpy_module()
    where = ctx.spell(f"{numpy}.where")[0] or "jnp.where"
    total = ctx.spell(f"{numpy}.sum")[0] or "jnp.sum"
    where_added = "under a condition" if accumulation.branches == 1 else f"in {accumulation.branches} branches"
    if accumulation.fold in ("max", "min"):
        reduce = ctx.spell(f"{numpy}.{accumulation.fold}")[0] or f"jnp.{accumulation.fold}"
        prefix = where.rpartition(".")[0] or "jnp"
        identity = f"-{prefix}.inf" if accumulation.fold == "max" else f"{prefix}.inf"
        return (
            f"`{accumulation.name}` takes the {accumulation.fold}imum of one term per step of {header}, {where_added}: the traced program "
            f"and its backward pass grow with the data; compute the terms for all elements at once and reduce them under a mask "
            f"(`{reduce}({where}(mask, terms, {identity}), axis=0)`, the mask from the test as a boolean array)"
        )
    return (
        f"`{accumulation.name}` gains one term per step of {header}, {where_added}: the traced program and its backward pass "
        f"grow with the data; compute the terms for all elements at once and add them under masks "
        f"(`{total}({where}(mask, terms, 0))` per branch, the masks from the tests as boolean arrays)"
    )


def triangle_advice(ctx, names: list[str], pairs_of: str) -> str:
    """The advice for a sum over the pairs of a triangle (``for a in range(M): for b in
    range(a): e += phi(p[a], p[b])``; ``pairs_of`` says which): all pairs at once, under a mask."""
    shown = ", ".join(f"`{name}`" for name in names)
    triu = ctx.spell(f"{ctx.names.numpy_module()}.triu_indices")[0] or "jnp.triu_indices"
    return (
        f"{shown} {'gains' if len(names) == 1 else 'gain'} one term per pair of {pairs_of}: the traced "
        f"program and its backward pass grow with the square of the data; compute every pair at once by broadcasting "
        f"(`x[:, None] - x[None, :]`) and sum the triangle with a mask, or index the pairs with `{triu}(n, 1)`"
    )


def summed_loop_fix(ctx, levels: list[Level], loop: ast.stmt, body: Body, rewrites: "list[Rewrite | None]") -> tuple[list[str], Fix | None]:
    """What a message shows for each accumulation of ``body`` (``acc = acc + <batched sum>``,
    or advice where there is no rewrite) and the fix replacing the whole ``loop``, when every
    accumulation has a rewrite and the step keeps no locals or lists of its own."""
    accumulations = body.accumulations
    numpy_module = ctx.names.numpy_module()
    numpy_sum, sum_imports = ctx.spell(f"{numpy_module}.sum")
    spelled = numpy_sum or "jnp.sum"
    lifted = lifted_module(ctx)
    shown: list[str] = []
    lines: list[str] = []
    conditions = Preconditions()
    imports: list = list(sum_imports)
    fixable = bool(numpy_sum) and not body.locals and not body.collected
    for accumulation, rewrite in zip(accumulations, rewrites):
        sign = "-" if accumulation.subtract else "+"
        # a running extremum: ``acc = jnp.maximum(acc, jnp.max(<terms>))`` where a sum adds ``jnp.sum``
        reducer = f"{spelled.rpartition('.')[0]}.{accumulation.fold}".lstrip(".")
        if rewrite is None or rewrite.how == "vmap" and numpy_module == "autograd.numpy":
            fixable = False
            axes = "axis=(0, 1)" if len(levels) == 2 else "axis=0"
            if numpy_module == "autograd.numpy":
                what = "the term written on whole arrays"
            else:
                what = "broadcasting, or nested `jax.vmap`" if len(levels) == 2 else "`jax.vmap` if it is not elementwise"
            if accumulation.fold == "prod":
                shown.append(f"`{accumulation.name} = {accumulation.name} * {reducer}(<the factor over all elements at once>, {axes})` (with {what})")
            elif accumulation.fold in LOGICAL:
                shown.append(f"`{accumulation.name} = {accumulation.name} {LOGICAL[accumulation.fold]} {reducer}(<the condition over all elements at once>, {axes})` (with {what})")
            elif accumulation.fold != "add":
                shown.append(f"`{accumulation.name} = {reducer}imum({accumulation.name}, {reducer}(<the term over all elements at once>, {axes}))` (with {what})")
            else:
                shown.append(f"`{accumulation.name} = {accumulation.name} {sign} {spelled}(<the term over all elements at once>, {axes})` (with {what})")
            continue
        if rewrite.how == "vmap" and lifted is not None and "self" in names_read(rewrite.total):
            fixable = False
            shown.append(f"`{spelled}` over the batched term, mapping the submodule with `{lifted}` (plain `jax.vmap` cannot lift its parameters)")
            continue
        if accumulation.fold != "add":
            folded = _folded(ctx, rewrite.total, accumulation, numpy_module, numpy_sum)
            if folded is None:
                fixable = False
                combined = f"{accumulation.name} * {reducer}(<the factors over all elements at once>)" if accumulation.fold == "prod" else (
                    f"{accumulation.name} {LOGICAL[accumulation.fold]} {reducer}(<the conditions over all elements at once>)" if accumulation.fold in LOGICAL else
                    f"{reducer}imum({accumulation.name}, {reducer}(<the terms over all elements at once>))")
                shown.append(f"`{accumulation.name} = {combined}`")
                continue
            updated, fold_imports = folded
            imports.extend(fold_imports)
            if accumulation.fold == "prod":
                conditions.require(False, "no partial product overflows or underflows (one `prod` multiplies in another order than the chain)")
            elif accumulation.fold in LOGICAL:
                conditions.require(False, f"the running value and the conditions are booleans (`{LOGICAL[accumulation.fold]}` of integers is bitwise, not `{accumulation.fold}`)")
            else:
                conditions.require(False, f"the loop runs at least once (`{accumulation.fold}` of no terms raises)")
                conditions.require(False, f"no two terms tie for the {accumulation.fold}imum (a chain of `{accumulation.fold}imum` and one `{accumulation.fold}` split a tie's gradient differently)")
        else:
            updated = ast.BinOp(left=name(accumulation.name), op=ast.Sub() if accumulation.subtract else ast.Add(), right=rewrite.total)
        text = f"{accumulation.name} = {ctx.renderer.code(updated)}"
        lines.append(text)
        shown.append(f"`{one_line(text, 120 if len(accumulations) == 1 else max(40, 180 // len(accumulations)))}`")
        for condition in rewrite.conditions:
            conditions.require(False, condition)
        imports.extend(rewrite.imports)
    if not (fixable and lines):
        return shown, None
    sum_preconditions(ctx, conditions, levels, accumulations, [rewrite for rewrite in rewrites if rewrite is not None])
    edit = ctx.renderer.replace_statements(loop, loop, lines)
    return shown, conditions.fix([edit], "\n".join(lines), imports)


#: The running tests a loop folds with an operator -> the operator (``hit = hit | jnp.any(...)``).
LOGICAL = {"any": "|", "all": "&"}


def _folded(ctx, total: ast.expr, accumulation: Accumulation, numpy_module: str, spelled_sum: str | None) -> tuple[ast.expr, list] | None:
    """``jnp.maximum(acc, jnp.max(<terms>, axis=...))`` for a running maximum (minimum) whose
    batched sum is ``jnp.sum(<terms>, axis=...)`` (``spelled_sum``: how this file spells the
    sum); None for another form of the total."""
    if not (isinstance(total, ast.Call) and spelled_sum and ctx.renderer.code(total.func) == spelled_sum):
        return None
    reduce_name, reduce_imports = ctx.spell(f"{numpy_module}.{accumulation.fold}")
    if reduce_name and accumulation.fold == "prod":  # ``acc * jnp.prod(<factors>, axis=...)``
        reduced = ast.Call(func=attribute_path(reduce_name), args=list(total.args), keywords=list(total.keywords))
        return ast.BinOp(left=name(accumulation.name), op=ast.Mult(), right=reduced), list(reduce_imports)
    if reduce_name and accumulation.fold in LOGICAL:  # ``hit | jnp.any(<conditions>, axis=...)``
        reduced = ast.Call(func=attribute_path(reduce_name), args=list(total.args), keywords=list(total.keywords))
        operator = ast.BitOr() if accumulation.fold == "any" else ast.BitAnd()
        return ast.BinOp(left=name(accumulation.name), op=operator, right=reduced), list(reduce_imports)
    fold_name, fold_imports = ctx.spell(f"{numpy_module}.{accumulation.fold}imum")
    if not reduce_name or not fold_name:
        return None
    reduced = ast.Call(func=attribute_path(reduce_name), args=list(total.args), keywords=list(total.keywords))
    return call(attribute_path(fold_name), name(accumulation.name), reduced), [*reduce_imports, *fold_imports]
