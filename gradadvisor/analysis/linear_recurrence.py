"""The algebra of a loop state's update: affine in the state, or a reduction of terms.

``affine`` reads ``expr`` as ``a * state + b`` (``A @ state + b`` for a matrix) with ``a`` and ``b``
free of the state: a linear recurrence, which ``jax.lax.associative_scan`` (or ``jnp.cumsum`` /
``jnp.cumprod``) computes in parallel. ``inline`` substitutes names defined earlier in the step;
``linear_update`` reads one recurrent state's update (a plain assignment or an ``.at[i].set``
reading the previous position) that way. ``reduction`` holds of ``s = s + t``, ``s *= t``,
``s = jnp.maximum(s, t)`` with ``t`` free of ``s`` and moving with the step: the loop reduces terms,
it does not iterate a map.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from typing import TYPE_CHECKING

from gradadvisor.analysis.accumulation import FOLD_FUNCTIONS, accumulation_of, branched_accumulation
from gradadvisor.analysis.loop_nest import inside
from gradadvisor.analysis.recurrence_footprints import read_footprint
from gradadvisor.analysis.syntax import FUNCTION_NODES, assigned_targets, names_read, substitute, walk

if TYPE_CHECKING:
    from gradadvisor.analysis.recurrence import Flow


@dataclass(frozen=True)
class Affine:
    """``new = coefficient * old + offset`` (None: 1 and 0); ``matrix``: ``coefficient @ old``."""

    coefficient: ast.expr | None
    offset: ast.expr | None
    matrix: bool = False
    #: ``new = old + offset``: a running sum.
    @property
    def additive(self) -> bool:
        return self.coefficient is None

    @property
    def multiplicative(self) -> bool:
        return self.offset is None and self.coefficient is not None and not self.matrix


def affine(expr: ast.expr, is_state, is_stateful, matmul_names: frozenset[str] = frozenset({"jax.numpy.dot", "jax.numpy.matmul"}), resolve=None) -> Affine | None:
    """``expr`` as ``a * state + b`` with ``a`` and ``b`` free of the state, or None.

    ``is_state(node)``: the node reads the old state (``x``, ``x[i - 1]``); ``is_stateful(node)``:
    the node depends on the state in another way (then it is not affine, unless it is the state)."""

    def free(node: ast.AST) -> bool:
        return not any(is_state(child) or is_stateful(child) for child in walk(node))

    def build(node: ast.expr, depth: int = 0) -> Affine | None | str:
        """An Affine, "free" for a state-free expression, None when not affine."""
        if depth > 30:
            return None
        if is_state(node):
            return Affine(None, None)
        if free(node):
            return "free"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = build(node.operand, depth + 1)
            if not isinstance(inner, Affine):
                return None if inner is None else "free"
            return Affine(_neg(inner.coefficient), _neg_opt(inner.offset), inner.matrix)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
            return build(node.operand, depth + 1)
        if isinstance(node, ast.BinOp):
            left, right = build(node.left, depth + 1), build(node.right, depth + 1)
            if left is None or right is None:
                return None
            if isinstance(node.op, (ast.Add, ast.Sub)):
                if isinstance(left, Affine) and isinstance(right, Affine):
                    return None
                if isinstance(left, Affine):
                    other = node.right if isinstance(node.op, ast.Add) else ast.UnaryOp(op=ast.USub(), operand=node.right)
                    return Affine(left.coefficient, _add(left.offset, other), left.matrix)
                if isinstance(right, Affine):
                    sign = isinstance(node.op, ast.Sub)
                    coefficient = _neg(right.coefficient) if sign else right.coefficient
                    offset = _neg_opt(right.offset) if sign else right.offset
                    return Affine(coefficient, _add(node.left, offset) if offset is not None else node.left, right.matrix)
                return "free"
            if isinstance(node.op, ast.Mult):
                if isinstance(left, Affine) and isinstance(right, Affine):
                    return None
                if isinstance(left, Affine) and not left.matrix:
                    return Affine(_mul(left.coefficient, node.right), _mul_opt(left.offset, node.right))
                if isinstance(right, Affine) and not right.matrix:
                    return Affine(_mul(right.coefficient, node.left, left_side=True), _mul_opt(right.offset, node.left, left_side=True))
                return None if isinstance(left, Affine) or isinstance(right, Affine) else "free"
            if isinstance(node.op, ast.Div):
                if isinstance(left, Affine) and right == "free" and not left.matrix:
                    return Affine(_div(left.coefficient, node.right), _div_opt(left.offset, node.right))
                return None
            if isinstance(node.op, ast.MatMult):
                if left == "free" and isinstance(right, Affine) and right.coefficient is None and right.offset is None:
                    return Affine(node.left, None, True)
                return None
            return None
        if isinstance(node, ast.Call) and resolve is not None and len(node.args) == 2 and not node.keywords:
            qualified = resolve(node.func) or ""
            if qualified in matmul_names:
                left, right = build(node.args[0], depth + 1), build(node.args[1], depth + 1)
                if left == "free" and isinstance(right, Affine) and right.coefficient is None and right.offset is None:
                    return Affine(node.args[0], None, True)
            return None
        return None

    result = build(expr)
    return result if isinstance(result, Affine) else None


def _neg(node: ast.expr | None) -> ast.expr:
    return ast.UnaryOp(op=ast.USub(), operand=node if node is not None else ast.Constant(1))


def _neg_opt(node: ast.expr | None) -> ast.expr | None:
    return None if node is None else ast.UnaryOp(op=ast.USub(), operand=node)


def _add(left: ast.expr | None, right: ast.expr) -> ast.expr:
    return right if left is None else ast.BinOp(left=left, op=ast.Add(), right=right)


def _mul(coefficient: ast.expr | None, factor: ast.expr, left_side: bool = False) -> ast.expr:
    if coefficient is None:
        return factor
    return ast.BinOp(left=factor, op=ast.Mult(), right=coefficient) if left_side else ast.BinOp(left=coefficient, op=ast.Mult(), right=factor)


def _mul_opt(offset: ast.expr | None, factor: ast.expr, left_side: bool = False) -> ast.expr | None:
    return None if offset is None else _mul(offset, factor, left_side)


def _div(coefficient: ast.expr | None, divisor: ast.expr) -> ast.expr:
    return ast.BinOp(left=coefficient if coefficient is not None else ast.Constant(1), op=ast.Div(), right=divisor)


def _div_opt(offset: ast.expr | None, divisor: ast.expr) -> ast.expr | None:
    return None if offset is None else ast.BinOp(left=offset, op=ast.Div(), right=divisor)


def inline(expr: ast.expr, definitions: dict[str, ast.expr], depth: int = 4) -> ast.expr:
    """``expr`` with names replaced by their definitions earlier in the step (a few levels)."""
    for _ in range(depth):
        changed = False

        def replace(node: ast.AST) -> ast.AST | None:
            nonlocal changed
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in definitions:
                changed = True
                return definitions[node.id]
            if isinstance(node, FUNCTION_NODES):
                return node
            return None

        expr = substitute(expr, replace)  # type: ignore[assignment]
        if not changed:
            break
    return expr


def linear_update(flow: Flow, state: str, ctx) -> Affine | None:
    """The state's update as ``a * state + b``, when it is one."""
    var = flow.form.index
    if state in flow.moving_arrays:
        writes = [write for write in flow.writes if write.array == state]
        if len(writes) != 1 or writes[0].method != "set" or writes[0].value is None:
            return None
        write = writes[0]
        point = write.footprint.point()
        if point is None:
            return None
        key, position = point
        var = write.var
        previous = position - write.direction
        others = {axis: span for axis, span in write.footprint.axes if not span.relative}
        statement = write.statement
        value = inline(write.value, _step_definitions(flow, statement))

        def is_state(node: ast.AST) -> bool:
            found = read_footprint(node, {state}, var, ctx.resolve, ctx.code)
            if found is None:
                return False
            place = found[1]
            spans = dict(place.axes)
            moving = spans.get(key)
            if moving is None or not moving.relative or moving.lo != previous or moving.hi != previous + 1:
                return False
            return all(spans.get(axis) == span for axis, span in others.items()) and len(spans) == len(write.footprint.axes)

        def is_stateful(node: ast.AST) -> bool:
            if isinstance(node, ast.Name) and node.id == state:
                return True
            return isinstance(node, ast.Name) and state in flow.final.get(node.id, frozenset()) and node.id in flow.assigned
    else:
        updates = flow.updates_of(state)
        if len(updates) != 1:
            return None
        statement = updates[0]
        item = next(item for item in flow.items if item.statement is statement)
        if item.conditional or item.opaque:
            return None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            value = statement.value
        elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name) and isinstance(statement.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            value = ast.BinOp(left=ast.Name(id=state, ctx=ast.Load()), op=statement.op, right=statement.value)
        else:
            return None
        value = inline(value, _step_definitions(flow, statement))

        def is_state(node: ast.AST) -> bool:
            return isinstance(node, ast.Name) and node.id == state

        def is_stateful(node: ast.AST) -> bool:
            if isinstance(node, ast.Name) and node.id != state and node.id in flow.assigned:
                return state in flow.snapshots.get(id(statement), {}).get(node.id, frozenset({state}))
            found = read_footprint(node, flow.moving_arrays, var, ctx.resolve, ctx.code) if flow.moving_arrays else None
            return found is not None and found[0] in flow.recurrent

    if any(isinstance(child, ast.Name) and child.id == state and not isinstance(child.ctx, ast.Load) for child in walk(value)):
        return None
    return affine(value, is_state, is_stateful, resolve=ctx.resolve)


def _step_definitions(flow: Flow, before: ast.stmt) -> dict[str, ast.expr]:
    """Names assigned once, unconditionally, earlier in the step than ``before``: their values."""
    found: dict[str, ast.expr] = {}
    counts: dict[str, int] = {}
    for item in flow.items:
        for name in assigned_targets(item.statement):
            counts[name] = counts.get(name, 0) + 1
    for item in flow.items:
        if item.statement is before:
            break
        stmt = item.statement
        if item.conditional or item.opaque:
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and counts.get(stmt.targets[0].id) == 1:
            found[stmt.targets[0].id] = stmt.value
    return found


#: Associative updates ``s = s <op> t``: with ``t`` free of ``s``, a loop of them is a reduction.
REDUCING_OPS = (ast.Add, ast.Sub, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)
REDUCING_CALLS = frozenset({
    "jax.numpy.add", "jax.numpy.multiply", "jax.numpy.logical_and",
    "jax.numpy.logical_or", "jax.numpy.logaddexp", "jax.lax.max", "jax.lax.min", "jax.lax.add", "jax.lax.mul",
}) | frozenset(FOLD_FUNCTIONS)  # the running maxima and minima GA302 folds


def reduction(flow: Flow, state: str, resolve) -> bool:
    """``s = s + t``, ``s *= t``, ``s = s & t``, ``s = jnp.maximum(s, t)`` with ``t`` free of ``s`` and
    changing with the step: the loop reduces terms (a sum, a product, an all), it does not iterate a map."""
    if state in flow.moving_arrays:
        return False
    updates = flow.updates_of(state)
    if not updates:
        return False
    items = [next(item for item in flow.items if item.statement is stmt) for stmt in updates]
    if len(updates) > 1 and not any(item.path or item.opaque and not isinstance(item.statement, (ast.For, ast.While)) for item in items):
        # ``pen += a`` ... ``pen += b`` in one step: two terms reduced, each free of the total; a
        # nested loop that only reduces into it (``e += self_term(a)``, then ``for b ...: e -= pair(a, b)``)
        # is one more term
        plain = [stmt for stmt, item in zip(updates, items) if not item.opaque]
        nested = [stmt for stmt, item in zip(updates, items) if item.opaque]
        ops = [getattr(stmt, "op", None) or getattr(getattr(stmt, "value", None), "op", None) for stmt in plain]
        ops += [node.op for loop in nested for node in walk(loop) if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == state]
        # (``tot = tot + a * b * v[i, j]`` in the nested loop, beside ``tot = tot + a * w[i]``: one more term)
        ops += [node.value.op for loop in nested for node in walk(loop) if _plain_sum(node, state)]  # type: ignore[attr-defined]
        kinds = {"add" if isinstance(op, (ast.Add, ast.Sub)) else type(op).__name__ for op in ops}
        return len(kinds) == 1 and all(_reduces(flow, state, stmt, resolve) for stmt in plain) and all(
            _reduces_inside(loop, state, resolve, sums=True)
            and not any(isinstance(node, ast.Assign) and any(state in names_read(target) for target in node.targets) and not _plain_sum(node, state) for node in walk(loop))
            for loop in nested)
    if len(updates) > 1 or items[0].path:
        # A running total split across the branches of an ``if`` (GA302's): each branch adds a
        # term free of it, the ``if`` nothing else.
        branched = [stmt for stmt in flow.form.node.body if isinstance(stmt, ast.If) and any(inside(update, stmt) for update in updates)]
        found = [branched_accumulation(stmt, resolve) for stmt in branched]
        return (
            bool(found) and all(item is not None and item.name == state for item in found)
            and all(any(inside(update, stmt) for stmt in branched) for update in updates)
            and all(_reduces(flow, state, stmt, resolve) for stmt in updates)
        )
    stmt = updates[0]
    if items[0].opaque:
        return isinstance(stmt, (ast.For, ast.While)) and _reduces_inside(stmt, state, resolve)
    return _reduces(flow, state, stmt, resolve)


def _reduces(flow: Flow, state: str, stmt: ast.stmt, resolve) -> bool:
    """``stmt`` reduces one term into ``state`` (see ``reduction``)."""
    terms: list[ast.AST] = []
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, REDUCING_OPS):
        terms = [stmt.value]
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.BinOp) and isinstance(stmt.value.op, REDUCING_OPS):
        left, right = stmt.value.left, stmt.value.right
        if isinstance(left, ast.Name) and left.id == state:
            terms = [right]
        elif isinstance(right, ast.Name) and right.id == state and not isinstance(stmt.value.op, ast.Sub):
            terms = [left]
        elif (chained := accumulation_of(stmt, resolve)) is not None and chained.name == state:
            terms = [chained.term]  # ``s = s + a - b``: the term ``a - b``
    elif isinstance(stmt, ast.Assign) and (call := _reducing_call(stmt.value, state, resolve)) is not None:
        terms = [call[1]]
    elif isinstance(stmt, ast.Assign) and (masked := accumulation_of(stmt, resolve)) is not None and masked.name == state:
        terms = [masked.term]  # ``s = jnp.where(flag, s + t, s)``: the term ``where(flag, t, 0)``
    if not terms:
        return False
    term = terms[0]
    snapshot = flow.snapshots.get(id(stmt), {})
    reads = names_read(term)
    if state in reads or any(state in snapshot.get(name, frozenset()) for name in reads):
        return False
    moving = set(flow.form.targets) | flow.assigned | ({flow.form.index} if flow.form.index else set())
    return bool(reads & moving) or _indexes(term)


def _plain_sum(node: ast.AST, state: str) -> bool:
    """``state = state + t`` (or ``t + state``, ``state - t``) with ``t`` free of ``state``."""
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == state):
        return False
    value = node.value
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub))):
        return False
    if isinstance(value.left, ast.Name) and value.left.id == state:
        return state not in names_read(value.right)
    return isinstance(value.op, ast.Add) and isinstance(value.right, ast.Name) and value.right.id == state and state not in names_read(value.left)


def _reduces_inside(loop: ast.For | ast.While, state: str, resolve, sums: bool = False) -> bool:
    """A nested loop that only reduces terms into ``state`` (``cost += term(i, j)``, ``worst =
    jnp.maximum(worst, term(i, j))``, terms free of it): the state is read only as the reduction's
    own operand. ``sums``: ``state = state + t`` counts too (a loop that alone builds a total
    that way is left to the recurrence rule: tiles of a slice)."""
    found = False
    own: set[int] = set()  # the ``state`` operands of ``state = f(state, t)``
    for stmt in walk(loop):
        if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == state:
            if not isinstance(stmt.op, REDUCING_OPS) or state in names_read(stmt.value):
                return False
            found = True
        elif sums and _plain_sum(stmt, state):
            value = stmt.value  # type: ignore[attr-defined]
            own.add(id(value.left if isinstance(value.left, ast.Name) and value.left.id == state else value.right))
            found = True
        elif isinstance(stmt, ast.Assign) and any(state in names_read(target) for target in stmt.targets):
            # only ``state = jnp.maximum(state, t)``: ``acc = acc + img[...]`` in an inner loop stays
            # a carried state (tiles of a slice: GA103's)
            call = _reducing_call(stmt.value, state, resolve) if len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) else None
            if call is None or state in names_read(call[1]):
                return False
            own.add(id(call[0]))
            found = True
    loads = [node for node in walk(loop) if isinstance(node, ast.Name) and node.id == state and isinstance(node.ctx, ast.Load)]
    return found and all(id(node) in own for node in loads)


def _reducing_call(value: ast.expr, state: str, resolve) -> tuple[ast.Name, ast.expr] | None:
    """``(the state operand, the term)`` of ``f(state, t)`` or ``f(t, state)`` for a reducing
    call ``f`` (``REDUCING_CALLS``: ``jnp.maximum``, ``jnp.add``...); None for anything else."""
    if not (isinstance(value, ast.Call) and len(value.args) == 2 and not value.keywords and (resolve(value.func) or "") in REDUCING_CALLS):
        return None
    first, second = value.args
    if isinstance(first, ast.Name) and first.id == state:
        return first, second
    if isinstance(second, ast.Name) and second.id == state:
        return second, first
    return None


def _indexes(expr: ast.AST | None) -> bool:
    """``expr`` subscripts something (it reads a part of an array or a list)."""
    return expr is not None and any(isinstance(child, ast.Subscript) for child in walk(expr))
