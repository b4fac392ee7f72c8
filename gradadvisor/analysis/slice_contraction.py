"""A loop nest as a contraction of slices: the einsum a ``Nest`` computes, when it computes one.

The element of the nest (``jnp.dot(a[:, i], b[:, i])``) is read as a named contraction
(``dot``, ``@``/``matmul``, ``inner``, ``vdot``, ``jnp.sum(u * v * ...)``, ``(u * v).sum()``)
of *factors*: reads of arrays at the loop indices (``vectorize.IndexedRead``) or expressions
the loop does not index. With a rank for every factor's array (shown by the code, or guessed
from the contraction, each guess saying what it assumes), ``analysis/einsum.py`` compiles the
subscripts; ``slice_contraction`` is that query, ``window_contraction`` its variant for a
window per position (``dot(x[i - 1:i + 2], w)``: a correlation, not an einsum), and
``elementwise_slices`` the one for a body without a contraction, elementwise in column slices
(``mean + d[:, i]``: the whole array, its axes reordered).

Also here, the questions it asks of the arrays: the rank the code shows (``shown_rank``),
whether ``x[i]`` may index a Python list of different arrays (``may_be_list``), and which axis
a written index reads (``axis_position``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis import values as v
from gradadvisor.analysis.einsum import Contraction, Einsum, Operand, StackOutput, compile_contraction, operand_axes
from gradadvisor.analysis.extent import is_collection_name
from gradadvisor.analysis.loop_nest import Nest, var_count
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.operations import operation_of
from gradadvisor.analysis.syntax import names_read, one_line, walk
from gradadvisor.analysis.vectorize import IndexedRead, elementwise_over, has_walrus, read_indexed

#: The table's contractions (``analysis/operations.py``) GA201 knows, as einsum.py's kinds: a
#: ``[dot]`` spelling of ``matmul`` contracts like ``dot``.
CONTRACTIONS: dict[tuple[str, str], Contraction] = {("matmul", ""): "matmul", ("matmul", "dot"): "dot", ("inner", ""): "inner", ("vdot", ""): "vdot"}
#: Attributes only an array has: reading one shows that a name holds an array, not a list.
ARRAY_ONLY_ATTRIBUTES = frozenset({"shape", "ndim", "T", "mT", "reshape", "astype", "dtype", "transpose"})


@dataclass
class Factor:
    """One argument of the contraction: a read at the loop indices, or an expression the loop
    does not index (``read`` None)."""

    expression: ast.expr
    read: IndexedRead | None = None

    @property
    def array(self) -> ast.expr:
        """The array the factor reads (the expression itself when the loop does not index it)."""
        return self.read.base if self.read is not None else self.expression


@dataclass
class SliceContraction:
    """What a nest computes as one einsum: ``einsum`` over ``operands`` (in order), with the
    contraction's ``kind``, the function spelled in the code (``spelled_like``), the keywords
    that carry over, and per operand whether its rank is proven and what the rewrite assumes."""

    kind: Contraction
    operands: list[Factor]
    reads: list[IndexedRead]
    einsum: Einsum
    out_letters: str
    spelled_like: ast.expr | None
    keywords: list[ast.keyword]
    assumed: list[tuple[bool, str]]
    #: What the ``.at[]`` target holds before the loop (unknown for stacked nests).
    initial: v.Value


def contraction_of(expr: ast.expr, resolve) -> tuple[Contraction, list[ast.expr], ast.expr | None, list[ast.keyword]] | None:
    """``(kind, factors, the function called, keywords to keep)`` for the contractions GA201
    knows; ``precision=`` and ``preferred_element_type=`` carry over."""
    operation = operation_of(expr, resolve)
    kind = CONTRACTIONS.get((operation.name, operation.variant)) if operation is not None else None
    if operation is not None and kind is not None:
        if operation.spelling.form == "operator":
            return kind, list(operation.operands), None, []
        if operation.module in AUTODIFF_NUMPY and operation.plain and len(expr.args) == 2:  # type: ignore[union-attr]
            return kind, list(operation.operands), expr.func, list(expr.keywords)  # type: ignore[union-attr]
    if not isinstance(expr, ast.Call) or any(isinstance(arg, ast.Starred) for arg in expr.args) or any(k.arg is None for k in expr.keywords):
        return None
    qualified = resolve(expr.func) or ""
    module, _, function = qualified.rpartition(".")
    if expr.keywords:
        return None
    product = None
    if module in AUTODIFF_NUMPY and function == "sum" and len(expr.args) == 1:
        product = expr.args[0]
    elif not qualified and isinstance(expr.func, ast.Attribute) and expr.func.attr == "sum" and not expr.args:
        product = expr.func.value
    if isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult):
        return "sum_product", product_factors(product), expr.func if module else None, []
    return None


def product_factors(product: ast.BinOp) -> list[ast.expr]:
    """The factors of ``a * b * c`` (left to right)."""
    found: list[ast.expr] = []
    stack: list[ast.expr] = [product]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            stack.extend((node.right, node.left))
        else:
            found.append(node)
    return found


def slice_contraction(ctx, nest: Nest, initial: ast.expr | None = None) -> SliceContraction | None:
    """The einsum that computes the whole nest (``initial``: what an ``.at[]`` target holds
    before the loop, whose rank the result must have), or None."""
    element = nest.indexed_element()
    if element is None or has_walrus(element):
        return None
    contraction = contraction_of(element, ctx.resolve)
    if contraction is None:
        return None
    kind, factors, spelled_like, keywords = contraction
    loop_vars = [loop.var for loop in nest.loops]
    variables = set(loop_vars)
    operands: list[Factor] = []
    for factor in factors:
        read = read_indexed(factor, variables, ctx.resolve)
        if read is None and variables & names_read(factor):
            return None
        if read is not None and read.has_window:
            return None
        operands.append(Factor(factor, read))
    reads = [operand.read for operand in operands if operand.read is not None]
    if not reads or any(may_be_list(ctx, read) for read in reads):
        return None
    # Every read of a loop variable must be an index of a read.
    if sum(var_count(read.node, variables) for read in reads) != var_count(element, variables):
        return None
    initial_value = v.UNKNOWN_VALUE if initial is None else ctx.facts.value(initial, ctx.scope, ctx.statement)
    for ranks, assumed in rank_guesses(ctx, kind, operands):
        compiled_operands = [operand_axes_of(operand.read, rank) for operand, rank in zip(operands, ranks)]
        if any(axes is None for axes in compiled_operands):
            continue
        einsum = compile_contraction(kind, compiled_operands, nest.output, loop_vars)  # type: ignore[arg-type]
        if einsum is None:
            continue
        out_letters = einsum.subscripts.split("->")[1]
        if nest.flatten and len(out_letters) != len(loop_vars):
            continue  # flattened loops: only a number per iteration reshapes cleanly
        if initial_value.rank is not None and initial_value.rank != len(out_letters):
            continue  # e.g. `out.at[i].set(scalar)` broadcast along a row of a matrix
        return SliceContraction(kind, operands, reads, einsum, out_letters, spelled_like, keywords, assumed, initial_value)
    return None


def window_contraction(ctx, nest: Nest) -> tuple[IndexedRead, ast.expr, ast.expr | None] | None:
    """``(window read, kernel, contraction function)`` for one loop contracting one window
    per position with a kernel the loop does not index (``jnp.dot(x[i - 1:i + 2], w)``)."""
    if len(nest.loops) != 1 or nest.loops[0].walks:
        return None
    element = nest.element
    contraction = contraction_of(element, ctx.resolve)
    if contraction is None:
        return None
    _, factors, spelled_like, _ = contraction
    if len(factors) != 2:
        return None
    variables = {nest.loops[0].var}
    reads = [read_indexed(factor, variables, ctx.resolve) for factor in factors]
    windowed = [read for read in reads if read is not None and read.has_window]
    if len(windowed) != 1 or len(windowed[0].indices) != 1:
        return None
    kernel = factors[1 - reads.index(windowed[0])]
    if variables & names_read(kernel) or var_count(element, variables) != var_count(windowed[0].node, variables):
        return None
    if may_be_list(ctx, windowed[0]):
        return None
    return windowed[0], kernel, spelled_like


def lagged_windows(ctx, nest: Nest) -> tuple[ast.expr, ast.expr, ast.expr, ast.expr | None] | None:
    """``(head array, tail array, the head's end at lag 0, contraction function)`` for one loop contracting the head of
    one array with the tail of another, both moving with the loop index ``t``: ``a[:n - t] @
    b[t:n]``, ``jnp.sum(a[:n - t] * b[t:])``. Every lag of a correlation, one per step (a
    triangular Toeplitz product): each window's gradient is a full-size scatter."""
    if len(nest.loops) != 1 or nest.loops[0].walks:
        return None
    var = nest.loops[0].var
    contraction = contraction_of(nest.element, ctx.resolve)
    if contraction is None or len(contraction[1]) != 2:
        return None
    heads = [factor for factor in contraction[1] if _moving_end(factor, var) == "head"]
    tails = [factor for factor in contraction[1] if _moving_end(factor, var) == "tail"]
    if len(heads) != 1 or len(tails) != 1:
        return None
    return heads[0].value, tails[0].value, heads[0].slice.upper.left, contraction[2]  # type: ignore[attr-defined]


def _moving_end(factor: ast.expr, var: str) -> str | None:
    """"head" for ``a[:E - t]``, "tail" for ``b[t:E]`` or ``b[t:]`` (``E`` not reading ``t``)."""
    if not (isinstance(factor, ast.Subscript) and isinstance(factor.slice, ast.Slice) and factor.slice.step is None) or var in names_read(factor.value):
        return None
    lower, upper = factor.slice.lower, factor.slice.upper
    if (lower is None or isinstance(lower, ast.Constant) and lower.value == 0) and isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Sub) \
            and isinstance(upper.right, ast.Name) and upper.right.id == var and var not in names_read(upper.left):
        return "head"
    if isinstance(lower, ast.Name) and lower.id == var and (upper is None or var not in names_read(upper)):
        return "tail"
    return None


def elementwise_slices(ctx, nest: Nest) -> tuple[list[IndexedRead], list[ast.expr]] | None:
    """``(slices, other operands)`` for one stacked loop whose element is elementwise in slices
    taken with the loop index, at least one a column (``a[:, i]``; row-wise maps are GA101's),
    the other operands not reading the index; None otherwise."""
    if len(nest.loops) != 1 or nest.flatten or nest.loops[0].walks or not isinstance(nest.output, StackOutput):
        return None
    loop = nest.loops[0]
    element = nest.element
    if has_walrus(element):
        return None
    variables = {loop.var}
    reads: dict[int, IndexedRead] = {}

    def is_leaf(node: ast.AST) -> bool:
        read = read_indexed(node, variables, ctx.resolve)
        if read is None or read.has_window or read.keepdims or len(read.variables) != 1:
            return False
        reads[id(node)] = read
        return True

    parts = elementwise_over(element, is_leaf, ctx.resolve)
    if parts is None or not parts.leaves:
        return None
    leaves = [reads[id(leaf)] for leaf in parts.leaves]
    if any(loop.var in names_read(free) for free in parts.free):
        return None
    if not any(is_column(read) for read in leaves) or any(may_be_list(ctx, read) for read in leaves):
        return None
    return leaves, list(parts.free)


def rank_guesses(ctx, kind: Contraction, operands: list[Factor]) -> list[tuple[list[int], list[tuple[bool, str]]]]:
    """Ranks for each operand's array: shown by the code, or guessed from the contraction
    (the natural guess first; for an unsliced operand of unknown rank, also a vector and a
    matrix). With each, per operand, whether it is proven and what the rewrite assumes."""
    shown = [shown_rank(ctx, operand) for operand in operands]
    both_sliced = all(operand.read is not None for operand in operands)
    views: list[int | None] = []
    for operand, rank in zip(operands, shown):
        read = operand.read
        if rank is not None:
            views.append(rank - (len(read.variables) if read is not None else 0) + (1 if read is not None and read.keepdims else 0))
        elif read is None:
            views.append(None)
        else:
            # `a[t] @ b[t]` over a leading axis is a per-item matrix product; other slices are vectors.
            per_item = len(read.indices) == 1 and read.indices[0].var is not None and read.ellipsis_at is None
            kept = sum(index.var is None for index in read.indices) + (1 if read.keepdims else 0)
            views.append(max(kept, 2 if kind == "matmul" and both_sliced and per_item else 1))
    known = [view for view in views if view is not None]
    natural = list(views)
    for index, view in enumerate(natural):
        if view is None:
            if kind in ("vdot", "sum_product") and known:
                natural[index] = known[0]  # the same shape as the slices
            elif len(natural) == 2:
                partner = natural[1 - index]
                natural[index] = 2 if partner == 1 else 1  # a matrix times vector slices, else a vector
            else:
                natural[index] = 1
    candidates = [natural]
    if kind not in ("vdot", "sum_product"):
        for guess in (1, 2):
            alternative = [guess if view is None else view for view in views]
            if alternative not in candidates:
                candidates.append(alternative)
    guesses = []
    for candidate in candidates:
        ranks: list[int] = []
        assumed: list[tuple[bool, str]] = []
        for operand, rank, view in zip(operands, shown, candidate):
            read = operand.read
            if rank is None:
                rank = (len(read.variables) if read is not None else 0) + (view or 0) - (1 if read is not None and read.keepdims else 0)
            assumed.append((shown[len(ranks)] is not None, f"`{one_line(ctx.code(operand.array), 25)}` has {rank} axes (the code does not show its rank)"))
            ranks.append(rank)
        guesses.append((ranks, assumed))
    return guesses


def shown_rank(ctx, operand: Factor) -> int | None:
    """The rank of the operand's array as the code shows it (a number has none), else None."""
    read = operand.read
    if read is not None and read.rank is not None:
        return read.rank
    value = ctx.value(operand.array)
    if value.kind in (v.SCALAR, v.SIZE):
        return 0
    return value.rank if value.is_array else None


def operand_axes_of(read: IndexedRead | None, rank: int) -> Operand | None:
    """The axes of the array a factor reads, for an array of ``rank`` axes (a kept axis of
    ``dynamic_slice`` counts as one more)."""
    if read is None:
        return operand_axes((), None, rank)
    entries: list[str | None] = [index.var for index in read.indices]
    ellipsis_at = read.ellipsis_at
    if read.keepdims:
        position = next(p for p, index in enumerate(read.indices) if index.var is not None)
        entries.insert(position + 1, None)
        rank += 1
    return operand_axes(entries, ellipsis_at, rank)


def axis_position(read: IndexedRead, position: int, rank: int | None) -> int | None:
    """The axis of ``base`` that the ``position``-th written index reads (negative when it
    counts from the end after ``...`` and the rank is unknown)."""
    if read.ellipsis_at is None or position < read.ellipsis_at:
        return position
    after = len(read.indices) - position
    return rank - after if rank is not None else -after


def is_column(read: IndexedRead) -> bool:
    """The loop variable indexes an axis other than the first (a column, not a row)."""
    for position, index in enumerate(read.indices):
        if index.var is not None:
            return position > 0 or read.ellipsis_at is not None and read.ellipsis_at <= position
    return False


def may_be_list(ctx, read: IndexedRead) -> bool:
    """True when ``x[i]`` may index a Python list of different arrays (heads, kernels,
    components): a value known to be a sequence, or a name that says so with no array
    attribute read anywhere. A subscript with several axes (``x[:, i]``) is an array's."""
    value = ctx.value(read.base)
    if value.kind in (v.SEQUENCE, v.MAPPING, v.STRING):
        return True
    if value.host and value.is_array:
        return True  # host NumPy data: its own business
    if len(read.indices) > 1 or read.ellipsis_at is not None or read.spelling != "subscript" or value.is_array:
        return False
    function = ctx.function
    base = read.base
    if function is not None and _uses_array_attribute(function, ctx.code(base), ctx.code):
        return False
    tail = base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else None
    return tail is not None and is_collection_name(tail)


def _uses_array_attribute(function: ast.AST, base: str, code) -> bool:
    """True when ``function`` reads ``base.shape``, ``base.T``, ``base.reshape`` or the like."""
    for node in walk(function):
        if isinstance(node, ast.Attribute) and node.attr in ARRAY_ONLY_ATTRIBUTES and code(node.value) == base:
            return True
    return False


def autodiff_module(resolve, *likes: ast.expr | None) -> str:
    """The autodiff array module (``jax.numpy``, ``autograd.numpy``) the first of ``likes``
    that resolves into one comes from; ``jax.numpy`` when none does."""
    for like in likes:
        if like is None:
            continue
        qualified = resolve(like) or ""
        module = next((m for m in AUTODIFF_NUMPY if qualified.startswith(m + ".")), None)
        if module is not None:
            return module
    return "jax.numpy"
