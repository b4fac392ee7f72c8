"""What rewriting a loop as ``jax.lax.fori_loop`` needs proven about it.

Inside ``fori_loop`` the index is a traced integer and the body is traced once: the index may be
used only as a position, must not be read outside the loop, and so on.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis import values as v
from gradadvisor.analysis.recurrence_footprints import offset
from gradadvisor.analysis.syntax import int_value, names_read, walk
from gradadvisor.analysis.vectorize import ARRAY_METHODS


def index_only_as_position(body: ast.AST, var: str, code) -> bool:
    """``var`` appears only as a whole position ``a[var + c]`` / ``a[..., var - c]`` (a traced
    index works there); never as a number, a slice bound or a shape."""
    allowed: set[int] = set()
    for node in walk(body):
        if isinstance(node, ast.Subscript):
            elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            for element in elements:
                if offset(element, var) is not None:
                    allowed.update(id(child) for child in walk(element))
    for node in walk(body):
        if isinstance(node, ast.Name) and node.id == var and id(node) not in allowed:
            return False
    return True


def reads_outside(function: ast.AST, loop: ast.AST, name: str) -> bool:
    """Whether ``name`` is read anywhere in ``function`` outside the body of ``loop`` (after it, in
    a closure, in the loop header, or before it on a later pass of an enclosing loop), or may be
    read after ``function`` returns (declared ``global`` or ``nonlocal``; a module's name)."""
    if isinstance(function, ast.Module):
        return True  # a module's name: any importer may read it
    for node in walk(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True  # bound outside the function too: read after it returns
    inside = {id(node) for stmt in [*loop.body, *getattr(loop, "orelse", [])] for node in walk(stmt)}  # type: ignore[attr-defined]
    if isinstance(loop, ast.While):
        inside |= {id(node) for node in walk(loop.test)}
    for node in walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) and id(node) not in inside:
            return True
    return False


#: Builtins that compute on their arguments without side effects (and without leaving the trace).
PURE_BUILTINS = frozenset({"abs", "min", "max", "len", "range", "tuple", "isinstance"})


def python_int(bound: ast.AST, ctx, depth: int = 0) -> bool:
    """Proven a Python int: literals, ``len(...)``, ``.shape[k]``, ``.ndim``, arithmetic of
    those, ``int(...)``, names bound to one, parameters annotated ``int``."""
    if depth > 6:
        return False
    if int_value(bound) is not None:
        return True
    if isinstance(bound, ast.Call) and isinstance(bound.func, ast.Name) and bound.func.id in ("len", "int") and ctx.is_builtin(bound.func, bound.func.id):
        return True
    if isinstance(bound, ast.Subscript) and isinstance(bound.value, ast.Attribute) and bound.value.attr == "shape" and int_value(bound.slice) is not None:
        return True
    if isinstance(bound, ast.Attribute) and bound.attr == "ndim":
        return True
    if isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)):
        return python_int(bound.left, ctx, depth + 1) and python_int(bound.right, ctx, depth + 1)
    if isinstance(bound, ast.UnaryOp) and isinstance(bound.op, ast.USub):
        return python_int(bound.operand, ctx, depth + 1)
    if isinstance(bound, ast.Name):
        value = ctx.value(bound)
        if value.kind == v.SCALAR and type(value.literal) is int:
            return True
        if value.kind == v.PARAM:
            return (value.annotation or "").strip() == "int"
        bindings = ctx.facts.bindings_at(bound.id, ctx.scope, ctx.statement)
        if bindings and all(binding.kind == "assign" and not binding.path and isinstance(binding.value, ast.expr) for binding in bindings):
            return all(python_int(binding.value, ctx, depth + 1) for binding in bindings)  # type: ignore[arg-type]
    return False


def runs_once(start: ast.AST | None, stop: ast.AST, ctx) -> bool:
    """``range(start, stop)`` has literal bounds and at least one step."""
    low = 0 if start is None else _literal_int(ctx.value(start))
    high = _literal_int(ctx.value(stop))
    return low is not None and high is not None and high > low


def pure_body(value: ast.AST, statement: ast.stmt, ctx) -> bool:
    """``value`` calls only jax functions (not callbacks or ``jax.debug``), pure builtins and methods
    of jax arrays, and holds no lambda, ``:=``, ``yield`` or ``await``: tracing it once is running it."""
    for child in walk(value):
        if isinstance(child, (ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)):
            return False
        if not isinstance(child, ast.Call):
            continue
        qualified = ctx.resolve(child.func) or ""
        if qualified.startswith("jax.") and not qualified.startswith(("jax.debug", "jax.experimental.io_callback", "jax.pure_callback")):
            continue
        if isinstance(child.func, ast.Name) and child.func.id in PURE_BUILTINS and ctx.is_builtin(child.func, child.func.id):
            continue
        if isinstance(child.func, ast.Attribute) and child.func.attr in ARRAY_METHODS:
            receiver = child.func.value
            if isinstance(receiver, ast.Subscript) and isinstance(receiver.value, ast.Attribute) and receiver.value.attr == "at":
                continue
            received = ctx.facts.value(receiver, ctx.scope, statement)
            if received.is_array and not received.host:
                continue
        return False
    return True


def indexed_bases(value: ast.AST, var: str) -> list[ast.expr]:
    """The values subscripted with the loop variable (``u`` in ``u[i]``; ``x`` in ``x.at[i]``)."""
    found: list[ast.expr] = []
    seen: set[str] = set()
    for node in walk(value):
        if isinstance(node, ast.Subscript) and var in names_read(node.slice):
            base = node.value
            if isinstance(base, ast.Attribute) and base.attr == "at":
                base = base.value
            text = ast.dump(base)
            if text not in seen:
                seen.add(text)
                found.append(base)
    return found


def _literal_int(value: v.Value) -> int | None:
    """The Python int a value is known to be."""
    if value.kind == v.SCALAR and type(value.literal) is int:
        return value.literal
    return None
