"""The form of a Python loop the recurrence analysis reads: its integer index and direction, the
elements it walks, its ``range`` bounds.

``for i in range(...)``, ``reversed(range(...))``, ``enumerate``, ``zip``, ``for x in xs`` and a
``while i < n: ...; i += 1`` counter loop each become one ``LoopForm``; ``counter_step`` reads a
counter update (``n += c``, ``n = n - c``) and ``assigned_names`` the names a block binds.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from gradadvisor.analysis.syntax import int_value, names_read, target_names, unwrapped_iterable, walk_local


@dataclass
class LoopForm:
    node: ast.For | ast.While
    #: The integer index moving one position per step (None: the loop walks elements only).
    index: str | None
    #: +1 when the index grows, -1 when it shrinks.
    direction: int
    #: Element variables -> the iterable they walk (``for x in xs``, ``zip``, ``enumerate``).
    elements: dict[str, ast.expr] = field(default_factory=dict)
    #: ``range(stop)`` / ``range(start, stop)`` walked upwards by one: ``(start, stop)`` (start None = 0).
    bounds: tuple[ast.expr | None, ast.expr] | None = None
    #: ``while``: the names the test compares, the bound, and the counter statements.
    bound: ast.expr | None = None
    counter_statements: list[ast.stmt] = field(default_factory=list)
    #: The names the loop header binds.
    targets: tuple[str, ...] = ()


def read_loop(node: ast.AST, is_builtin) -> LoopForm | None:
    """The form of a ``for`` / ``while`` loop, or None when it is not a walk the rule reads."""
    if isinstance(node, ast.For):
        return _for_form(node, is_builtin)
    if isinstance(node, ast.While):
        return _while_form(node)
    return None


def _range_direction(call: ast.Call, is_builtin) -> tuple[int, tuple[ast.expr | None, ast.expr] | None] | None:
    """(+1/-1, upward bounds) of ``range(...)``; None when the step is not a literal ±1-ish int."""
    if not (isinstance(call, ast.Call) and is_builtin(call.func, "range")) or call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    args = call.args
    if len(args) == 1:
        return 1, (None, args[0])
    if len(args) == 2:
        return 1, (args[0], args[1])
    if len(args) == 3:
        step = int_value(args[2])
        if step is None or step == 0:
            return None
        return (1 if step > 0 else -1), None
    return None


def _for_form(node: ast.For, is_builtin) -> LoopForm | None:
    target = node.target
    # ``reversed(list(range(n)))`` walks ``range(n)`` backwards; ``list(...)`` copies change nothing.
    iterable, direction = unwrapped_iterable(node.iter, is_builtin)
    names = tuple(target_names(target))
    if isinstance(target, ast.Name):
        found = _range_direction(iterable, is_builtin) if isinstance(iterable, ast.Call) else None
        if found is not None:
            return LoopForm(node, target.id, direction * found[0], bounds=found[1] if direction == 1 else None, targets=names)
        return LoopForm(node, None, direction, {target.id: iterable}, targets=names)
    if not isinstance(target, ast.Tuple) or not all(isinstance(element, ast.Name) for element in target.elts):
        return LoopForm(node, None, direction, {name: iterable for name in names}, targets=names) if names else None
    variables = [element.id for element in target.elts]  # type: ignore[attr-defined]
    if isinstance(iterable, ast.Call) and is_builtin(iterable.func, "enumerate") and len(iterable.args) == 1 and len(variables) == 2:
        return LoopForm(node, variables[0], direction, {variables[1]: iterable.args[0]}, targets=names)
    if isinstance(iterable, ast.Call) and is_builtin(iterable.func, "zip") and len(iterable.args) == len(variables):
        return LoopForm(node, None, direction, dict(zip(variables, iterable.args)), targets=names)
    return LoopForm(node, None, direction, {name: iterable for name in variables}, targets=names)


def _while_form(node: ast.While) -> LoopForm | None:
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE))):
        return None
    left, right = test.left, test.comparators[0]
    upward = isinstance(test.ops[0], (ast.Lt, ast.LtE))
    body_assigned = assigned_names(node.body)
    # The side the body moves is the counter side; the other side is the bound.
    if names_read(left) & body_assigned and not names_read(right) & body_assigned:
        moving, bound = left, right
    elif names_read(right) & body_assigned and not names_read(left) & body_assigned:
        moving, bound, upward = right, left, not upward
    else:
        return None
    counters = [stmt for stmt in node.body if counter_step(stmt) is not None and counter_step(stmt)[0] in names_read(moving)]  # type: ignore[index]
    index = None
    # An index only when it moves last: reads after ``i += 1`` would be one position off.
    if isinstance(moving, ast.Name) and counters and counters[-1] is node.body[-1]:
        name, step = counter_step(counters[0])  # type: ignore[misc]
        literal = int_value(step)
        if name == moving.id and literal is not None and abs(literal) == 1:
            index = name
            upward = literal > 0
    return LoopForm(node, index, 1 if upward else -1, bound=bound, counter_statements=counters)


def counter_step(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """``n += c`` / ``n -= c`` / ``n = n + c`` / ``n = n - c``: (name, signed step expression)."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, (ast.Add, ast.Sub)):
        step = stmt.value
        name = stmt.target.id
        op = stmt.op
    elif (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.BinOp)
        and isinstance(stmt.value.op, (ast.Add, ast.Sub))
        and isinstance(stmt.value.left, ast.Name)
        and stmt.value.left.id == stmt.targets[0].id
    ):
        step = stmt.value.right
        name = stmt.targets[0].id
        op = stmt.value.op
    else:
        return None
    if isinstance(op, ast.Sub):
        literal = int_value(step)
        step = ast.Constant(-literal) if literal is not None else ast.UnaryOp(op=ast.USub(), operand=step)
    return name, step


def assigned_names(body: list[ast.stmt]) -> set[str]:
    """Every name a block of statements binds (nested blocks included, nested definitions' insides not)."""
    found: set[str] = set()
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(stmt.name)
            continue
        for node in walk_local(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return found


@dataclass
class ReducedSteps:
    """``functools.reduce(step, range(n), s0)``: ``step`` applied once per value of the range,
    each time to what the step before returned; a loop ``s = step(s, t)`` written as a call."""

    call: ast.Call
    step: ast.expr
    iterable: ast.Call
    initial: ast.expr
    #: The carry's name inside a lambda step (None for a named function).
    carry: str | None


def reduced_steps(call: ast.Call, resolve, is_builtin) -> ReducedSteps | None:
    """``functools.reduce(step, range(...), initial)`` (or ``reversed(range(...))``) whose step
    takes the carry and the index: a lambda that reads its carry, or a named function. A reduce
    without an initial value, or over a list, is a fold of terms (GA301's sums), not this."""
    if len(call.args) != 3 or call.keywords or resolve(call.func) != "functools.reduce":
        return None
    step, iterable, initial = call.args
    if any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    walked, _ = unwrapped_iterable(iterable, is_builtin)
    if not (isinstance(walked, ast.Call) and is_builtin(walked.func, "range") and 1 <= len(walked.args) <= 3 and not walked.keywords):
        return None
    if isinstance(step, ast.Lambda):
        params = step.args.args
        if len(params) != 2 or step.args.vararg or step.args.kwonlyargs or params[0].arg not in names_read(step.body):
            return None
        return ReducedSteps(call, step, iterable, initial, params[0].arg)  # type: ignore[arg-type]
    if isinstance(step, (ast.Name, ast.Attribute)):
        return ReducedSteps(call, step, iterable, initial, None)  # type: ignore[arg-type]
    return None
