"""The ``jax.lax.fori_loop`` fix for a one-statement recurrence loop.

``for i in range(start, stop): x = <update of x>`` becomes
``x = jax.lax.fori_loop(start, stop, lambda i, x: <update>, x)``. What the rewrite needs proven
(the index used only as a position, not read outside the loop, Python-int bounds, a pure body,
jax arrays indexed, the carry's dtype and shape kept) is asked of
``analysis.fori_preconditions``; what it cannot prove makes the fix unsafe.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.carried_values import initial_value
from gradadvisor.analysis.fori_preconditions import index_only_as_position, indexed_bases, pure_body, python_int, reads_outside, runs_once
from gradadvisor.analysis.recurrence import Flow
from gradadvisor.analysis.recurrence_form import LoopForm
from gradadvisor.analysis.syntax import one_line
from gradadvisor.analysis.vectorize import has_walrus
from gradadvisor.fixes.edits import Preconditions


def fori_fix(form: LoopForm, flow: Flow, ctx):
    """``x = jax.lax.fori_loop(start, stop, lambda i, x: <value>, x)`` for a one-statement body."""
    node = form.node
    if not isinstance(node, ast.For) or node.orelse or form.bounds is None or form.index is None or form.direction != 1:
        return None
    if len(node.body) != 1 or len(flow.items) != 1:
        return None
    statement = node.body[0]
    var = form.index
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        carry = statement.targets[0].id
        value: ast.expr = statement.value
    elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
        carry = statement.target.id
        value = ast.BinOp(left=ast.Name(id=carry, ctx=ast.Load()), op=statement.op, right=statement.value)
    else:
        return None
    if carry == var or flow.carried != {carry} or has_walrus(statement):
        return None
    if not index_only_as_position(value, var, ctx.code):
        return None
    fori_loop, imports = ctx.spell("jax.lax.fori_loop")
    if not fori_loop:
        return None
    write = next((write for write in flow.writes if write.statement is statement), None)
    conditions = Preconditions()
    function = ctx.function
    conditions.require(not reads_outside(function, node, var), f"`{var}` is not read after the loop (`fori_loop` does not bind it)")
    start, stop = form.bounds
    for bound in (start, stop):
        if bound is not None:
            conditions.require(python_int(bound, ctx), f"`{one_line(ctx.code(bound), 30)}` is a Python int (a JAX integer bound makes `fori_loop` a `while_loop`, which has no reverse-mode gradient)")
    conditions.require(runs_once(start, stop, ctx), "the loop runs at least once (`fori_loop` traces its body even for zero steps)")
    conditions.require(pure_body(value, statement, ctx), "the body has no side effects (`fori_loop` runs it once, when tracing)")
    for base in indexed_bases(value, var):
        # The carry's value where the loop starts: the join with the body's `.at` result would hide a NumPy start.
        array = initial_value(carry, node, ctx) if isinstance(base, ast.Name) and base.id == carry else ctx.facts.value(base, ctx.scope, statement)
        conditions.require(array.is_array and not array.host, f"`{one_line(ctx.code(base), 30)}` is a jax array (a list or NumPy array cannot take a traced index)")
    if write is None:
        carried = initial_value(carry, node, ctx)
        new = ctx.facts.value(value, ctx.scope, statement)
        same = (
            carried.is_array and not carried.host and new.is_array
            and carried.shape is not None and None not in carried.shape and carried.shape == new.shape
            and carried.dtype == "float32" and carried.dtype == new.dtype
        )
        conditions.require(same, f"`{carry}` keeps its dtype and shape through the body (a Python number, a complex value or a changed dtype breaks `fori_loop`)")
        # The facts give arrays without a stated dtype float32; with x64 they are float64, and
        # a float32 carry that meets one becomes float64 in the loop (`fori_loop` raises).
        conditions.require(not ctx.facts.enables_x64, "64-bit mode is off (the module turns `jax_enable_x64` on: arrays without a stated dtype are float64 and can change the carry's dtype)")
    lambda_node = ast.Lambda(
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=var), ast.arg(arg=carry)], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=value,
    )
    start_node = start if start is not None else ast.Constant(0)
    parts = [ctx.renderer.code(start_node), ctx.renderer.code(stop), ctx.renderer.code(lambda_node), carry]
    line = f"{carry} = {fori_loop}({', '.join(parts)})"
    edit = ctx.renderer.replace_statements(node, node, [line])
    return conditions.fix([edit], line, imports)
