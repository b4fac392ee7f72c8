"""Contiguous blocks read at a loop index: ``x[i * k:(i + 1) * k]``, ``x[:, i * k:i * k + k]``,
``x[..., k * i:k * (i + 1)]``.

Each step reads the ``i``-th block of ``k`` items along one axis: that is row ``i`` of the
array reshaped so the axis splits into ``(-1, k)``. ``block_rows`` rewrites such reads as reads
of the reshaped view at ``i`` (``x.reshape((-1, k) + x.shape[1:])[i]``), so every reader of
per-index reads (``vectorize.index_loop``) sees a map over the blocks, which one ``vmap`` over
the view computes at once. The reading assumes the blocks tile the axis (its length is the
count times ``k``; a last, shorter block is cut by a slice, and a reshape raises), and says so.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.syntax import full_slice, names_read, substitute


def block_rows(body: ast.AST, index: str, stride: ast.expr | None = None) -> tuple[ast.AST, tuple[str, ...], tuple[str, ...]]:
    """``body`` with each block read at ``index`` replaced by a read of the reshaped view, the
    assumptions that makes (one per array) and the widths that are not literals (``chunk``: a
    size callers choose, as a chunk for memory is: ``chosen_widths``); ``(body, (), ())`` when there
    is none. With
    ``stride`` (``for s in range(0, n, k)``) the blocks are ``x[s:s + k]``, and the view is read
    at ``s`` as the block's number: the caller then walks ``range(n // k)``."""
    assumptions: list[str] = []
    chosen: list[str] = []

    def replace(node: ast.AST) -> ast.AST | None:
        if not isinstance(node, ast.Subscript) or not isinstance(node.ctx, ast.Load) or index in names_read(node.value):
            return None
        items = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        found = [(position, width) for position, item in enumerate(items) if (width := block_width(item, index, stride)) is not None]
        if len(found) != 1:
            return None
        position, width = found[0]
        before, after = items[:position], items[position + 1 :]
        if any(index in names_read(item) for item in (*before, *after)):
            return None
        view = _view(node.value, before, after, width)
        if view is None:
            return None
        text = ast.unparse(node.value)
        if not isinstance(width, ast.Constant):
            chosen.append(ast.unparse(width))
        assumptions.append(f"`{text}` splits into whole blocks of `{ast.unparse(width)}` along the walked axis (its length is the count times the block; pad it to whole blocks otherwise)")
        # ``x[:, block]`` is ``view[:, i]``; ``x[..., block]`` is ``view[..., i, :]``; items after
        # the block follow the block's own axis (``view[i, :, 2]``)
        keeps_block = bool(after) or bool(before) and _ellipsis(before[0])
        number = ast.Name(id=index, ctx=ast.Load())
        number.block_number = True  # type: ignore[attr-defined]  # the block's number, not an offset (``stride``)
        read = [*before, number, *([ast.Slice(), *after] if keeps_block else [])]
        return ast.Subscript(value=view, slice=read[0] if len(read) == 1 else ast.Tuple(elts=read, ctx=ast.Load()), ctx=ast.Load())

    new_body = substitute(body, replace)
    return new_body, tuple(dict.fromkeys(assumptions)), tuple(dict.fromkeys(chosen))


def block_width(item: ast.AST, index: str, stride: ast.expr | None = None) -> ast.expr | None:
    """``k`` when ``item`` is the ``index``-th block of ``k``: ``i * k:(i + 1) * k``, ``k * i:k * (i + 1)``,
    ``i * k:i * k + k`` (``k`` free of ``index``: a literal, a name, an attribute); the last block
    may be clipped (``i * k:min((i + 1) * k, n)``). With ``stride``, ``s:s + k`` (``s:min(s + k, n)``)
    for ``k`` the stride."""
    if not isinstance(item, ast.Slice) or item.step is not None or item.lower is None or item.upper is None:
        return None
    if _int_of(item.lower) is not None and _int_of(item.upper) is not None:
        # ``x[int(i * k):int((i + 1) * k)]``: the same block, its bounds made ints
        item = ast.Slice(lower=_int_of(item.lower), upper=_int_of(item.upper))
    upper = _unclipped(item.upper)
    if stride is not None:
        walked = item.lower
        if not (isinstance(walked, ast.Name) and walked.id == index and isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add)):
            return None
        for start, step in ((upper.left, upper.right), (upper.right, upper.left)):
            if _same(start, walked) and _same(step, stride) and _plain(step):
                return step
        return None
    width = _times_index(item.lower, index)
    if width is None:
        return None
    shifted = _times_index(upper, index, plus_one=True)
    if shifted is not None and _same(shifted, width):
        return width
    if isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add):
        for start, step in ((upper.left, upper.right), (upper.right, upper.left)):
            if _same(start, item.lower) and _same(step, width):
                return width
    return None


def _int_of(bound: ast.expr) -> ast.expr | None:
    """``e`` for ``int(e)``; ``bound`` itself when it is no call; None for any other call."""
    if isinstance(bound, ast.Call):
        if isinstance(bound.func, ast.Name) and bound.func.id == "int" and len(bound.args) == 1 and not bound.keywords:
            return bound.args[0]
        return None
    return bound


def _unclipped(upper: ast.expr) -> ast.expr:
    """``(i + 1) * k`` for ``min((i + 1) * k, n)``: the block's end, the last one clipped to the length."""
    if isinstance(upper, ast.Call) and isinstance(upper.func, (ast.Name, ast.Attribute)) and not upper.keywords and len(upper.args) == 2:
        function = upper.func.id if isinstance(upper.func, ast.Name) else upper.func.attr
        if function in ("min", "minimum"):
            return upper.args[0]
    return upper


def _times_index(expr: ast.AST, index: str, plus_one: bool = False) -> ast.expr | None:
    """``k`` for ``index * k`` or ``k * index`` (``(index + 1) * k`` with ``plus_one``)."""
    if not isinstance(expr, ast.BinOp) or not isinstance(expr.op, ast.Mult):
        return None
    for walked, width in ((expr.left, expr.right), (expr.right, expr.left)):
        if _is_index(walked, index, plus_one) and index not in names_read(width) and _plain(width):
            return width
    return None


def _is_index(expr: ast.AST, index: str, plus_one: bool) -> bool:
    if not plus_one:
        return isinstance(expr, ast.Name) and expr.id == index
    if not (isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add)):
        return False
    pair = (expr.left, expr.right)
    return any(isinstance(a, ast.Name) and a.id == index and isinstance(b, ast.Constant) and b.value == 1 and type(b.value) is int for a, b in (pair, pair[::-1]))


def _plain(width: ast.AST) -> bool:
    """A block size the code names: a positive literal int, a name, an attribute."""
    if isinstance(width, ast.Constant):
        return type(width.value) is int and width.value > 1
    return isinstance(width, (ast.Name, ast.Attribute))


def _same(one: ast.AST, two: ast.AST) -> bool:
    return ast.dump(one) == ast.dump(two)


def _ellipsis(item: ast.AST) -> bool:
    return isinstance(item, ast.Constant) and item.value is Ellipsis


def _view(array: ast.expr, before: list[ast.expr], after: list[ast.expr], width: ast.expr) -> ast.expr | None:
    """``array`` reshaped so the walked axis splits into ``(-1, width)``: counted from the front
    after full slices (``x[:, block]``), or from the back after ``...`` followed by full slices
    (``x[..., block]``); None for any other index (a literal item before the block...)."""
    shape = ast.Attribute(value=array, attr="shape", ctx=ast.Load())
    split = ast.Tuple(elts=[ast.Constant(-1), width], ctx=ast.Load())
    kept = lambda item: full_slice(item) or isinstance(item, ast.Constant) and item.value is None  # noqa: E731  (``None`` adds an axis, reads none)
    if all(full_slice(item) for item in before) and all(kept(item) or _ellipsis(item) for item in after[-1:]) and all(kept(item) for item in after[:-1]):
        axis = len(before)
        head = ast.Subscript(value=shape, slice=ast.Slice(upper=ast.Constant(axis)), ctx=ast.Load()) if axis else None
        tail = ast.Subscript(value=shape, slice=ast.Slice(lower=ast.Constant(axis + 1)), ctx=ast.Load())
    elif len(before) == 1 and _ellipsis(before[0]) and all(full_slice(item) for item in after):
        axis = -1 - len(after)
        head = ast.Subscript(value=shape, slice=ast.Slice(upper=ast.Constant(axis)), ctx=ast.Load())
        tail = ast.Subscript(value=shape, slice=ast.Slice(lower=ast.Constant(axis + 1)), ctx=ast.Load()) if axis < -1 else None
    else:
        return None
    parts = [part for part in (head, split, tail) if part is not None]
    new_shape = parts[0]
    for part in parts[1:]:
        new_shape = ast.BinOp(left=new_shape, op=ast.Add(), right=part)
    method = ast.Attribute(value=array, attr="reshape", ctx=ast.Load())
    return ast.Call(func=method, args=[new_shape], keywords=[])


def offsets_only_in_blocks(body: ast.AST, index: str) -> bool:
    """After ``block_rows`` with a stride: ``index`` is read nowhere but as a block's number (an
    offset ``s`` used otherwise, ``y[s]``, would change meaning)."""
    return not any(isinstance(node, ast.Name) and node.id == index and not getattr(node, "block_number", False) for node in ast.walk(body))


def chunk_widths(body: ast.AST, index: str, stride: ast.expr | None = None) -> list[str]:
    """The block widths callers choose in a loop over ``index`` (``block_rows``' third answer),
    and a stride that is not a literal (``range(0, n, self.chunk)``) even where no block is read."""
    widths = list(block_rows(body, index, stride)[2])
    if stride is not None and not isinstance(stride, ast.Constant):
        widths.append(ast.unparse(stride))
    return list(dict.fromkeys(widths))


#: Why a loop over blocks whose step maps its block already is reported only under a shown trace
#: (GA101's and GA302's evidence).
BATCHED_BLOCKS = "each step maps a block of the batch with a batching transform: chunked for memory, and a trace unrolls the blocks"


def chunk_evidence(width: str) -> str:
    """Why a loop over blocks of a chosen size needs a trace shown (GA101's and GA302's evidence)."""
    return f"blocks of `{width}`, a size callers choose: a trace must be shown (eagerly, chunks bound memory)"


def sliced_rows(arg: ast.expr, loop: ast.For | ast.While) -> bool:
    """``sample[i * b:(i + 1) * b]``, or a name the loop's step binds once to such a slice: a
    block of rows handed to a call of the step."""
    if isinstance(arg, ast.Name):
        bound = [stmt.value for stmt in loop.body if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == arg.id]
        arg = bound[0] if len(bound) == 1 else arg
    return isinstance(arg, ast.Subscript) and isinstance(arg.slice, ast.Slice)
