"""Values that reach the rest of a function only through ``jax.lax.stop_gradient``.

A per-sample map or a sum whose result is a target (``value_target =
jax.lax.stop_gradient(two_hot(returns))``), or a heuristic the function returns under
``stop_gradient``, is never differentiated: whatever the loop unrolls, the backward pass holds
nothing of it. ``stopped_result(statement, function, resolve)`` follows the names a statement of
the function's body binds through the statements after it, in order:

- an assignment that reads one of them binds its targets to a value that carries it (a name
  bound again from values that do not, or from a ``stop_gradient`` call, no longer does);
- a read inside a ``stop_gradient(...)`` call is stopped there, and a read of its shape, rank or
  dtype carries none of its values;
- any other read (a ``return``, a call statement, a loop header, a store into an attribute or an
  item, a closure) lets the value escape.

It answers the reason (for the finding's evidence) when every read of the value is stopped and
at least one is; None when the value escapes, or when the value is bound by a statement nested
in a loop or a branch of the function's body (what runs after it is not a straight line).
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.syntax import FUNCTION_NODES, walk

STOP_GRADIENT = frozenset({"jax.lax.stop_gradient"})
METADATA = frozenset({"shape", "ndim", "dtype", "size"})
STOPPED = "its result goes on only through `jax.lax.stop_gradient`: the backward pass holds none of it"


def stopped_result(node: ast.AST, function: ast.AST | None, resolve) -> str | None:
    """Why the value of ``node`` (an expression in ``function``) never reaches a gradient: it is
    an argument of a ``stop_gradient`` call, or the statement of the function's body holding it
    binds it to names read only under ``stop_gradient`` in the statements after it; None
    otherwise."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    statement = next((stmt for stmt in function.body if any(child is node for child in walk(stmt))), None)
    if statement is None:
        return None
    if any(isinstance(call, ast.Call) and resolve(call.func) in STOP_GRADIENT and any(child is node for child in walk(call)) for call in walk(statement)):
        return STOPPED
    if not isinstance(statement, ast.Assign) or not any(child is node for child in walk(statement.value)):
        return None
    body = function.body
    carried = _bound(statement)
    if not carried:
        return None
    stopped = False
    for stmt in body[body.index(statement) + 1:]:
        reads, under_stop = _reads(stmt, resolve)
        stopped = stopped or bool(under_stop & carried)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and all(isinstance(target, (ast.Name, ast.Tuple, ast.List)) for target in _targets(stmt)):
            targets = _bound(stmt)
            if reads & carried:
                carried |= targets
            else:
                carried -= targets  # bound again from values that carry none of it
            continue
        if isinstance(stmt, FUNCTION_NODES) and not (reads & carried):
            continue
        if reads & carried:
            return None
    return STOPPED if stopped else None


def _targets(stmt: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return list(stmt.targets) if isinstance(stmt, ast.Assign) else [stmt.target]


def _bound(stmt: ast.Assign | ast.AnnAssign) -> set[str]:
    """The plain names an assignment binds (tuple targets unpacked); empty when a target is an
    attribute or an item (a store the value escapes through)."""
    names: set[str] = set()
    for target in _targets(stmt):
        for node in walk(target):
            if isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred)):
                return set()
            if isinstance(node, ast.Name):
                names.add(node.id)
    return names


def _reads(stmt: ast.stmt, resolve) -> tuple[set[str], set[str]]:
    """The names ``stmt`` reads outside ``stop_gradient`` calls, and those read inside one."""
    inside: set[int] = set()
    under_stop: set[str] = set()
    for node in walk(stmt):
        if isinstance(node, ast.Call) and resolve(node.func) in STOP_GRADIENT:
            for child in walk(node):
                if isinstance(child, ast.Name):
                    inside.add(id(child))
                    under_stop.add(child.id)
    for node in walk(stmt):
        if isinstance(node, ast.Attribute) and node.attr in METADATA and isinstance(node.value, ast.Name):
            inside.add(id(node.value))  # ``returns.shape[0]``: its shape, not its values
    reads = {node.id for node in walk(stmt) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and id(node) not in inside}
    return reads, under_stop
