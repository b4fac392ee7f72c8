"""Loops of independent ``.at`` writes: whether no step reads what another wrote, and what one
vectorized write needs.

``plain_scatter`` holds of a loop whose body is plain assignments ending in writes at the index,
with nothing else carried but whole-step counters and PRNG keys split per step (no clock), no side effects, no derivative
computed per step (per-example gradients) and no write that reads its own array (an elementwise
map in place); ``unique_positions`` of a write whose position moves with the index itself;
``elementwise_expression`` of a value made of names, numbers and elementwise functions.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.recurrence import Flow
from gradadvisor.analysis.recurrence_footprints import Write
from gradadvisor.analysis.recurrence_form import LoopForm, assigned_names, counter_step
from gradadvisor.analysis.recurrence_work import derivative_call
from gradadvisor.analysis.syntax import dotted, names_read, walk
from gradadvisor.analysis.vectorize import is_elementwise_function


def plain_scatter(form: LoopForm, flow: Flow, ctx) -> bool:
    """No step reads what another wrote and nothing else moves with the steps: the writes can be
    one vectorized write (the loop's work, host or traced, is the caller's question)."""
    if flow.side_effects or flow.appends or flow.has_walrus:
        return False
    # ``rng, sub = jax.random.split(rng)`` per step: a key chain, split for every step at once
    # by ``jax.random.split(rng, n)`` (the message says so); it carries no value of the writes
    carried_other = flow.carried - flow.moving_arrays - ({form.index} if form.index else set()) - _step_counters(flow) - flow.keys
    if carried_other:
        return False  # a clock, a float counter or a key moves with the steps: not a plain scatter
    plain = (ast.Assign, ast.AnnAssign, ast.Pass)
    if not all(_local_inner_loop(item, flow) or isinstance(item.statement, plain) and not item.opaque for item in flow.items):
        return False
    for write in flow.writes:
        if any(isinstance(child, ast.Call) and derivative_call(child, ctx) for child in walk(write.call)):
            return False  # per-example gradients written with .at: GA102
        if write.value is not None and names_read(write.value) & flow.moving_arrays and not _own_slot_only(write, flow):
            return False  # x = x.at[i].set(g(x[i - 1])): a step reads what another wrote
    return True


def _own_slot_only(write: Write, flow: Flow) -> bool:
    """The write's value reads the arrays the loop writes only at the slot it writes
    (``acc = acc.at[k].set(acc[k] + f(w))``), and each of them is written at that same slot
    only (``lo = lo.at[i].set(...)``, then ``hi = hi.at[i].set(u[i] + lo[i])``): each step
    reads its own entries, which no other step writes, so the steps are independent writes still."""
    arrays = flow.moving_arrays
    if write.form != "at" or write.value is None:
        return False
    where = ast.dump(write.call.func.value.slice)  # type: ignore[attr-defined]  # ``x.at[idx]``
    reads = [node for node in walk(write.value) if isinstance(node, ast.Name) and node.id in arrays]
    slots = [node for node in walk(write.value) if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in arrays]
    if len(reads) != len(slots) or any(ast.dump(node.slice) != where for node in slots):
        return False
    others = {node.value.id for node in slots} - {write.array}  # type: ignore[attr-defined]
    return all(item.form == "at" and ast.dump(item.call.func.value.slice) == where for item in flow.writes if item.array in others)  # type: ignore[attr-defined]


def _step_counters(flow: Flow) -> set[str]:
    """Counters that move once per step by a whole number (``k += 1`` at the top level of the
    body, ``out = out.at[k].set(...)``): another name for the index, so a write at ``k`` is at a
    new position every step. A counter moved under an ``if`` or by a fraction is not one."""
    found: set[str] = set()
    for name in flow.clocks:
        updates = [item for item in flow.items if item.merge is None and name in assigned_names([item.statement])]
        if len(updates) != 1 or updates[0].conditional or updates[0].opaque:
            continue
        step = counter_step(updates[0].statement)
        if step is not None and isinstance(step[1], ast.Constant) and type(step[1].value) is int and step[1].value:
            found.add(name)
    return found


def _local_inner_loop(item, flow: Flow) -> bool:
    """An inner ``for`` that only computes this step's locals (``s += w[i, j] * ...``): it assigns
    no array the outer loop writes and calls nothing for its effects (GA302 reports its sum)."""
    stmt = item.statement
    if not (item.opaque and isinstance(stmt, ast.For)):
        return False
    for node in walk(stmt):
        if isinstance(node, ast.stmt) and not isinstance(node, (ast.For, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.If, ast.Pass)):
            return False
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(not isinstance(target, ast.Name) or target.id in flow.moving_arrays for target in targets):
                return False
    return True


def unique_positions(write: Write, var: str | None) -> bool:
    """The write's position moves with the index itself (``i``, ``i + 1``): no two steps share one."""
    return any(span.relative and span.lo is not None and span.hi == span.lo + 1 for _, span in write.footprint.axes)


def elementwise_expression(expr: ast.AST, resolve) -> bool:
    """``expr`` is names, numbers, dotted constants, arithmetic other than ``@`` and elementwise calls."""
    for node in walk(expr):
        if isinstance(node, (ast.Name, ast.Load, ast.expr_context, ast.operator, ast.unaryop)):
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            continue
        if isinstance(node, ast.Attribute) and dotted(node) is not None:
            continue
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
            continue
        if isinstance(node, ast.UnaryOp):
            continue
        if isinstance(node, ast.Call) and is_elementwise_function(resolve(node.func)) and not node.keywords:
            continue
        return False
    return True



def filled_by_inner_loop(node: ast.For | ast.While, states: list[str], ctx) -> bool:
    """Every state the loop carries is an array only an inner loop over data writes, each write
    independent of the array (``for i ...: for j ...: K = K.at[i, j].set(k(x[i], y[j]))``): the
    nest is one fill, reported once where its independent writes are (the inner loop), not as a
    state the outer loop carries."""
    inner_loops = [child for child in walk(node) if child is not node and isinstance(child, (ast.For, ast.While))]
    if not inner_loops or not states:
        return False
    for state in states:
        writers = [loop for loop in inner_loops for statement in loop.body if _independent_write(statement, state)]
        reads = sum(1 for child in walk(node) if isinstance(child, ast.Name) and child.id == state and isinstance(child.ctx, ast.Load))
        if not writers or reads != len(writers):
            return False  # read elsewhere in the step, or written otherwise
        if not all(isinstance(loop, ast.For) and (extent := ctx.extent(loop.iter)).is_data and extent.proof == "proven" for loop in writers):
            return False  # the inner loop must be reported itself (a proven size: independent writes need one)
    return True


def _independent_write(statement: ast.stmt, state: str) -> bool:
    """``state = state.at[...].set(v)`` (or ``.add``...) with neither ``v`` nor the index reading ``state``."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == state):
        return False
    call = statement.value
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in ("set", "add", "mul", "min", "max")):
        return False
    at = call.func.value
    if not (isinstance(at, ast.Subscript) and isinstance(at.value, ast.Attribute) and at.value.attr == "at" and isinstance(at.value.value, ast.Name) and at.value.value.id == state):
        return False
    return state not in names_read(at.slice) and not any(state in names_read(arg) for arg in [*call.args, *(item.value for item in call.keywords)])
